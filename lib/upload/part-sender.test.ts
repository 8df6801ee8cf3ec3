import { describe, expect, it } from "vitest";
import { createPartSender, PartFailure, type PartSenderOptions } from "./part-sender";
import type { PutRequest, PutResult } from "./xhr-put";

const ok: PutResult = { status: 200, body: "", retryAfter: null };
const cut: PutResult = { status: null, body: "", retryAfter: null };

// A transport that answers each PUT as `answer` says, and records what was sent and how many at once.
function recorder(answer: (url: string, attempt: number) => PutResult) {
  const sent: string[] = [];
  let running = 0;
  let most = 0;
  const attempts = new Map<string, number>();
  const transport = async (request: PutRequest) => {
    running++;
    most = Math.max(most, running);
    await new Promise((resolve) => setTimeout(resolve, 1));
    request.onProgress(request.body.size);
    running--;
    const attempt = (attempts.get(request.url) ?? 0) + 1;
    attempts.set(request.url, attempt);
    const result = answer(request.url, attempt);
    if (result.status === 200) sent.push(request.url);
    return result;
  };
  return { transport, sent, most: () => most, attempts };
}

function sender(transport: PartSenderOptions["transport"], extra: Partial<PartSenderOptions> = {}) {
  return createPartSender({
    file: new Blob([new Uint8Array(100)]),
    concurrency: 3,
    retries: 2,
    transport,
    urls: { get: async (n) => `part-${n}`, forget: () => {} },
    signal: new AbortController().signal,
    storedBytes: 0,
    onLoaded: () => {},
    onWaiting: () => {},
    sleep: async () => {},
    now: () => 0,
    ...extra,
  });
}

const part = (n: number) => ({ partNumber: n, start: (n - 1) * 10, end: n * 10, sha256: "x" });

describe("createPartSender", () => {
  it("sends every part once, never more at a time than asked", async () => {
    const r = recorder(() => ok);
    const s = sender(r.transport);
    const done = s.run();
    for (let n = 1; n <= 10; n++) s.push(part(n));
    s.close();
    await done;
    expect([...r.sent].sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `part-${i + 1}`).sort(),
    );
    expect(r.most()).toBe(3);
  });

  it("wakes every waiting worker as parts arrive after they started", async () => {
    const r = recorder(() => ok);
    const s = sender(r.transport);
    const done = s.run();
    await new Promise((resolve) => setTimeout(resolve, 5));
    for (let n = 1; n <= 6; n++) s.push(part(n));
    await new Promise((resolve) => setTimeout(resolve, 5));
    s.close();
    await done;
    expect(r.sent).toHaveLength(6);
  });

  it("retries a failed part alone: the stored ones are not sent again", async () => {
    const r = recorder((url, attempt) => (url === "part-2" && attempt < 3 ? cut : ok));
    const stored: number[] = [];
    const s = sender(r.transport, { onStored: (p) => stored.push(p.partNumber) });
    const done = s.run();
    for (let n = 1; n <= 4; n++) s.push(part(n));
    s.close();
    await done;
    expect(r.attempts.get("part-2")).toBe(3);
    for (const n of [1, 3, 4]) expect(r.attempts.get(`part-${n}`)).toBe(1);
    expect(stored.sort()).toEqual([1, 2, 3, 4]);
  });

  it("gives up on a part after its retries, naming it", async () => {
    const r = recorder((url) => (url === "part-2" ? cut : ok));
    const s = sender(r.transport);
    const done = s.run();
    s.push(part(1));
    s.push(part(2));
    s.close();
    const error = await done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PartFailure);
    expect((error as PartFailure).partNumber).toBe(2);
    expect(r.attempts.get("part-2")).toBe(3);
  });

  it("reports the bytes stored before it started as loaded", async () => {
    const loaded: number[] = [];
    const s = sender(recorder(() => ok).transport, {
      storedBytes: 50,
      onLoaded: (n) => loaded.push(n),
    });
    const done = s.run();
    s.push(part(6));
    s.close();
    await done;
    expect(loaded.at(-1)).toBe(60);
    expect(Math.min(...loaded)).toBeGreaterThanOrEqual(50);
  });
});
