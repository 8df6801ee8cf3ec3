import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { IncrementalSha256 } from "./hash-blob";
import { digestBlobParts, hashBlobParts } from "./hash-parts";

const hex = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");
const PART = 1024 * 1024;

describe("hashBlobParts", () => {
  const data = randomBytes(3 * PART + 12_345);
  const parts = [0, 1, 2, 3].map((i) => hex(data.subarray(i * PART, (i + 1) * PART)));

  it("gives each part's digest and the whole file's, natively or in JavaScript", async () => {
    for (const subtle of [undefined, null]) {
      const seen: [number, string][] = [];
      const whole = await hashBlobParts(new Blob([data]), PART, {
        subtle,
        onPart: (n, sha256) => seen.push([n, sha256]),
      });
      expect(whole).toBe(hex(data));
      expect(seen).toEqual(parts.map((p, i) => [i + 1, p]));
    }
  });

  it("gives only the parts' digests when asked, never feeding a whole-file hash", async () => {
    for (const subtle of [undefined, null]) {
      const seen: [number, string][] = [];
      const fed: number[] = [];
      await digestBlobParts(new Blob([data]), PART, {
        subtle,
        // Without WebCrypto each part is hashed by a hasher of its own, which this one is.
        createHasher: async () => {
          const hash = createHash("sha256");
          return {
            update: (b) => void (fed.push(b.length), hash.update(b)),
            hex: () => hash.digest("hex"),
          };
        },
        onPart: (n, sha256) => seen.push([n, sha256]),
      });
      expect(seen).toEqual(parts.map((p, i) => [i + 1, p]));
      // Each byte went through one hash at most: none with WebCrypto, its part's without.
      expect(fed.reduce((a, b) => a + b, 0)).toBe(subtle === null ? data.length : 0);
    }
  });

  it("reports a part before the whole-file hash takes its bytes, so its PUT need not wait", async () => {
    const events: string[] = [];
    const reference = createHash("sha256");
    const slow = async (): Promise<IncrementalSha256> => ({
      update(bytes) {
        events.push(`whole ${bytes.length}`);
        reference.update(bytes);
      },
      hex: () => reference.copy().digest("hex"),
    });
    await hashBlobParts(new Blob([data]), PART, {
      createHasher: slow,
      onPart: (n) => events.push(`part ${n}`),
    });
    expect(events.slice(0, 2)).toEqual(["part 1", `whole ${PART}`]);
    expect(events.filter((e) => e.startsWith("part"))).toEqual([
      "part 1",
      "part 2",
      "part 3",
      "part 4",
    ]);
  });
});
