import "server-only";
// Upstream tokens, renewed one at a time: in-process one promise per key, and across
// dashboard instances a row lock (SELECT ... FOR UPDATE) with the expiry re-checked after it.
import { eq } from "drizzle-orm";
import type { DashboardDb } from "@/lib/db/client";
import { upstreamTokens } from "@/lib/db/schema";
import { OidcError, type TokenGrant } from "./oidc-client";
import { endSession, type DbExecutor } from "./session-store";
import {
  startRenewal,
  transition,
  type StoredToken,
  type TokenEffect,
  type TokenEvent,
  type TokenMode,
  type TokenState,
} from "./token-state";

export const SERVICE_KEY = "service";
// Sessions whose token one instance remembers at a time; the oldest makes room.
const RECENT_TOKENS = 5_000;

// The caller must sign in again (`session_ended`) or try later (`unavailable`).
// Mapped by route handlers to 401 and 503; never carries a token.
export class UpstreamTokenError extends Error {
  constructor(
    readonly code: "session_ended" | "unavailable",
    message: string,
  ) {
    super(message);
    this.name = "UpstreamTokenError";
  }
}

export interface TokenSourceOptions {
  db: DashboardDb;
  // Renew when the token has less than this left (clock skew, request time), or less than a
  // quarter of its lifetime when that is shorter: a 20-second token is not renewed on every call.
  marginMs: number;
  refresh(refreshToken: string): Promise<TokenGrant>;
  clientCredentials(): Promise<TokenGrant>;
  now?: () => number;
  // How long a session's token read from the database is used again without reading it (0: read
  // every time). The server uses the session cache's TTL: a session ended elsewhere is refused
  // before its token is asked for, and a token renewed elsewhere is still valid until it expires.
  rememberMs?: number;
}

export interface TokenSource {
  // The access token of a signed-in session (user mode).
  forSession(sessionId: string): Promise<string>;
  // The dashboard's own client-credentials token (service mode).
  forService(): Promise<string>;
}

// Builds a token source over one database; each instance keeps its own in-process state.
export function createTokenSource(options: TokenSourceOptions): TokenSource {
  const { db } = options;
  const now = options.now ?? Date.now;
  const rules = () => ({ marginMs: options.marginMs, now: now() });
  const inFlight = new Map<string, Promise<string>>();
  // The service token this instance last saw, so a fresh one costs no database read.
  let serviceToken: StoredToken | undefined;
  // Session tokens read a moment ago: a burst of requests reads the row once. Used only while the
  // state machine finds them valid; a renewal always locks and re-reads the row.
  const rememberMs = options.rememberMs ?? 0;
  const recent = new Map<string, { token: StoredToken; at: number }>();
  const remember = (key: string, token: StoredToken | undefined) => {
    recent.delete(key);
    if (!token || rememberMs <= 0) return;
    recent.set(key, { token, at: now() });
    if (recent.size > RECENT_TOKENS) recent.delete(recent.keys().next().value as string);
  };
  const recentToken = (key: string) => {
    const seen = recent.get(key);
    return seen && now() - seen.at < rememberMs ? seen.token : undefined;
  };

  // One read of a session's row at a time: the requests of a burst that find nothing remembered
  // share it.
  const reading = new Map<string, Promise<StoredToken | undefined>>();
  function readRow(sessionId: string): Promise<StoredToken | undefined> {
    let read = reading.get(sessionId);
    if (!read) {
      read = db
        .select()
        .from(upstreamTokens)
        .where(eq(upstreamTokens.key, sessionId))
        .then(([row]) => {
          remember(sessionId, row);
          return row;
        })
        .finally(() => reading.delete(sessionId));
      reading.set(sessionId, read);
    }
    return read;
  }

  function singleFlight(key: string, renew: () => Promise<string>): Promise<string> {
    const running = inFlight.get(key);
    if (running) return running;
    const promise = renew().finally(() => inFlight.delete(key));
    inFlight.set(key, promise);
    return promise;
  }

  // What the renewal ended in: a token, or the error its caller maps to 401 or 503.
  function settle(state: TokenState): StoredToken {
    const { phase } = state;
    if (phase.kind === "valid") return phase.token;
    if (phase.kind === "ended")
      throw new UpstreamTokenError("session_ended", `${phase.message} Sign in again.`);
    if (phase.kind === "unavailable") throw new UpstreamTokenError("unavailable", phase.message);
    throw new Error(`A token renewal stopped while ${phase.kind}.`);
  }

  const failure = (error: unknown) =>
    error instanceof OidcError ? error.message : "The identity provider failed.";

  // Asks the identity provider; the answer is the next event.
  async function ask(call: () => Promise<TokenGrant>, mode: TokenMode): Promise<TokenEvent> {
    try {
      return { type: "granted", grant: await call(), at: new Date(now()) };
    } catch (error) {
      if (mode === "session" && error instanceof OidcError && error.code === "invalid_grant")
        return { type: "refused" };
      return { type: "failed", message: failure(error) };
    }
  }

  // Carries the renewal of `key` on from `locking`, inside one transaction holding the row lock.
  async function renew(key: string, from: { state: TokenState; effects: TokenEffect[] }) {
    const final = await db
      .transaction(async (tx) => {
        let { state, effects } = from;
        for (;;) {
          let event: TokenEvent | undefined;
          for (const effect of effects)
            event = (await perform(tx, key, effect, state.mode)) ?? event;
          if (!event) return state;
          ({ state, effects } = transition(state, event, rules()));
        }
      })
      .catch((error: unknown): TokenState => ({
        ...from.state,
        phase: { kind: "unavailable", message: failure(error) },
      }));
    return settle(final);
  }

  async function perform(
    tx: DbExecutor,
    key: string,
    effect: TokenEffect,
    mode: TokenMode,
  ): Promise<TokenEvent | undefined> {
    switch (effect.type) {
      case "lockAndRead": {
        if (mode === "service") {
          // The row must exist before it can be locked; an expired placeholder forces a renewal.
          await tx
            .insert(upstreamTokens)
            .values({ key, accessToken: "", expiresAt: new Date(0) })
            .onConflictDoNothing();
        }
        const [row] = await tx
          .select()
          .from(upstreamTokens)
          .where(eq(upstreamTokens.key, key))
          .for("update");
        return { type: "read", row, locked: true };
      }
      case "refresh":
        return ask(() => options.refresh(effect.refreshToken), mode);
      case "clientCredentials":
        return ask(options.clientCredentials, mode);
      case "store":
        await tx.update(upstreamTokens).set(effect.token).where(eq(upstreamTokens.key, key));
        return undefined;
      case "endSession":
        await endSession(tx, key, effect.reason);
        return undefined;
    }
  }

  return {
    async forSession(sessionId) {
      const known = recentToken(sessionId);
      if (known) {
        const step = transition(
          startRenewal("session"),
          { type: "read", row: known, locked: false },
          rules(),
        );
        if (step.state.phase.kind === "valid") return step.state.phase.token.accessToken;
      }
      const row = await readRow(sessionId);
      const step = transition(
        startRenewal("session"),
        { type: "read", row, locked: false },
        rules(),
      );
      if (step.state.phase.kind !== "locking") return settle(step.state).accessToken;
      return singleFlight(sessionId, async () => {
        recent.delete(sessionId);
        const token = await renew(sessionId, step);
        remember(sessionId, token);
        return token.accessToken;
      });
    },
    async forService() {
      const step = transition(
        startRenewal("service"),
        { type: "read", row: serviceToken, locked: false },
        rules(),
      );
      if (step.state.phase.kind !== "locking") return settle(step.state).accessToken;
      return singleFlight(SERVICE_KEY, async () => {
        serviceToken = await renew(SERVICE_KEY, step);
        return serviceToken.accessToken;
      });
    },
  };
}
