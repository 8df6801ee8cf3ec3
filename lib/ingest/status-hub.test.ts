import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { IngestResponse } from "@scriptorium/contract/ingest/schemas";
import { createStatusHub, type SipKey, type Watcher } from "./status-hub";
import type { WatchEvent } from "./watch/snapshot";

const KEY: SipKey = { tenant: "demo", packageId: "pkg-1", submissionName: "sip-1" };

// An upstream whose answer the test changes; every call is counted with its time.
function fakeUpstream(initial: string) {
  const state = { status: initial, reports: [] as NonNullable<IngestResponse["pluginReports"]> };
  const calls: number[] = [];
  const answer = (): IngestResponse => ({
    packageId: KEY.packageId,
    name: KEY.submissionName,
    status: state.status,
    submissionDate: "2025-01-01T10:00:00.000Z",
    pluginReports: state.reports,
  });
  return {
    state,
    calls,
    poll: vi.fn(async (_signal?: AbortSignal) => {
      calls.push(Date.now());
      return answer();
    }),
  };
}

function watcher(poll: Watcher["poll"]) {
  const events: WatchEvent[] = [];
  return { events, poll, onEvent: (e: WatchEvent) => events.push(e) };
}

const snapshots = (events: WatchEvent[]) =>
  events.flatMap((e) => (e.type === "snapshot" ? [e.snapshot] : []));

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2025-01-01T10:00:00.000Z"));
});
afterEach(() => vi.useRealTimers());

const start = () => Date.parse("2025-01-01T10:00:00.000Z");

describe("status hub", () => {
  it("asks the upstream once per interval however many watch one SIP, and tells every watcher", async () => {
    const hub = createStatusHub();
    const upstream = fakeUpstream("PENDING");
    const watchers = Array.from({ length: 200 }, () => watcher(upstream.poll));
    for (const w of watchers) hub.watch(KEY, w);
    await vi.advanceTimersByTimeAsync(10_000);

    // Polls at 0, 1, 3 and 7 s: the back-off, not the number of watchers, decides.
    expect(upstream.calls.map((t) => t - start())).toEqual([0, 1_000, 3_000, 7_000]);
    expect(hub.stats()).toEqual({ sips: 1, watchers: 200, polls: 4 });
    for (const w of watchers) expect(snapshots(w.events).map((s) => s.status)).toEqual(["PENDING"]);
  });

  it("backs off from 1 s to 15 s while nothing changes, and speeds up again after a change", async () => {
    const hub = createStatusHub();
    const upstream = fakeUpstream("PENDING");
    hub.watch(KEY, watcher(upstream.poll));
    await vi.advanceTimersByTimeAsync(45_000);
    expect(upstream.calls.map((t) => t - start())).toEqual([
      0, 1_000, 3_000, 7_000, 15_000, 30_000, 45_000,
    ]);

    upstream.state.status = "PROCESSING";
    await vi.advanceTimersByTimeAsync(15_000); // the poll at 60 s sees the change
    await vi.advanceTimersByTimeAsync(3_000);
    expect(upstream.calls.map((t) => t - start()).slice(7)).toEqual([60_000, 61_000, 63_000]);
  });

  it("stops at a terminal status and hands the final snapshot to late watchers without asking again", async () => {
    const hub = createStatusHub();
    const upstream = fakeUpstream("PROCESSING");
    const first = watcher(upstream.poll);
    hub.watch(KEY, first);
    await vi.advanceTimersByTimeAsync(0);
    upstream.state.status = "INGESTED";
    upstream.state.reports = [
      {
        pluginName: "fixity",
        status: "SUCCESS",
        message: "ok",
        executionDate: "2025-01-01T10:00:00.500Z",
      },
    ];
    await vi.advanceTimersByTimeAsync(60_000);
    expect(upstream.calls).toHaveLength(2);

    const late = watcher(upstream.poll);
    hub.watch(KEY, late);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(upstream.calls).toHaveLength(2);
    const [last] = snapshots(late.events);
    expect(last).toMatchObject({
      status: "INGESTED",
      terminal: true,
      pluginReports: [{ pluginName: "fixity" }],
    });
    expect(last?.history.map((h) => h.status)).toEqual(["PROCESSING", "INGESTED"]);
  });

  it("treats a status it does not know as in progress, shown as sent", async () => {
    const hub = createStatusHub();
    const upstream = fakeUpstream("QUARANTINED");
    const w = watcher(upstream.poll);
    hub.watch(KEY, w);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(snapshots(w.events)[0]).toMatchObject({ status: "QUARANTINED", terminal: false });
    expect(upstream.calls.length).toBeGreaterThan(3);
  });

  it("stops asking when the last watcher leaves, abandoning a poll under way", async () => {
    const hub = createStatusHub();
    let aborted = false;
    const slow = vi.fn(
      (signal: AbortSignal) =>
        new Promise<IngestResponse>((_, reject) =>
          signal.addEventListener("abort", () => {
            aborted = true;
            reject(signal.reason);
          }),
        ),
    );
    const leave = [hub.watch(KEY, watcher(slow)), hub.watch(KEY, watcher(slow))];
    leave[0]?.();
    expect(aborted).toBe(false);
    leave[1]?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(slow).toHaveBeenCalledTimes(1);
    expect(hub.stats()).toEqual({ sips: 0, watchers: 0, polls: 1 });
  });

  it("lets the next watcher ask once the oldest one leaves", async () => {
    const hub = createStatusHub();
    const upstream = fakeUpstream("PENDING");
    const a = vi.fn((signal: AbortSignal) => upstream.poll(signal));
    const b = vi.fn((signal: AbortSignal) => upstream.poll(signal));
    const leaveA = hub.watch(KEY, watcher(a));
    hub.watch(KEY, watcher(b));
    await vi.advanceTimersByTimeAsync(1_000);
    leaveA();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(a).toHaveBeenCalledTimes(2);
    expect(b).toHaveBeenCalledTimes(1);
  });

  it("keeps one poller per tenant: the same package ID in another tenant is another SIP", async () => {
    const hub = createStatusHub();
    const upstream = fakeUpstream("PENDING");
    hub.watch(KEY, watcher(upstream.poll));
    hub.watch({ ...KEY, tenant: "research" }, watcher(upstream.poll));
    await vi.advanceTimersByTimeAsync(0);
    expect(hub.stats()).toMatchObject({ sips: 2, polls: 2 });
  });

  it("reports each change once to onChange (the journal), not every poll", async () => {
    const changes: string[] = [];
    const hub = createStatusHub({ onChange: (_, s) => void changes.push(s.status ?? "") });
    const upstream = fakeUpstream("PENDING");
    hub.watch(KEY, watcher(upstream.poll));
    await vi.advanceTimersByTimeAsync(3_000);
    upstream.state.status = "FAILED";
    await vi.advanceTimersByTimeAsync(30_000);
    expect(changes).toEqual(["PENDING", "FAILED"]);
  });

  it("backs off after a failed poll, says so to every watcher, and recovers", async () => {
    const hub = createStatusHub();
    const upstream = fakeUpstream("PENDING");
    let failures = 2;
    const flaky = vi.fn(async (signal: AbortSignal) => {
      if (failures-- > 0) throw new Error("The archive is not answering.");
      return upstream.poll(signal);
    });
    const w = watcher(flaky);
    hub.watch(KEY, w);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(w.events.map((e) => e.type)).toEqual(["problem", "problem", "snapshot"]);
    expect(w.events[0]).toMatchObject({
      final: false,
      retryInMs: 1_000,
      message: "The archive is not answering.",
    });
    expect(w.events[1]).toMatchObject({ retryInMs: 2_000 });
  });

  it("stops for everyone on a final failure, and drops only the watcher whose own sign-in failed", async () => {
    const classifyFailure = (error: unknown) => {
      const message = (error as Error).message;
      return {
        kind: message === "gone" ? ("final" as const) : ("watcher" as const),
        message,
        code: null,
      };
    };
    const hub = createStatusHub({ classifyFailure });
    const upstream = fakeUpstream("PENDING");
    const expired = watcher(async () => {
      throw new Error("session ended");
    });
    const other = watcher(upstream.poll);
    hub.watch(KEY, expired);
    hub.watch(KEY, other);
    await vi.advanceTimersByTimeAsync(0);
    expect(expired.events).toMatchObject([
      { type: "problem", final: true, message: "session ended" },
    ]);
    expect(snapshots(other.events)).toHaveLength(1);
    expect(hub.stats().watchers).toBe(1);

    const gone = { tenant: "demo", packageId: "nope", submissionName: "sip-1" };
    const lost = watcher(async () => {
      throw new Error("gone");
    });
    hub.watch(gone, lost);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(lost.events).toMatchObject([{ type: "problem", final: true, retryInMs: null }]);
  });
});
