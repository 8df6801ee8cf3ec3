// The steps of the status hub's poller (./poller.ts) that take more than a line: polling,
// failing, adopting a kept snapshot and hearing another process's poller. Pure.
import { nextPollDelay } from "./backoff";
import type {
  PollerConfig,
  PollerEffect,
  PollerEvent,
  PollerPhase,
  PollerState,
  ProblemEvent,
  Transition,
} from "./poller";
import { nextSnapshot, snapshotChanged, type SipSnapshot, type WatchEvent } from "./snapshot";

// Whether this process holds the relay's claim in `phase` (and so must release it once).
export function holdsClaim(phase: PollerPhase): boolean {
  return (
    phase.kind === "waiting" ||
    phase.kind === "polling" ||
    (phase.kind === "reading" && phase.leading)
  );
}

export const stay = (state: PollerState): Transition => ({ state, effects: [] });

export function startPoll(state: PollerState): Transition {
  const poll = state.polls + 1;
  return {
    state: { ...state, polls: poll, phase: { kind: "polling", poll } },
    effects: [{ type: "poll", poll }],
  };
}

// Nothing more to ask: the claim goes, if held.
export function finish(state: PollerState, effects: PollerEffect[]): Transition {
  const release: PollerEffect[] = holdsClaim(state.phase) ? [{ type: "release" }] : [];
  return {
    state: { ...state, phase: { kind: "done" } },
    effects: [...effects, { type: "cancelTimer" }, ...release],
  };
}

export const follow = (state: PollerState, config: PollerConfig): Transition => ({
  state: { ...state, phase: { kind: "following" } },
  effects: [{ type: "timer", ms: config.claimRetryMs, event: "claimDue" }],
});

// A snapshot kept by the relay: shown if it differs from what this poller has.
function adopt(state: PollerState, latest: SipSnapshot | null): Transition {
  if (!latest || !snapshotChanged(state.snapshot, latest)) return stay(state);
  const next = { ...state, snapshot: latest, lastProblem: null };
  const shown: PollerEffect[] = [
    { type: "broadcast", event: { type: "snapshot", snapshot: latest } },
  ];
  return latest.terminal ? finish(next, shown) : { state: next, effects: shown };
}

export function afterLatest(
  state: PollerState,
  event: { snapshot: SipSnapshot | null },
  config: PollerConfig,
  phase: { leading: boolean; heard: number },
): Transition {
  const adopted = phase.heard === state.heard ? adopt(state, event.snapshot) : stay(state);
  if (adopted.state.phase.kind === "done") return adopted;
  const next = phase.leading ? startPoll(adopted.state) : follow(adopted.state, config);
  return { state: next.state, effects: [...adopted.effects, ...next.effects] };
}

export function polled(
  state: PollerState,
  event: Extract<PollerEvent, { type: "polled" }>,
  config: PollerConfig,
): Transition {
  const snapshot = nextSnapshot(state.snapshot, event.response, config.submissionName, event.at);
  const changed = snapshotChanged(state.snapshot, snapshot);
  const next: PollerState = { ...state, snapshot, lastProblem: null };
  const effects: PollerEffect[] = [];
  if (changed) {
    const shown: WatchEvent = { type: "snapshot", snapshot };
    effects.push(
      { type: "broadcast", event: shown },
      { type: "publish", event: shown },
      { type: "changed", snapshot },
    );
  }
  if (snapshot.terminal) return finish(next, effects);
  const delayMs = nextPollDelay(state.delayMs, changed, config.pacing);
  effects.push({ type: "timer", ms: delayMs, event: "pollDue" });
  if (!changed) {
    const checked: WatchEvent = { type: "checked", at: snapshot.checkedAt, nextCheckInMs: delayMs };
    effects.push({ type: "broadcast", event: checked }, { type: "publish", event: checked });
  }
  return { state: { ...next, delayMs, phase: { kind: "waiting" } }, effects };
}

export function pollFailed(
  state: PollerState,
  event: Extract<PollerEvent, { type: "pollFailed" }>,
  config: PollerConfig,
): Transition {
  const { failure } = event;
  const problem = (final: boolean, retryInMs: number | null): ProblemEvent => ({
    type: "problem",
    message: failure.message,
    code: failure.code,
    final,
    retryInMs,
    at: event.at.toISOString(),
  });
  if (failure.kind === "watcher") {
    // The asker's own sign-in failed: it leaves, and the next watcher asks at once.
    return {
      state: { ...state, phase: { kind: "waiting" } },
      effects: [
        { type: "timer", ms: 0, event: "pollDue" },
        { type: "dropAsker", event: problem(true, null) },
      ],
    };
  }
  if (failure.kind === "final") {
    const shown = problem(true, null);
    return finish({ ...state, lastProblem: shown }, [
      { type: "broadcast", event: shown },
      { type: "publish", event: shown },
    ]);
  }
  const delayMs = nextPollDelay(state.delayMs, false, config.pacing);
  const shown = problem(false, delayMs);
  return {
    state: { ...state, delayMs, lastProblem: shown, phase: { kind: "waiting" } },
    effects: [
      { type: "timer", ms: delayMs, event: "pollDue" },
      { type: "broadcast", event: shown },
      { type: "publish", event: shown },
    ],
  };
}

// What another process's poller saw, for the watchers here (a poller hears only when it does not poll).
export function heard(state: PollerState, event: WatchEvent): Transition {
  const counted = { ...state, heard: state.heard + 1 };
  if (event.type === "snapshot") {
    // Already shown: a follower that read the kept snapshot before its notification arrived
    // (the poller writes the row, then notifies) hears it once more.
    if (state.snapshot && !snapshotChanged(state.snapshot, event.snapshot)) return stay(counted);
    const next = { ...counted, snapshot: event.snapshot, lastProblem: null };
    const shown: PollerEffect[] = [{ type: "broadcast", event }];
    return event.snapshot.terminal ? finish(next, shown) : { state: next, effects: shown };
  }
  const next = event.type === "problem" ? { ...counted, lastProblem: event } : counted;
  const shown: PollerEffect[] = [{ type: "broadcast", event }];
  return event.type === "problem" && event.final
    ? finish(next, shown)
    : { state: next, effects: shown };
}
