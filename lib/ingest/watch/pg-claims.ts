// The claims the PostgreSQL relay (./pg-relay.ts) holds, as a pure state machine. A claim is a
// session-level advisory lock, so it lives as long as the relay's one lock connection: when that
// connection is replaced (postgres.js reconnects after the server dropped it) every held claim is
// gone and must be taken again, and a claim another process took meanwhile is lost.
//
//   unknown ──first answer──► on(pid) ──answer or check from another pid──► on(newPid) + retake all
import type { SipKey } from "./hub-types";

export type ClaimSession =
  // No claim asked yet: which backend the lock connection talks to is not known.
  | { kind: "unknown" }
  // The held claims are locks of backend `pid`.
  | { kind: "on"; pid: number };

// Claims stack per connection: each granted claim is released once.
export interface HeldClaim {
  key: SipKey;
  count: number;
}

export interface ClaimsState {
  session: ClaimSession;
  held: ReadonlyMap<string, HeldClaim>;
}

export type ClaimsEvent =
  // A claim of `key` was asked on backend `pid`.
  | { type: "answered"; key: SipKey; granted: boolean; pid: number }
  // The periodic check found the lock connection on backend `pid`.
  | { type: "checked"; pid: number }
  // After a reconnect: whether a held claim could be taken again.
  | { type: "retaken"; key: SipKey; ok: boolean }
  | { type: "released"; key: SipKey };

export type ClaimsEffect =
  // Take the claim of `key` `count` times on the new backend.
  | { type: "retake"; key: SipKey; count: number }
  // Another process holds `key` now: its followers here stop polling.
  | { type: "lost"; key: SipKey }
  | { type: "unlock"; key: SipKey };

export const claimIdOf = (key: SipKey) =>
  JSON.stringify([key.tenant, key.packageId, key.submissionName]);

export const noClaims = (): ClaimsState => ({ session: { kind: "unknown" }, held: new Map() });

// The backend is `pid`: a different one than before means every held claim is to be taken again.
function onBackend(
  state: ClaimsState,
  pid: number,
): { state: ClaimsState; effects: ClaimsEffect[] } {
  const { session } = state;
  if (session.kind === "on" && session.pid === pid) return { state, effects: [] };
  const replaced = session.kind === "on";
  const effects: ClaimsEffect[] = replaced
    ? [...state.held.values()].map(({ key, count }) => ({ type: "retake", key, count }))
    : [];
  return { state: { ...state, session: { kind: "on", pid } }, effects };
}

export function transition(
  state: ClaimsState,
  event: ClaimsEvent,
): { state: ClaimsState; effects: ClaimsEffect[] } {
  switch (event.type) {
    case "checked":
      return onBackend(state, event.pid);
    case "answered": {
      const next = onBackend(state, event.pid);
      if (!event.granted) return next;
      const id = claimIdOf(event.key);
      const held = new Map(next.state.held);
      held.set(id, { key: event.key, count: (held.get(id)?.count ?? 0) + 1 });
      return { state: { ...next.state, held }, effects: next.effects };
    }
    case "retaken": {
      const id = claimIdOf(event.key);
      if (event.ok || !state.held.has(id)) return { state, effects: [] };
      const held = new Map(state.held);
      held.delete(id);
      return { state: { ...state, held }, effects: [{ type: "lost", key: event.key }] };
    }
    case "released": {
      const id = claimIdOf(event.key);
      const claim = state.held.get(id);
      const held = new Map(state.held);
      if (claim && claim.count > 1) held.set(id, { ...claim, count: claim.count - 1 });
      else held.delete(id);
      return { state: { ...state, held }, effects: [{ type: "unlock", key: event.key }] };
    }
  }
}
