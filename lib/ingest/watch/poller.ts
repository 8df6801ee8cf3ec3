// The states of one SIP's poller in the status hub, and the pure `transition` between them. The
// hub (../status-hub.ts) is the shell: it keeps the watchers and the timer, talks to the relay and
// the upstream, and carries out the effects a transition asks for.
//
//   following ──claimDue──► claiming ──claimAnswered──► reading ──latestRead──► polling ◄─┐
//       ▲                                                  │                     │        │
//       └──── not granted / claimLost / relayFailed ───────┘          polled, pollFailed  │
//                                                                               ▼        │
//   done ◄── terminal status, final failure (here or heard)               waiting ──pollDue┘
//   stopped ◄── the last watcher left (from any state)
import type { IngestResponse } from "@scriptorium/contract/ingest/schemas";
import type { PollPacing } from "./backoff";
import type { FailureKind } from "./hub-types";
import {
  afterLatest,
  follow,
  heard,
  holdsClaim,
  pollFailed,
  polled,
  startPoll,
  stay,
} from "./poller-steps";
import type { SipSnapshot, WatchEvent } from "./snapshot";

export type ProblemEvent = Extract<WatchEvent, { type: "problem" }>;

export type PollerPhase =
  // Another process polls (or nobody yet): hear what it publishes, ask for the claim when due.
  | { kind: "following" }
  // The relay is asked whether this process may poll. `heard` counts relay events so far.
  | { kind: "claiming"; heard: number }
  // The claim was answered; the relay's latest snapshot is read before polling or following.
  | { kind: "reading"; leading: boolean; heard: number }
  // This process polls: the next poll is due after the pacing's delay.
  | { kind: "waiting" }
  // Poll number `poll` is under way.
  | { kind: "polling"; poll: number }
  // A terminal status or a final failure: nothing more to ask.
  | { kind: "done" }
  // The last watcher left.
  | { kind: "stopped" };

export interface PollerState {
  phase: PollerPhase;
  // What a new watcher is shown at once.
  snapshot: SipSnapshot | null;
  lastProblem: ProblemEvent | null;
  // The pacing's last delay (null before the first poll).
  delayMs: number | null;
  // Events heard from the relay: a slower read of the latest snapshot must not undo one.
  heard: number;
  // Polls started, to tell an abandoned poll's answer from the current one's.
  polls: number;
}

export interface Failure {
  kind: FailureKind;
  message: string;
  code: string | null;
}

export type PollerEvent =
  | { type: "claimDue" }
  | { type: "claimAnswered"; granted: boolean }
  | { type: "latestRead"; snapshot: SipSnapshot | null }
  // Asking the relay for the claim or the latest snapshot failed.
  | { type: "relayFailed" }
  | { type: "pollDue" }
  | { type: "polled"; poll: number; response: IngestResponse; at: Date }
  | { type: "pollFailed"; poll: number; failure: Failure; at: Date }
  // Another process's poller published this.
  | { type: "heard"; event: WatchEvent }
  // The relay gave this process's claim to another process.
  | { type: "claimLost" }
  | { type: "lastWatcherLeft" };

export type PollerEffect =
  | { type: "claim" }
  | { type: "readLatest" }
  | { type: "release" }
  // Replaces the one pending timer; `cancelTimer` drops it.
  | { type: "timer"; ms: number; event: "claimDue" | "pollDue" }
  | { type: "cancelTimer" }
  // Poll number `poll`, asked by the oldest watcher.
  | { type: "poll"; poll: number }
  | { type: "abortPoll" }
  | { type: "broadcast"; event: WatchEvent }
  | { type: "publish"; event: WatchEvent }
  // Only the asker of the last poll hears this, and stops watching.
  | { type: "dropAsker"; event: ProblemEvent }
  // A change this process's poller saw (for the journal).
  | { type: "changed"; snapshot: SipSnapshot }
  | { type: "unfollow" };

export interface PollerConfig {
  submissionName: string;
  pacing: PollPacing;
  claimRetryMs: number;
}

export interface Transition {
  state: PollerState;
  effects: PollerEffect[];
}

// A new poller: following nobody, with its first claim due now.
export function initialPollerState(): PollerState {
  return {
    phase: { kind: "following" },
    snapshot: null,
    lastProblem: null,
    delayMs: null,
    heard: 0,
    polls: 0,
  };
}
export { holdsClaim } from "./poller-steps";

// The next state of a poller and what the shell must do, for every (state, event) pair.
export function transition(
  state: PollerState,
  event: PollerEvent,
  config: PollerConfig,
): Transition {
  const { phase } = state;
  if (phase.kind === "stopped") {
    // A claim granted after the last watcher left is given back at once.
    return event.type === "claimAnswered" && event.granted
      ? { state, effects: [{ type: "release" }] }
      : stay(state);
  }
  if (event.type === "lastWatcherLeft") {
    const release: PollerEffect[] = holdsClaim(phase) ? [{ type: "release" }] : [];
    return {
      state: { ...state, phase: { kind: "stopped" } },
      effects: [{ type: "cancelTimer" }, { type: "abortPoll" }, { type: "unfollow" }, ...release],
    };
  }
  if (phase.kind === "done") {
    return event.type === "claimAnswered" && event.granted
      ? { state, effects: [{ type: "release" }] }
      : stay(state);
  }
  switch (event.type) {
    case "claimDue":
      if (phase.kind !== "following") return stay(state);
      return {
        state: { ...state, phase: { kind: "claiming", heard: state.heard } },
        effects: [{ type: "claim" }],
      };
    case "claimAnswered":
      if (phase.kind !== "claiming") return stay(state);
      return {
        state: { ...state, phase: { kind: "reading", leading: event.granted, heard: phase.heard } },
        effects: [{ type: "readLatest" }],
      };
    case "latestRead":
      return phase.kind === "reading" ? afterLatest(state, event, config, phase) : stay(state);
    case "relayFailed":
      // With the claim in hand this process polls anyway; without it, it asks again later.
      if (phase.kind === "reading" && phase.leading) return startPoll(state);
      return phase.kind === "claiming" || phase.kind === "reading"
        ? follow(state, config)
        : stay(state);
    case "pollDue":
      return phase.kind === "waiting" ? startPoll(state) : stay(state);
    case "polled":
      return phase.kind === "polling" && phase.poll === event.poll
        ? polled(state, event, config)
        : stay(state);
    case "pollFailed":
      return phase.kind === "polling" && phase.poll === event.poll
        ? pollFailed(state, event, config)
        : stay(state);
    case "heard":
      return holdsClaim(phase) ? stay(state) : heard(state, event.event);
    case "claimLost":
      return holdsClaim(phase) ? follow(state, config) : stay(state);
  }
}
