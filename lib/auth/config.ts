import "server-only";
// next-auth configuration: one generic OIDC provider (id "oidc"), JWT strategy whose encrypted
// cookie names only the session row; the row, not the cookie, decides whether a request is in.
import type { NextAuthConfig, Session } from "next-auth";
import type { JWT } from "next-auth/jwt";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { recordAudit } from "@/lib/journal/audit";
import type { Claims, SignedInIdentity } from "./claims";
import { getSessionLookup } from "@/lib/server/container";
import { SIGN_IN_PATH } from "./sign-in-path";
import { issuerDisplayName, limits } from "./settings";
import { resolveIdentity, signInTokens, type SignInAccount } from "./sign-in-identity";
import { checkSession, createSession, endSession, type CheckedSession } from "./session-store";

export const PROVIDER_ID = "oidc";

// The identity found by the signIn callback, handed to the jwt callback of the same request
// (both receive the same `account` object).
const identities = new WeakMap<object, SignedInIdentity>();
// The row the jwt callback checked, handed to the session callback (same `token` object).
const checkedRows = new WeakMap<object, CheckedSession>();

// What /api/auth/session answers and auth() returns: presentation only, never an id or token.
export interface SessionPayload extends Session {
  user: { name: string; roles: string[]; tenants: string[] };
  tenant: string;
}

const callbacks: NextAuthConfig["callbacks"] = {
  async signIn({ account, profile }) {
    if (!account) return false;
    const identity = await resolveIdentity(profile as Claims | undefined, account);
    if (identity.tenants.length === 0) {
      await recordAudit({
        actor: { id: identity.sub, name: identity.name },
        action: "auth.sign-in",
        outcome: "denied",
        detail: { reason: `no tenant in the "${env.OIDC_TENANTS_CLAIM}" claim` },
      });
      return `${SIGN_IN_PATH}?error=NoTenant`;
    }
    identities.set(account, identity);
    return true;
  },

  async jwt({ token, account, profile }): Promise<JWT | null> {
    if (account) {
      const identity =
        identities.get(account) ?? (await resolveIdentity(profile as Claims | undefined, account));
      const tokens = signInTokens(account as SignInAccount);
      const idToken = (account as SignInAccount).id_token;
      const sid = await createSession(await getDb(), identity, tokens, idToken);
      await recordAudit({
        actor: { id: identity.sub, name: identity.name },
        action: "auth.sign-in",
        outcome: "success",
        tenant: identity.tenant,
        detail: { roles: identity.roles, tenants: identity.tenants },
      });
      // Only the session id and the provider's subject: never a token, never next-auth's random id.
      return { sid, sub: identity.sub };
    }
    const scope = getSessionLookup().getStore();
    const sid = typeof token.sid === "string" ? token.sid : undefined;
    const checked = sid ? await checkSession(await getDb(), sid, limits()) : null;
    if (!checked) {
      if (scope) scope.refused = true;
      return null;
    }
    if (scope) scope.checked = checked;
    checkedRows.set(token, checked);
    return token;
  },

  async session({ token }) {
    const checked = checkedRows.get(token);
    if (!checked) throw new Error("session callback without a checked session");
    const { row, expiresAt } = checked;
    const payload: SessionPayload = {
      user: { name: row.userName, roles: row.roles, tenants: row.tenants },
      tenant: row.tenant,
      expires: expiresAt.toISOString(),
    };
    return payload;
  },
};

// Errors are logged by name and message only: next-auth's default also prints request details.
const logger: NextAuthConfig["logger"] = {
  error(error) {
    const cause = (error.cause as { err?: unknown } | undefined)?.err;
    const why = cause instanceof Error ? ` (cause: ${cause.message})` : "";
    console.error(`[auth] ${error.name}: ${error.message}${why}`);
  },
  warn(code) {
    console.warn(`[auth] warning: ${code}`);
  },
  debug() {},
};

// Builds the configuration per request, so environment problems surface at run time, not build.
export function authConfig(): NextAuthConfig {
  return {
    secret: env.AUTH_SECRET,
    trustHost: true,
    basePath: "/api/auth",
    session: { strategy: "jwt", maxAge: env.SESSION_ABSOLUTE_HOURS * 3600 },
    pages: { signIn: SIGN_IN_PATH, error: SIGN_IN_PATH },
    providers: [
      {
        id: PROVIDER_ID,
        name: issuerDisplayName(),
        type: "oidc",
        issuer: env.OIDC_ISSUER,
        clientId: env.OIDC_CLIENT_ID,
        clientSecret: env.OIDC_CLIENT_SECRET,
        authorization: { params: { scope: env.OIDC_SCOPES } },
        checks: ["pkce", "state", "nonce"],
        profile(claims) {
          return { id: String(claims.sub), name: claims.name ?? null, email: claims.email ?? null };
        },
      },
    ],
    callbacks,
    events: {
      async signOut(message) {
        const token = "token" in message ? message.token : null;
        if (typeof token?.sid === "string")
          await endSession(await getDb(), token.sid, "signed-out");
      },
    },
    logger,
  };
}
