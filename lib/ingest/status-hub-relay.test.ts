// Status hubs of several processes sharing one relay: one polls, the others hear what it saw.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { IngestResponse } from "@scriptorium/contract/ingest/schemas";
import { createStatusHub, type SipKey, type StatusHubOptions } from "./status-hub";
import type { StatusRelay } from "./watch/relay";
import type { SipSnapshot, WatchEvent } from "./watch/snapshot";

const KEY: SipKey = { tenant: "demo", packageId: "pkg-1", submissionName: "sip-1" };
const idOf = (key: SipKey) => JSON.stringify([key.tenant, key.packageId, key.submissionName]);

// What a shared database gives the processes: one holder per lock, the last snapshot, and
// notifications that arrive a little later, to the publisher too (as LISTEN/NOTIFY does).
function fakeDatabase(options: { notifyAfterMs?: number } = {}) {
  const holders = new Map<string, string>();
  const kept = new Map<string, SipSnapshot>();
  const listeners = new Set<{
    id: string;
    process: string;
    onEvent: (e: WatchEvent) => void;
    onLost: () => void;
  }>();
  const log: string[] = [];
  const dead = new Set<string>();

  function relay(process: string): StatusRelay {
    return {
      follow(key, onEvent, onLost) {
        const listener = { id: idOf(key), process, onEvent, onLost };
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      latest: async (key) => kept.get(idOf(key)) ?? null,
      async claim(key) {
        const holder = holders.get(idOf(key));
        if (dead.has(process) || (holder && holder !== process)) return false;
        holders.set(idOf(key), process);
        log.push(`${process} claims`);
        return true;
      },
      async release(key) {
        if (holders.get(idOf(key)) === process) holders.delete(idOf(key));
        log.push(`${process} releases`);
      },
      async publish(key, event) {
        if (dead.has(process)) return;
        if (event.type === "snapshot") kept.set(idOf(key), event.snapshot);
        // On PostgreSQL the row is written first and the notification sent by a later statement.
        if (options.notifyAfterMs) await new Promise((r) => setTimeout(r, options.notifyAfterMs));
        for (const l of [...listeners]) {
          if (l.id === idOf(key) && !dead.has(l.process)) queueMicrotask(() => l.onEvent(event));
        }
      },
    };
  }

  // The process's connection is gone: its lock with it, and nothing it says arrives.
  function kill(process: string) {
    dead.add(process);
    for (const [id, holder] of holders) if (holder === process) holders.delete(id);
  }

  // The holder's connection was replaced and another process took the lock meanwhile.
  function steal(key: SipKey, by: string) {
    const from = holders.get(idOf(key));
    holders.set(idOf(key), by);
    for (const l of [...listeners]) if (l.id === idOf(key) && l.process === from) l.onLost();
  }

  return { relay, holders, log, kill, steal };
}

function fakeUpstream(initial: string) {
  const state = { status: initial };
  const answer = (): IngestResponse => ({
    packageId: KEY.packageId,
    name: KEY.submissionName,
    status: state.status,
    submissionDate: "2025-01-01T10:00:00.000Z",
    pluginReports: [],
  });
  return { state, poll: () => vi.fn(async (_signal: AbortSignal) => answer()) };
}

function watcher(poll: (signal: AbortSignal) => Promise<IngestResponse>) {
  const events: WatchEvent[] = [];
  return { events, poll, onEvent: (e: WatchEvent) => events.push(e) };
}

const statuses = (events: WatchEvent[]) =>
  events.flatMap((e) => (e.type === "snapshot" ? [e.snapshot.status] : []));

function twoProcesses(extra: StatusHubOptions = {}, db: { notifyAfterMs?: number } = {}) {
  const database = fakeDatabase(db);
  const changes = { a: [] as string[], b: [] as string[] };
  const hub = (name: "a" | "b") =>
    createStatusHub({
      ...extra,
      relay: database.relay(name),
      onChange: (_, s) => void changes[name].push(s.status ?? ""),
    });
  return { database, changes, a: hub("a"), b: hub("b") };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2025-01-01T10:00:00.000Z"));
});
afterEach(() => vi.useRealTimers());

describe("status hubs sharing a relay", () => {
  it("polls in one process only; the other hears every change and journals nothing", async () => {
    const { a, b, changes } = twoProcesses();
    const upstream = fakeUpstream("PENDING");
    const pollA = upstream.poll();
    const pollB = upstream.poll();
    a.watch(KEY, watcher(pollA));
    await vi.advanceTimersByTimeAsync(500);
    const onB = watcher(pollB);
    b.watch(KEY, onB);
    await vi.advanceTimersByTimeAsync(0);
    // The snapshot kept by the relay, at once, before any poll of B's.
    expect(statuses(onB.events)).toEqual(["PENDING"]);

    await vi.advanceTimersByTimeAsync(4_000);
    upstream.state.status = "PROCESSING";
    await vi.advanceTimersByTimeAsync(30_000);
    expect(pollB).not.toHaveBeenCalled();
    expect(pollA.mock.calls.length).toBeGreaterThan(4);
    expect(b.stats().polls).toBe(0);
    expect(statuses(onB.events)).toEqual(["PENDING", "PROCESSING"]);
    expect(onB.events.some((e) => e.type === "checked")).toBe(true);
    expect(changes).toEqual({ a: ["PENDING", "PROCESSING"], b: [] });
  });

  it("shows a new follower the kept snapshot once when its notification comes after the read", async () => {
    // B starts following between A's write of the snapshot and A's notification of it: B reads
    // the kept snapshot, then hears the same one.
    const { a, b } = twoProcesses({}, { notifyAfterMs: 100 });
    const upstream = fakeUpstream("PENDING");
    const pollB = upstream.poll();
    a.watch(KEY, watcher(upstream.poll()));
    await vi.advanceTimersByTimeAsync(50);
    const onB = watcher(pollB);
    b.watch(KEY, onB);
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses(onB.events)).toEqual(["PENDING"]);

    upstream.state.status = "PROCESSING";
    await vi.advanceTimersByTimeAsync(10_000);
    expect(statuses(onB.events)).toEqual(["PENDING", "PROCESSING"]);
    expect(pollB).not.toHaveBeenCalled();
  });

  it("hands polling over within the retry interval when the polling process's last watcher leaves", async () => {
    const { a, b, database, changes } = twoProcesses({ claimRetryMs: 5_000 });
    const upstream = fakeUpstream("PENDING");
    const pollA = upstream.poll();
    const pollB = upstream.poll();
    const leaveA = a.watch(KEY, watcher(pollA));
    await vi.advanceTimersByTimeAsync(0);
    const onB = watcher(pollB);
    b.watch(KEY, onB);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(pollB).not.toHaveBeenCalled();

    leaveA();
    await vi.advanceTimersByTimeAsync(0);
    expect(database.log).toEqual(["a claims", "a releases"]);
    const callsOfA = pollA.mock.calls.length;
    upstream.state.status = "PROCESSING";
    await vi.advanceTimersByTimeAsync(5_000);
    expect(database.holders.get(idOf(KEY))).toBe("b");
    expect(pollB).toHaveBeenCalled();
    expect(pollA).toHaveBeenCalledTimes(callsOfA);
    const last = onB.events.findLast((e) => e.type === "snapshot");
    // B goes on from A's snapshot: the history keeps the status A saw first.
    expect(last).toMatchObject({ snapshot: { status: "PROCESSING" } });
    expect(last?.type === "snapshot" && last.snapshot.history.map((h) => h.status)).toEqual([
      "PENDING",
      "PROCESSING",
    ]);
    expect(changes.b).toEqual(["PROCESSING"]);
  });

  it("takes over from a process that died without releasing", async () => {
    const { a, b, database } = twoProcesses({ claimRetryMs: 5_000 });
    const upstream = fakeUpstream("PENDING");
    const pollB = upstream.poll();
    a.watch(KEY, watcher(upstream.poll()));
    await vi.advanceTimersByTimeAsync(0);
    const onB = watcher(pollB);
    b.watch(KEY, onB);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(pollB).not.toHaveBeenCalled();

    database.kill("a");
    upstream.state.status = "INGESTED";
    await vi.advanceTimersByTimeAsync(5_000);
    expect(pollB).toHaveBeenCalledTimes(1);
    expect(statuses(onB.events)).toEqual(["PENDING", "INGESTED"]);
  });

  it("stops polling when the relay says another process holds its claim now, and follows it", async () => {
    const { a, b, database } = twoProcesses({ claimRetryMs: 5_000 });
    const upstream = fakeUpstream("PENDING");
    const [pollA, pollB] = [upstream.poll(), upstream.poll()];
    const onA = watcher(pollA);
    a.watch(KEY, onA);
    await vi.advanceTimersByTimeAsync(0);
    b.watch(KEY, watcher(pollB));
    await vi.advanceTimersByTimeAsync(1_000);

    database.steal(KEY, "c");
    const callsOfA = pollA.mock.calls.length;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(pollA).toHaveBeenCalledTimes(callsOfA);
    expect(pollB).not.toHaveBeenCalled();
    expect(database.log).toEqual(["a claims"]);
    await database.relay("c").publish(KEY, {
      type: "checked",
      at: "2025-01-01T10:00:31.000Z",
      nextCheckInMs: 1_000,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(onA.events.at(-1)).toMatchObject({ type: "checked", at: "2025-01-01T10:00:31.000Z" });
  });

  it("releases at a terminal status; followers end too, and a late process polls nothing", async () => {
    const { a, b, database } = twoProcesses();
    const upstream = fakeUpstream("PROCESSING");
    const pollB = upstream.poll();
    a.watch(KEY, watcher(upstream.poll()));
    await vi.advanceTimersByTimeAsync(0);
    const onB = watcher(pollB);
    b.watch(KEY, onB);
    upstream.state.status = "INGESTED";
    await vi.advanceTimersByTimeAsync(2_000);
    expect(database.log).toEqual(["a claims", "a releases"]);
    expect(onB.events.at(-1)).toMatchObject({ type: "snapshot", snapshot: { terminal: true } });

    await vi.advanceTimersByTimeAsync(60_000);
    expect(pollB).not.toHaveBeenCalled();
    const late = createStatusHub({ relay: database.relay("c") });
    const pollC = upstream.poll();
    const onC = watcher(pollC);
    late.watch(KEY, onC);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(pollC).not.toHaveBeenCalled();
    expect(statuses(onC.events)).toEqual(["INGESTED"]);
    expect(database.log.slice(2)).toEqual(["c claims", "c releases"]);
  });

  it("passes a final problem on to the followers and releases", async () => {
    const classifyFailure = () => ({
      kind: "final" as const,
      message: "No such SIP.",
      code: "NOT_FOUND",
    });
    const { a, b, database } = twoProcesses({ classifyFailure });
    const missing = () =>
      vi.fn(async (_signal: AbortSignal): Promise<IngestResponse> => {
        throw new Error("404");
      });
    const pollA = missing();
    const pollB = missing();
    b.watch(KEY, watcher(pollB));
    // B asked first, so B polls; A follows.
    const onA = watcher(pollA);
    a.watch(KEY, onA);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(pollB).toHaveBeenCalledTimes(1);
    expect(pollA).not.toHaveBeenCalled();
    expect(onA.events).toMatchObject([{ type: "problem", final: true, code: "NOT_FOUND" }]);
    expect(database.log).toEqual(["b claims", "b releases"]);
  });
});
