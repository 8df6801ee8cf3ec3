import { describe, expect, it } from "vitest";
import { createTtlCache } from "./ttl-cache";

describe("createTtlCache", () => {
  it("loads once for concurrent readers and reuses the answer until it expires", async () => {
    let clock = 0;
    let loads = 0;
    const cache = createTtlCache<number>({ ttlMs: 1000, now: () => clock });
    const load = async () => ++loads;
    expect(await Promise.all([cache.get("k", load), cache.get("k", load)])).toEqual([1, 1]);
    clock = 999;
    expect(await cache.get("k", load)).toBe(1);
    clock = 1000;
    expect(await cache.get("k", load)).toBe(2);
  });

  it("does not keep a failure: the next reader loads again", async () => {
    const cache = createTtlCache<string>({ ttlMs: 1000, now: () => 0 });
    await expect(cache.get("k", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    await Promise.resolve();
    expect(await cache.get("k", async () => "up")).toBe("up");
  });

  it("drops the oldest entry past its size", async () => {
    let loads = 0;
    const cache = createTtlCache<number>({ ttlMs: 1000, maxEntries: 2, now: () => 0 });
    const load = async () => ++loads;
    await cache.get("a", load);
    await cache.get("b", load);
    await cache.get("c", load);
    expect(await cache.get("b", load)).toBe(2);
    expect(await cache.get("a", load)).toBe(4);
  });
});
