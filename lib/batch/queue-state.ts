// The states of one package in the browser's batch queue and the one function that moves it
// between them. Pure and serialisable: the queue stores items as they are in IndexedDB, and a
// reload puts every package that was under way back in line (its ingest is idempotent on the
// server, so sending it again cannot make a second SIP).
import { isTerminalSipStatus } from "@scriptorium/contract/ingest/limits";
import { backoffDelay } from "@/lib/upload/backoff";

export type ItemState =
  | { kind: "queued"; attempt: number; notBefore: number }
  | { kind: "uploading"; attempt: number; loaded: number; total: number }
  | { kind: "sending"; attempt: number }
  // Accepted by the archive; `status` follows the SIP (PENDING, PROCESSING, INGESTED, FAILED).
  | { kind: "sent"; packageId: string; submissionName: string | null; status: string }
  | { kind: "failed"; message: string }
  | { kind: "cancelled" };

export type ItemEvent =
  | { type: "start"; total: number }
  | { type: "progress"; loaded: number }
  | { type: "uploaded" }
  | { type: "accepted"; packageId: string; submissionName: string | null; status: string | null }
  | { type: "status"; status: string }
  // `retry`: worth another attempt (network, 5xx, busy); otherwise the package failed for good.
  | { type: "error"; message: string; retry: boolean; now: number; random?: () => number }
  // Back in line without spending an attempt: signed out, offline, paused, or a reload.
  | { type: "requeue" }
  | { type: "cancel" }
  | { type: "retry-failed" };

// Attempts per package before it fails for good.
export const MAX_ATTEMPTS = 6;

export const QUEUED: ItemState = { kind: "queued", attempt: 1, notBefore: 0 };

function attemptOf(state: ItemState): number {
  return "attempt" in state ? state.attempt : 1;
}

// The next state of a package after `event`; an event that does not apply leaves it as it is.
export function transition(state: ItemState, event: ItemEvent): ItemState {
  switch (event.type) {
    case "start":
      return state.kind === "queued"
        ? { kind: "uploading", attempt: state.attempt, loaded: 0, total: event.total }
        : state;
    case "progress":
      return state.kind === "uploading" ? { ...state, loaded: event.loaded } : state;
    case "uploaded":
      return state.kind === "uploading" ? { kind: "sending", attempt: state.attempt } : state;
    case "accepted":
      return state.kind === "uploading" || state.kind === "sending" || state.kind === "queued"
        ? {
            kind: "sent",
            packageId: event.packageId,
            submissionName: event.submissionName,
            status: event.status ?? "PENDING",
          }
        : state;
    case "status":
      return state.kind === "sent" && !isTerminalSipStatus(state.status)
        ? { ...state, status: event.status }
        : state;
    case "error": {
      if (state.kind !== "uploading" && state.kind !== "sending" && state.kind !== "queued")
        return state;
      const attempt = attemptOf(state);
      if (!event.retry || attempt >= MAX_ATTEMPTS)
        return { kind: "failed", message: event.message };
      return {
        kind: "queued",
        attempt: attempt + 1,
        notBefore: event.now + backoffDelay(attempt, event.random),
      };
    }
    case "requeue":
      return state.kind === "uploading" || state.kind === "sending"
        ? { kind: "queued", attempt: state.attempt, notBefore: 0 }
        : state;
    case "cancel":
      return state.kind === "queued" || state.kind === "failed" ? { kind: "cancelled" } : state;
    case "retry-failed":
      return state.kind === "failed" ? QUEUED : state;
  }
}

// Whether the queue may start the package now.
export function isReady(state: ItemState, now: number): boolean {
  return state.kind === "queued" && state.notBefore <= now;
}

// Whether nothing more will happen to the package.
export function isFinished(state: ItemState): boolean {
  return (
    state.kind === "failed" ||
    state.kind === "cancelled" ||
    (state.kind === "sent" && isTerminalSipStatus(state.status))
  );
}

// The state's word in the batch table and the report.
export function stateLabel(state: ItemState): string {
  switch (state.kind) {
    case "queued":
      return state.attempt > 1 ? `queued (attempt ${state.attempt})` : "queued";
    case "uploading":
      return state.total > 0
        ? `uploading ${Math.floor((100 * state.loaded) / state.total)}%`
        : "uploading";
    case "sending":
      return "sending";
    case "sent":
      return state.status;
    case "failed":
      return "FAILED";
    case "cancelled":
      return "cancelled";
  }
}

// How long the batch page waits before its next status read: 2 s while packages are still being
// sent (the reads ask the archive about a hundred packages each, beside the batch's own ingests),
// and a few hundred milliseconds once every package is sent and the last read found statuses that
// changed, so the last hundreds of statuses arrive in a few reads instead of one every 2 s.
export const STATUS_EVERY_MS = 2_000;
export const SETTLING_EVERY_MS = 300;

export function statusReadDelay(states: readonly ItemState[], changedLastRead: number): number {
  return !states.some(isUnsent) && changedLastRead > 0 ? SETTLING_EVERY_MS : STATUS_EVERY_MS;
}

// Whether the package is still to be sent, or being sent.
export function isUnsent(state: ItemState): boolean {
  return state.kind === "queued" || state.kind === "uploading" || state.kind === "sending";
}
