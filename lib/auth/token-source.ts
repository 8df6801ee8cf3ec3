import "server-only";
// Upstream tokens, renewed one at a time: in-process one promise per key, and across
// dashboard instances a row lock (SELECT ... FOR UPDATE) with the expiry re-checked after it.
import { eq } from "drizzle-orm";
import type { DashboardDb } from "@/lib/db/client";
import { upstreamTokens } from "@/lib/db/schema";
import { OidcError, type TokenGrant } from "./oidc-client";
import { endSession } from "./session-store";

export const SERVICE_KEY = "service";

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
}

export interface TokenSource {
  // The access token of a signed-in session (user mode).
  forSession(sessionId: string): Promise<string>;
  // The dashboard's own client-credentials token (service mode).
  forService(): Promise<string>;
}

// renewedAt is null when the token's lifetime is unknown; then the plain margin applies.
type Held = { token: string; expiresAt: Date; renewedAt: Date | null };
type Outcome = Held | { lost: string };

// Builds a token source over one database; each instance keeps its own in-process state.
export function createTokenSource(options: TokenSourceOptions): TokenSource {
  const { db, marginMs } = options;
  const now = options.now ?? Date.now;
  const inFlight = new Map<string, Promise<string>>();
  let serviceToken: Held | undefined;

  const fresh = (expiresAt: Date, renewedAt: Date | null) => {
    const lifetime = renewedAt ? expiresAt.getTime() - renewedAt.getTime() : Infinity;
    return expiresAt.getTime() - now() > Math.min(marginMs, lifetime / 4);
  };

  function singleFlight(key: string, renew: () => Promise<string>): Promise<string> {
    const running = inFlight.get(key);
    if (running) return running;
    const promise = renew().finally(() => inFlight.delete(key));
    inFlight.set(key, promise);
    return promise;
  }

  function unavailable(error: unknown): never {
    if (error instanceof UpstreamTokenError) throw error;
    const detail = error instanceof OidcError ? error.message : "The identity provider failed.";
    throw new UpstreamTokenError("unavailable", detail);
  }

  async function renewSession(key: string): Promise<string> {
    const outcome = await db
      .transaction(async (tx): Promise<Outcome> => {
        const [row] = await tx
          .select()
          .from(upstreamTokens)
          .where(eq(upstreamTokens.key, key))
          .for("update");
        if (!row) return { lost: "The session has ended." };
        // Another instance may have renewed while this one waited for the lock.
        if (fresh(row.expiresAt, row.renewedAt))
          return { token: row.accessToken, expiresAt: row.expiresAt, renewedAt: row.renewedAt };
        if (!row.refreshToken) {
          await endSession(tx, key, "expired");
          return {
            lost: "The upstream token expired and the identity provider issues no refresh token.",
          };
        }
        let grant: TokenGrant;
        try {
          grant = await options.refresh(row.refreshToken);
        } catch (error) {
          if (error instanceof OidcError && error.code === "invalid_grant") {
            await endSession(tx, key, "refresh-failed");
            return { lost: "The identity provider no longer accepts this sign-in." };
          }
          throw error;
        }
        const renewedAt = new Date(now());
        await tx
          .update(upstreamTokens)
          .set({
            accessToken: grant.accessToken,
            // Providers that rotate refresh tokens revoke the grant if the old one is reused.
            refreshToken: grant.refreshToken ?? row.refreshToken,
            expiresAt: grant.expiresAt,
            renewedAt,
          })
          .where(eq(upstreamTokens.key, key));
        return { token: grant.accessToken, expiresAt: grant.expiresAt, renewedAt };
      })
      .catch(unavailable);
    if ("lost" in outcome)
      throw new UpstreamTokenError("session_ended", `${outcome.lost} Sign in again.`);
    return outcome.token;
  }

  async function renewService(): Promise<string> {
    const outcome = await db
      .transaction(async (tx) => {
        // The row must exist before it can be locked; an expired placeholder forces a renewal.
        await tx
          .insert(upstreamTokens)
          .values({ key: SERVICE_KEY, accessToken: "", expiresAt: new Date(0) })
          .onConflictDoNothing();
        const [row] = await tx
          .select()
          .from(upstreamTokens)
          .where(eq(upstreamTokens.key, SERVICE_KEY))
          .for("update");
        if (row && row.accessToken && fresh(row.expiresAt, row.renewedAt)) {
          return { token: row.accessToken, expiresAt: row.expiresAt, renewedAt: row.renewedAt };
        }
        const grant = await options.clientCredentials();
        const renewedAt = new Date(now());
        await tx
          .update(upstreamTokens)
          .set({
            accessToken: grant.accessToken,
            expiresAt: grant.expiresAt,
            renewedAt,
          })
          .where(eq(upstreamTokens.key, SERVICE_KEY));
        return { token: grant.accessToken, expiresAt: grant.expiresAt, renewedAt };
      })
      .catch(unavailable);
    serviceToken = outcome;
    return outcome.token;
  }

  return {
    async forSession(sessionId) {
      const [row] = await db.select().from(upstreamTokens).where(eq(upstreamTokens.key, sessionId));
      if (row && fresh(row.expiresAt, row.renewedAt)) return row.accessToken;
      if (!row)
        throw new UpstreamTokenError("session_ended", "The session has ended. Sign in again.");
      return singleFlight(sessionId, () => renewSession(sessionId));
    },
    async forService() {
      if (serviceToken && fresh(serviceToken.expiresAt, serviceToken.renewedAt))
        return serviceToken.token;
      return singleFlight(SERVICE_KEY, renewService);
    },
  };
}
