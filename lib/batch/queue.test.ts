import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createBatchQueue,
  restoredItems,
  type Failure,
  type GroupResult,
  type QueueItem,
} from "./queue";
import { QUEUED, stateLabel } from "./queue-state";

const items = (n: number): QueueItem[] =>
  Array.from({ length: n }, (_, i) => ({
    key: `f${i}.pdf`,
    title: `T${i}`,
    files: [`f${i}.pdf`],
    state: QUEUED,
  }));

class Refusal extends Error {
  constructor(
    message: string,
    readonly failure: Omit<Failure, "message">,
  ) {
    super(message);
  }
}

const classify = (error: unknown): Failure =>
  error instanceof Refusal
    ? { message: error.message, ...error.failure }
    : { message: String(error), retry: false };

// A send whose calls the test answers one by one.
function manualSend() {
  const calls: { key: string; resolve: () => void; reject: (e: unknown) => void }[] = [];
  let active = 0;
  let peak = 0;
  const send = (item: QueueItem, signal: AbortSignal) =>
    new Promise<{ packageId: string; submissionName: string; status: string }>(
      (resolve, reject) => {
        active++;
        peak = Math.max(peak, active);
        const done = () => void active--;
        signal.addEventListener("abort", () => (done(), reject(new Error("aborted"))));
        calls.push({
          key: item.key,
          resolve: () => (
            done(),
            resolve({ packageId: `p-${item.key}`, submissionName: "s1", status: "PENDING" })
          ),
          reject: (e) => (done(), reject(e)),
        });
      },
    );
  return { send, calls, peak: () => peak };
}

// A group send whose requests the test answers one by one, with the outcome chosen per package.
function manualGroups() {
  const requests: {
    keys: string[];
    answer: (outcome?: (key: string) => GroupResult | undefined) => void;
    fail: (error: unknown) => void;
  }[] = [];
  const sendGroup = (group: readonly QueueItem[], signal: AbortSignal) =>
    new Promise<ReadonlyMap<string, GroupResult>>((resolve, reject) => {
      signal.addEventListener("abort", () => reject(new Error("aborted")));
      const keys = group.map((item) => item.key);
      requests.push({
        keys,
        answer: (outcome) => {
          const results = new Map<string, GroupResult>();
          for (const key of keys) {
            const result = outcome
              ? outcome(key)
              : {
                  ok: true as const,
                  answer: { packageId: `p-${key}`, submissionName: "s1", status: "PENDING" },
                };
            if (result) results.set(key, result);
          }
          resolve(results);
        },
        fail: reject,
      });
    });
  return { sendGroup, requests };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const settle = () => vi.advanceTimersByTimeAsync(1_000);

describe("createBatchQueue", () => {
  it("sends at most three packages at a time and each package once", async () => {
    const fake = manualSend();
    const queue = createBatchQueue(
      { mode: { kind: "running" }, items: items(10) },
      { send: fake.send, classify },
    );
    await settle();
    expect(fake.calls.length).toBe(3);
    while (fake.calls.some((c) => c)) {
      const call = fake.calls.find((c) => c);
      if (!call) break;
      fake.calls[fake.calls.indexOf(call)] = undefined as never;
      call.resolve();
      await settle();
    }
    expect(fake.peak()).toBe(3);
    const states = queue.get().items.map((i) => stateLabel(i.state));
    expect(states).toEqual(Array(10).fill("PENDING"));
  });

  it("retries a failure worth retrying with back-off, and fails a refusal at once", async () => {
    const fake = manualSend();
    const queue = createBatchQueue(
      { mode: { kind: "running" }, items: items(2) },
      { send: fake.send, classify, concurrency: 1, random: () => 1 },
    );
    await settle();
    fake.calls[0]!.reject(new Refusal("The archive is unavailable.", { retry: true }));
    await settle();
    expect(stateLabel(queue.get().items[0]!.state)).toMatch(/^queued \(attempt 2\)|^uploading/);
    fake.calls[1]!.reject(new Refusal("date is wrong", { retry: false }));
    await vi.advanceTimersByTimeAsync(60_000);
    const [first, second] = queue.get().items;
    expect(first?.state).toMatchObject({ kind: "uploading", attempt: 2 });
    expect(second?.state).toEqual({ kind: "failed", message: "date is wrong" });
  });

  it("pauses on a sign-out keeping every package, and resumes where it stopped", async () => {
    const fake = manualSend();
    const queue = createBatchQueue(
      { mode: { kind: "running" }, items: items(5) },
      { send: fake.send, classify },
    );
    await settle();
    fake.calls[0]!.resolve();
    await settle();
    const before = fake.calls.length;
    fake.calls[1]!.reject(new Refusal("Sign in again.", { retry: false, signedOut: true }));
    await settle();
    expect(queue.get().mode).toEqual({ kind: "paused", reason: "signed-out" });
    expect(queue.get().items.filter((i) => i.state.kind === "failed")).toEqual([]);
    expect(fake.calls.length).toBe(before);
    queue.resume();
    await settle();
    expect(fake.calls.length).toBe(before + 3);
    expect(
      queue
        .get()
        .items.filter((i) => i.state.kind === "sent")
        .map((i) => i.key),
    ).toEqual(["f0.pdf"]);
  });

  it("cancelled, starts nothing more and marks what was waiting", async () => {
    const fake = manualSend();
    const queue = createBatchQueue(
      { mode: { kind: "running" }, items: items(5) },
      { send: fake.send, classify },
    );
    await settle();
    queue.cancel();
    await settle();
    expect(fake.calls.length).toBe(3);
    expect(queue.get().items.every((i) => i.state.kind === "cancelled")).toBe(true);
  });

  it("after a reload puts the packages under way back in line, never the sent ones", () => {
    const [a, b, c] = items(3);
    const restored = restoredItems([
      { ...a!, state: { kind: "sending", attempt: 2 } },
      { ...b!, state: { kind: "sent", packageId: "p", submissionName: "s", status: "PENDING" } },
      { ...c!, state: { kind: "uploading", attempt: 1, loaded: 5, total: 10 } },
    ]);
    expect(restored.map((i) => i.state.kind)).toEqual(["queued", "sent", "queued"]);
  });

  it("tells listeners at most every 250 ms and saves what it did", async () => {
    const fake = manualSend();
    const saved: unknown[] = [];
    const queue = createBatchQueue(
      { mode: { kind: "running" }, items: items(3) },
      { send: fake.send, classify, save: (s) => saved.push(s) },
    );
    let heard = 0;
    queue.subscribe(() => heard++);
    await settle();
    const progress = fake.calls.length;
    expect(progress).toBe(3);
    expect(heard).toBeLessThanOrEqual(4);
    expect(saved.length).toBeGreaterThan(0);
    queue.dispose();
  });

  it("tells of many packages ending together once, and of a pause at once", async () => {
    const queue = createBatchQueue(
      { mode: { kind: "running" }, items: items(60) },
      {
        send: async (item) => ({
          packageId: `p-${item.key}`,
          submissionName: "s1",
          status: "PENDING",
        }),
        classify,
      },
    );
    let heard = 0;
    queue.subscribe(() => heard++);
    await vi.advanceTimersByTimeAsync(250);
    expect(queue.get().items.every((i) => i.state.kind === "sent")).toBe(true);
    expect(heard).toBe(1);
    queue.pause();
    expect(heard).toBe(2);
    expect(queue.get().mode.kind).toBe("paused");
    queue.dispose();
  });

  it("sends small packages in groups, a group taking one of the three places, within its room", async () => {
    const single = manualSend();
    const groups = manualGroups();
    // Packages 0 to 23 are small (a quarter of a group's room for f0 to f3, a tenth for the rest);
    // 24 and 25 go alone.
    const queue = createBatchQueue(
      { mode: { kind: "running" }, items: items(26) },
      {
        send: single.send,
        sendGroup: groups.sendGroup,
        groupShare: (item) => {
          const n = Number(/\d+/.exec(item.key)?.[0]);
          return n >= 24 ? null : n < 4 ? 0.25 : 0.1;
        },
        groupMax: 5,
        classify,
      },
    );
    await settle();
    // f0 to f3 fill a room; f4 to f8 make five; f9 to f13 five more: three places taken.
    expect(groups.requests.map((r) => r.keys.length)).toEqual([4, 5, 5]);
    expect(single.calls).toEqual([]);
    groups.requests[0]!.answer();
    await settle();
    expect(groups.requests.map((r) => r.keys.length)).toEqual([4, 5, 5, 5]);
    for (let i = 1; i < 4; i++) {
      groups.requests[i]!.answer();
      await settle();
    }
    // The last small ones (f24 is the first that goes alone) and the two singles.
    expect(groups.requests.at(-1)!.keys).toEqual([
      "f19.pdf",
      "f20.pdf",
      "f21.pdf",
      "f22.pdf",
      "f23.pdf",
    ]);
    expect(single.calls.map((c) => c.key)).toEqual(["f24.pdf", "f25.pdf"]);
    groups.requests.at(-1)!.answer();
    for (const call of single.calls) call.resolve();
    await settle();
    expect(queue.get().items.every((i) => i.state.kind === "sent")).toBe(true);
    expect(new Set(groups.requests.flatMap((r) => r.keys)).size).toBe(24);
  });

  it("sends one group beyond the three places when told groups wait for their turn, never a single", async () => {
    const single = manualSend();
    const groups = manualGroups();
    // f0 to f19 are small, in groups of five; f20 to f22 go alone.
    const queue = createBatchQueue(
      { mode: { kind: "running" }, items: items(23) },
      {
        send: single.send,
        sendGroup: groups.sendGroup,
        groupShare: (item) => (Number(/\d+/.exec(item.key)?.[0]) >= 20 ? null : 0.1),
        groupMax: 5,
        groupsAhead: 1,
        classify,
      },
    );
    await settle();
    expect(groups.requests.map((r) => r.keys.length)).toEqual([5, 5, 5, 5]);
    expect(single.calls).toEqual([]);
    // The small ones are all out: the singles take the places the groups leave, three at most.
    groups.requests[0]!.answer();
    await settle();
    expect(single.calls).toEqual([]);
    groups.requests[1]!.answer();
    groups.requests[2]!.answer();
    await settle();
    expect(single.calls.map((c) => c.key)).toEqual(["f20.pdf", "f21.pdf"]);
    groups.requests[3]!.answer();
    await settle();
    expect(single.calls.map((c) => c.key)).toEqual(["f20.pdf", "f21.pdf", "f22.pdf"]);
    for (const call of single.calls) call.resolve();
    await settle();
    expect(queue.get().items.every((i) => i.state.kind === "sent")).toBe(true);
    queue.dispose();
  });

  it("gives each package of a group its own outcome; one left out of the answer goes back in line", async () => {
    const groups = manualGroups();
    const queue = createBatchQueue(
      { mode: { kind: "running" }, items: items(3) },
      {
        send: manualSend().send,
        sendGroup: groups.sendGroup,
        groupShare: (item) => (item.state.kind === "queued" && item.state.attempt > 1 ? null : 0.1),
        classify,
      },
    );
    await settle();
    groups.requests[0]!.answer((key) =>
      key === "f0.pdf"
        ? {
            ok: true,
            answer: { packageId: "p-f0", submissionName: "s1", status: "PENDING" },
          }
        : key === "f1.pdf"
          ? { ok: false, error: new Refusal("Schema says no.", { retry: false }) }
          : undefined,
    );
    await settle();
    const byKey = new Map(queue.get().items.map((i) => [i.key, i.state]));
    expect(byKey.get("f0.pdf")).toMatchObject({ kind: "sent", packageId: "p-f0" });
    expect(byKey.get("f1.pdf")).toEqual({ kind: "failed", message: "Schema says no." });
    // Not answered: sent again, in a group of its own, without an attempt spent.
    expect(groups.requests.map((r) => r.keys)).toEqual([
      ["f0.pdf", "f1.pdf", "f2.pdf"],
      ["f2.pdf"],
    ]);
  });

  it("a group refused as a whole: a sign-out pauses with every package of it back in line", async () => {
    const groups = manualGroups();
    const queue = createBatchQueue(
      { mode: { kind: "running" }, items: items(4) },
      { send: manualSend().send, sendGroup: groups.sendGroup, groupShare: () => 0.1, classify },
    );
    await settle();
    groups.requests[0]!.fail(new Refusal("Sign in again.", { retry: false, signedOut: true }));
    await settle();
    expect(queue.get().mode).toEqual({ kind: "paused", reason: "signed-out" });
    expect(queue.get().items.map((i) => i.state)).toEqual(Array(4).fill(QUEUED));
    queue.resume();
    await settle();
    expect(groups.requests.map((r) => r.keys.length)).toEqual([4, 4]);
  });
});
