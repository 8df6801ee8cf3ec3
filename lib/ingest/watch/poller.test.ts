// The status hub's poller as a pure state machine: every event in every state, then the paths
// that matter (the claim released exactly once, pacing, abandoned polls, what is shown).
import { describe, expect, it } from "vitest";
import type { IngestResponse } from "@scriptorium/contract/ingest/schemas";
import {
  initialPollerState,
  transition,
  type PollerConfig,
  type PollerEffect,
  type PollerEvent,
  type PollerPhase,
  type PollerState,
} from "./poller";
import type { SipSnapshot } from "./snapshot";

const config: PollerConfig = {
  submissionName: "sip-1",
  pacing: { minMs: 1_000, maxMs: 15_000, factor: 2 },
  claimRetryMs: 5_000,
};
const at = new Date("2025-01-01T10:00:00.000Z");

const answer = (status: string): IngestResponse => ({
  packageId: "pkg-1",
  name: "sip-1",
  status,
  submissionDate: "2025-01-01T09:00:00.000Z",
  pluginReports: [],
});

const snapshot = (status: string, terminal = false): SipSnapshot => ({
  packageId: "pkg-1",
  submissionName: "sip-1",
  status,
  terminal,
  submissionDate: "2025-01-01T09:00:00.000Z",
  pluginReports: [],
  history: [{ status, at: at.toISOString() }],
  checkedAt: at.toISOString(),
});

const inPhase = (phase: PollerPhase, extra: Partial<PollerState> = {}): PollerState => ({
  ...initialPollerState(),
  polls: 1,
  ...extra,
  phase,
});

const PHASES: Record<string, PollerPhase> = {
  following: { kind: "following" },
  claiming: { kind: "claiming", heard: 0 },
  "reading (granted)": { kind: "reading", leading: true, heard: 0 },
  "reading (refused)": { kind: "reading", leading: false, heard: 0 },
  waiting: { kind: "waiting" },
  polling: { kind: "polling", poll: 1 },
  done: { kind: "done" },
  stopped: { kind: "stopped" },
};

const EVENTS: Record<string, PollerEvent> = {
  claimDue: { type: "claimDue" },
  "claim granted": { type: "claimAnswered", granted: true },
  "claim refused": { type: "claimAnswered", granted: false },
  latestRead: { type: "latestRead", snapshot: null },
  relayFailed: { type: "relayFailed" },
  pollDue: { type: "pollDue" },
  polled: { type: "polled", poll: 1, response: answer("PENDING"), at },
  pollFailed: {
    type: "pollFailed",
    poll: 1,
    failure: { kind: "retry", message: "The archive is away.", code: null },
    at,
  },
  "heard checked": {
    type: "heard",
    event: { type: "checked", at: at.toISOString(), nextCheckInMs: 1_000 },
  },
  claimLost: { type: "claimLost" },
  lastWatcherLeft: { type: "lastWatcherLeft" },
};

// The phase each event leads to from each phase (columns in the order of PHASES).
const NEXT: Record<keyof typeof EVENTS, string[]> = {
  // prettier-ignore
  claimDue:          ["claiming",  "claiming",  "reading", "reading",   "waiting",   "polling",   "done", "stopped"],
  // prettier-ignore
  "claim granted":   ["following", "reading",   "reading", "reading",   "waiting",   "polling",   "done", "stopped"],
  // prettier-ignore
  "claim refused":   ["following", "reading",   "reading", "reading",   "waiting",   "polling",   "done", "stopped"],
  // prettier-ignore
  latestRead:        ["following", "claiming",  "polling", "following", "waiting",   "polling",   "done", "stopped"],
  // prettier-ignore
  relayFailed:       ["following", "following", "polling", "following", "waiting",   "polling",   "done", "stopped"],
  // prettier-ignore
  pollDue:           ["following", "claiming",  "reading", "reading",   "polling",   "polling",   "done", "stopped"],
  // prettier-ignore
  polled:            ["following", "claiming",  "reading", "reading",   "waiting",   "waiting",   "done", "stopped"],
  // prettier-ignore
  pollFailed:        ["following", "claiming",  "reading", "reading",   "waiting",   "waiting",   "done", "stopped"],
  // prettier-ignore
  "heard checked":   ["following", "claiming",  "reading", "reading",   "waiting",   "polling",   "done", "stopped"],
  // prettier-ignore
  claimLost:         ["following", "claiming",  "following", "reading", "following", "following", "done", "stopped"],
  // prettier-ignore
  lastWatcherLeft:   ["stopped",   "stopped",   "stopped", "stopped",   "stopped",   "stopped",   "stopped", "stopped"],
};

const cases = Object.entries(EVENTS).flatMap(([eventName, event]) =>
  Object.entries(PHASES).map(([phaseName, phase], column) => ({
    eventName,
    phaseName,
    event,
    phase,
    expected: NEXT[eventName]?.[column],
  })),
);

const kinds = (effects: PollerEffect[]) => effects.map((e) => e.type);
const releases = (effects: PollerEffect[]) => effects.filter((e) => e.type === "release").length;

describe("the poller's transitions", () => {
  it.each(cases)("$eventName in $phaseName leads to $expected", ({ event, phase, expected }) => {
    expect(transition(inPhase(phase), event, config).state.phase.kind).toBe(expected);
  });

  it.each(Object.entries(PHASES))(
    "releases a held claim exactly when the last watcher leaves %s",
    (name, phase) => {
      const { effects } = transition(inPhase(phase), { type: "lastWatcherLeft" }, config);
      const held = ["reading (granted)", "waiting", "polling"].includes(name);
      expect(releases(effects)).toBe(name === "stopped" ? 0 : held ? 1 : 0);
      if (name !== "stopped") expect(kinds(effects)).toContain("unfollow");
    },
  );

  it("gives back a claim granted after the poller stopped or finished", () => {
    for (const kind of ["stopped", "done"] as const) {
      const { effects } = transition(
        inPhase({ kind }),
        { type: "claimAnswered", granted: true },
        config,
      );
      expect(kinds(effects)).toEqual(["release"]);
    }
  });
});

// Runs events from a fresh poller, collecting the effects.
function run(events: PollerEvent[], from: PollerState = initialPollerState()) {
  let state = from;
  const effects: PollerEffect[] = [];
  for (const event of events) {
    const next = transition(state, event, config);
    state = next.state;
    effects.push(...next.effects);
  }
  return { state, effects };
}

const toLead: PollerEvent[] = [
  { type: "claimDue" },
  { type: "claimAnswered", granted: true },
  { type: "latestRead", snapshot: null },
];

describe("a poller that leads", () => {
  it("claims, reads the kept snapshot, then polls with number 1", () => {
    const { state, effects } = run(toLead);
    expect(kinds(effects)).toEqual(["claim", "readLatest", "poll"]);
    expect(state.phase).toEqual({ kind: "polling", poll: 1 });
  });

  it("shows a change once, backs off while nothing changes, and speeds up after a change", () => {
    const polls = (statuses: string[]) =>
      statuses.flatMap((status, index): PollerEvent[] => [
        { type: "polled", poll: index + 1, response: answer(status), at },
        { type: "pollDue" },
      ]);
    const { effects } = run([...toLead, ...polls(["PENDING", "PENDING", "PENDING", "PROCESSING"])]);
    const delays = effects.flatMap((e) => (e.type === "timer" ? [e.ms] : []));
    expect(delays).toEqual([1_000, 2_000, 4_000, 1_000]);
    const shown = effects.flatMap((e) => (e.type === "broadcast" ? [e.event.type] : []));
    expect(shown).toEqual(["snapshot", "checked", "checked", "snapshot"]);
    expect(effects.filter((e) => e.type === "changed")).toHaveLength(2);
  });

  it("finishes at a terminal status and releases its claim once", () => {
    const { state, effects } = run([
      ...toLead,
      { type: "polled", poll: 1, response: answer("INGESTED"), at },
      { type: "lastWatcherLeft" },
    ]);
    expect(state.phase.kind).toBe("stopped");
    expect(releases(effects)).toBe(1);
    expect(state.snapshot).toMatchObject({ status: "INGESTED", terminal: true });
  });

  it("ignores the answer of a poll it abandoned when it lost its claim", () => {
    const lost = run([...toLead, { type: "claimLost" }]);
    expect(lost.state.phase.kind).toBe("following");
    expect(lost.effects.at(-1)).toEqual({ type: "timer", ms: 5_000, event: "claimDue" });
    const again = run([...toLead, { type: "polled", poll: 1, response: answer("FAILED"), at }], {
      ...lost.state,
    });
    // Claimed again: poll 2 is under way, and poll 1's late answer changes nothing.
    expect(again.state.phase).toEqual({ kind: "polling", poll: 2 });
    expect(again.state.snapshot).toBeNull();
  });

  it("drops only the asker whose sign-in failed and asks again at once", () => {
    const { state, effects } = run([
      ...toLead,
      {
        type: "pollFailed",
        poll: 1,
        failure: { kind: "watcher", message: "Sign in again.", code: "SESSION_ENDED" },
        at,
      },
    ]);
    expect(state.phase.kind).toBe("waiting");
    expect(state.lastProblem).toBeNull();
    expect(effects.slice(-2)).toEqual([
      { type: "timer", ms: 0, event: "pollDue" },
      {
        type: "dropAsker",
        event: {
          type: "problem",
          message: "Sign in again.",
          code: "SESSION_ENDED",
          final: true,
          retryInMs: null,
          at: at.toISOString(),
        },
      },
    ]);
  });

  it("tells everyone of a final failure, keeps it for late watchers, and releases", () => {
    const { state, effects } = run([
      ...toLead,
      {
        type: "pollFailed",
        poll: 1,
        failure: { kind: "final", message: "No such SIP.", code: "NOT_FOUND" },
        at,
      },
    ]);
    expect(state.phase.kind).toBe("done");
    expect(state.lastProblem).toMatchObject({ final: true, retryInMs: null, code: "NOT_FOUND" });
    expect(kinds(effects).slice(-4)).toEqual(["broadcast", "publish", "cancelTimer", "release"]);
  });

  it("says when it will retry after a failed poll", () => {
    const { state } = run([...toLead, EVENTS.pollFailed as PollerEvent]);
    expect(state.lastProblem).toMatchObject({ final: false, retryInMs: 1_000 });
  });
});

describe("a poller that follows", () => {
  it("asks for the claim again later when refused, or when the relay fails", () => {
    for (const failure of [
      { type: "claimAnswered", granted: false } as const,
      { type: "relayFailed" } as const,
    ]) {
      const events: PollerEvent[] =
        failure.type === "relayFailed"
          ? [{ type: "claimDue" }, failure]
          : [{ type: "claimDue" }, failure, { type: "latestRead", snapshot: null }];
      const { state, effects } = run(events);
      expect(state.phase.kind).toBe("following");
      expect(effects.at(-1)).toEqual({ type: "timer", ms: 5_000, event: "claimDue" });
    }
  });

  it("shows the kept snapshot unless it heard something while asking", () => {
    const kept = snapshot("PROCESSING");
    const quiet = run([
      { type: "claimDue" },
      { type: "claimAnswered", granted: false },
      { type: "latestRead", snapshot: kept },
    ]);
    expect(quiet.state.snapshot).toEqual(kept);
    const noisy = run([
      { type: "claimDue" },
      { type: "heard", event: { type: "snapshot", snapshot: snapshot("INGESTING") } },
      { type: "claimAnswered", granted: false },
      { type: "latestRead", snapshot: kept },
    ]);
    expect(noisy.state.snapshot?.status).toBe("INGESTING");
  });

  it("shows a heard snapshot once, and ends with the poller it follows", () => {
    const same = snapshot("PENDING");
    const { state, effects } = run([
      { type: "heard", event: { type: "snapshot", snapshot: same } },
      { type: "heard", event: { type: "snapshot", snapshot: same } },
      { type: "heard", event: { type: "snapshot", snapshot: snapshot("INGESTED", true) } },
    ]);
    expect(effects.filter((e) => e.type === "broadcast")).toHaveLength(2);
    expect(state.phase.kind).toBe("done");
    expect(releases(effects)).toBe(0);
    expect(kinds(effects)).toContain("cancelTimer");
  });

  it("ends at a final problem it hears, and keeps it for late watchers", () => {
    const problem = {
      type: "problem" as const,
      message: "No such SIP.",
      code: "NOT_FOUND",
      final: true,
      retryInMs: null,
      at: at.toISOString(),
    };
    const { state } = run([{ type: "heard", event: problem }]);
    expect(state.phase.kind).toBe("done");
    expect(state.lastProblem).toEqual(problem);
  });

  it("hears nothing while it polls itself", () => {
    const { state, effects } = run([
      ...toLead,
      { type: "heard", event: { type: "snapshot", snapshot: snapshot("PENDING") } },
    ]);
    expect(state.snapshot).toBeNull();
    expect(kinds(effects)).not.toContain("broadcast");
  });
});
