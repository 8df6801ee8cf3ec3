// The states of one upstream token renewal, and the pure `transition` between them. The token
// source (./token-source.ts) is the shell: it reads and locks the row, asks the identity provider
// and writes what the transition says.
//
//   unread ──fresh──► valid
//     │ stale
//     ▼
//   locking ──fresh (another instance renewed)──► valid
//     │ stale                 └─no row / no refresh token──► ended
//     ▼
//   renewing ──granted──► valid    ──refused──► ended (user mode)    ──failed──► unavailable
import type { TokenGrant } from "./oidc-client";

// `session`: a signed-in user's token, renewed with its refresh token. `service`: the dashboard's
// own token, renewed with client credentials.
export type TokenMode = "session" | "service";

export interface StoredToken {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date;
  // Null when the token's lifetime is unknown; then the plain margin applies.
  renewedAt: Date | null;
}

export type EndReason = "expired" | "refresh-failed";

export type TokenPhase =
  // Nothing read yet.
  | { kind: "unread" }
  // The token is stale: read again under the row lock, since another instance may renew it too.
  | { kind: "locking" }
  // The identity provider is asked: with the refresh token, or (null) for client credentials.
  | { kind: "renewing"; refreshToken: string | null }
  // A token to hand out.
  | { kind: "valid"; token: StoredToken }
  // The user must sign in again.
  | { kind: "ended"; message: string }
  // The identity provider cannot help just now: try later.
  | { kind: "unavailable"; message: string };

export interface TokenState {
  mode: TokenMode;
  phase: TokenPhase;
}

export type TokenEvent =
  // The stored row (undefined when there is none), read with or without the row lock.
  | { type: "read"; row: StoredToken | undefined; locked: boolean }
  | { type: "granted"; grant: TokenGrant; at: Date }
  // The identity provider refused the refresh token (invalid_grant).
  | { type: "refused" }
  | { type: "failed"; message: string };

export type TokenEffect =
  | { type: "lockAndRead" }
  | { type: "refresh"; refreshToken: string }
  | { type: "clientCredentials" }
  | { type: "store"; token: StoredToken }
  | { type: "endSession"; reason: EndReason };

export interface TokenRules {
  // TokenSourceOptions.marginMs.
  marginMs: number;
  now: number;
}

// Whether `token` may still be handed out at `rules.now`: more than the margin left, or more than
// a quarter of its lifetime when that is shorter (a 20-second token is not renewed on every call).
export function isFresh(token: StoredToken, rules: TokenRules): boolean {
  const { expiresAt, renewedAt } = token;
  const lifetime = renewedAt ? expiresAt.getTime() - renewedAt.getTime() : Infinity;
  return expiresAt.getTime() - rules.now > Math.min(rules.marginMs, lifetime / 4);
}

export const startRenewal = (mode: TokenMode): TokenState => ({ mode, phase: { kind: "unread" } });

type Step = { state: TokenState; effects: TokenEffect[] };

const to = (state: TokenState, phase: TokenPhase, ...effects: TokenEffect[]): Step => ({
  state: { ...state, phase },
  effects,
});

const ended = (state: TokenState, message: string, reason?: EndReason): Step =>
  to(
    state,
    { kind: "ended", message },
    ...(reason ? [{ type: "endSession", reason } as const] : []),
  );

// The row read under the lock decides: hand it out, renew it, or end the session.
function decideLocked(state: TokenState, row: StoredToken | undefined, rules: TokenRules): Step {
  if (state.mode === "service") {
    // The service row exists before it is locked; an empty token is its placeholder.
    if (row && row.accessToken && isFresh(row, rules))
      return to(state, { kind: "valid", token: row });
    return to(state, { kind: "renewing", refreshToken: null }, { type: "clientCredentials" });
  }
  if (!row) return ended(state, "The session has ended.");
  if (isFresh(row, rules)) return to(state, { kind: "valid", token: row });
  if (!row.refreshToken) {
    const message = "The upstream token expired and the identity provider issues no refresh token.";
    return ended(state, message, "expired");
  }
  const { refreshToken } = row;
  return to(state, { kind: "renewing", refreshToken }, { type: "refresh", refreshToken });
}

// The next state of a renewal and what the shell must do, for every (state, event) pair.
export function transition(state: TokenState, event: TokenEvent, rules: TokenRules): Step {
  const { phase } = state;
  switch (event.type) {
    case "read":
      if (phase.kind === "unread" && !event.locked) {
        if (!event.row && state.mode === "session") return ended(state, "The session has ended.");
        if (event.row && isFresh(event.row, rules))
          return to(state, { kind: "valid", token: event.row });
        return to(state, { kind: "locking" }, { type: "lockAndRead" });
      }
      if (phase.kind === "locking" && event.locked) return decideLocked(state, event.row, rules);
      return { state, effects: [] };
    case "granted": {
      if (phase.kind !== "renewing") return { state, effects: [] };
      const token: StoredToken = {
        accessToken: event.grant.accessToken,
        // Providers that rotate refresh tokens revoke the grant if the old one is reused.
        refreshToken: event.grant.refreshToken ?? phase.refreshToken,
        expiresAt: event.grant.expiresAt,
        renewedAt: event.at,
      };
      return to(state, { kind: "valid", token }, { type: "store", token });
    }
    case "refused":
      if (phase.kind !== "renewing") return { state, effects: [] };
      if (state.mode === "service") {
        return to(state, { kind: "unavailable", message: "The identity provider failed." });
      }
      return ended(
        state,
        "The identity provider no longer accepts this sign-in.",
        "refresh-failed",
      );
    case "failed":
      if (phase.kind !== "renewing" && phase.kind !== "locking") return { state, effects: [] };
      return to(state, { kind: "unavailable", message: event.message });
  }
}
