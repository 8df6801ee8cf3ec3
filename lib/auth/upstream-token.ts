import "server-only";
// The bearer token for calls to the archive. The browser never sees it: mode `user` uses the
// signed-in user's own token kept in the database, mode `service` the dashboard's own.
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { requestToken } from "./oidc-client";
import type { CurrentSession } from "./session";
import { oidcSettings, TOKEN_MARGIN_MS } from "./settings";
import { createTokenSource, type TokenSource } from "./token-source";

export { UpstreamTokenError } from "./token-source";

// One source per process (on globalThis: routes do not share module state), so renewals of
// the same key in this process share one promise.
const holder = globalThis as typeof globalThis & {
  __scriptoriumTokenSource?: Promise<TokenSource>;
};

function tokenSource(): Promise<TokenSource> {
  holder.__scriptoriumTokenSource ??= getDb().then((db) =>
    createTokenSource({
      db,
      marginMs: TOKEN_MARGIN_MS,
      refresh: (refreshToken) =>
        requestToken(oidcSettings(), { grant_type: "refresh_token", refresh_token: refreshToken }),
      clientCredentials: () => requestToken(oidcSettings(), { grant_type: "client_credentials" }),
    }),
  );
  holder.__scriptoriumTokenSource.catch(() => (holder.__scriptoriumTokenSource = undefined));
  return holder.__scriptoriumTokenSource;
}

// A valid access token for upstream calls made for `session`, renewed when it nears expiry.
// Throws UpstreamTokenError: `session_ended` (answer 401, sign in again) or `unavailable` (503).
export async function getUpstreamToken(session: CurrentSession): Promise<string> {
  const source = await tokenSource();
  return env.UPSTREAM_TOKEN_MODE === "service"
    ? source.forService()
    : source.forSession(session.id);
}
