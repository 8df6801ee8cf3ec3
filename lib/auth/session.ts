import "server-only";
// The signed-in session of the current request, for pages, server actions and route handlers.
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { getDb } from "@/lib/db";
import { auth } from "./next-auth";
import { getSessionCache, getSessionLookup } from "@/lib/server/container";
import type { SessionLookup } from "./request-scope";
import { lookUpSession, sessionCookieKey } from "./session-cache";
import type { CheckedSession } from "./session-store";
import { ADMIN_ROLE } from "./session-rules";
import { setSessionTenant } from "./session-store";
import { signInPath } from "./sign-in-path";

export { safeCallbackPath, signInPath } from "./sign-in-path";

export interface CurrentSession {
  // The dashboard session id (the key of its upstream token); never send it to the browser.
  id: string;
  user: { id: string; name: string; email?: string; roles: string[]; tenants: string[] };
  // The tenant the user works in now; one of user.tenants.
  tenant: string;
  isAdmin: boolean;
  // When the session lapses unless the user is active again (idle or absolute limit).
  expiresAt: Date;
}

// A request header proxy.ts may set to the requested path and query, so a redirect to sign-in
// can bring the user back; pages may also pass their path to requireSession().
export const REQUEST_PATH_HEADER = "x-scriptorium-path";

export interface SessionState {
  session: CurrentSession | null;
  // A session cookie came in, but its session had ended or lapsed.
  refused: boolean;
}

// The session a checked row describes.
export function sessionOf({ row, expiresAt }: CheckedSession): CurrentSession {
  return {
    id: row.id,
    user: {
      id: row.userId,
      name: row.userName,
      ...(row.email ? { email: row.email } : {}),
      roles: row.roles,
      tenants: row.tenants,
    },
    tenant: row.tenant,
    isAdmin: row.roles.includes(ADMIN_ROLE),
    expiresAt,
  };
}

// One lookup per request render: the layout and the page share it. A session cookie found valid
// a moment ago skips next-auth (its decryption) and the database (lib/auth/session-cache.ts).
const lookUp = cache(async (): Promise<SessionState> => {
  const key = sessionCookieKey((await cookies()).getAll());
  const scope: SessionLookup = {};
  const checked = await lookUpSession(getSessionCache(), key, async () => {
    await getSessionLookup().run(scope, () => auth());
    return scope.checked ?? null;
  });
  if (!checked) return { session: null, refused: scope.refused === true };
  return { refused: false, session: sessionOf(checked) };
});

// The current session, or null when nobody is signed in or the session ended or lapsed.
// Records activity (last_seen_at) at most once every few seconds.
export async function getCurrentSession(): Promise<CurrentSession | null> {
  return (await lookUp()).session;
}

// The session and, without one, whether the visitor's session has just ended (for layouts that
// explain it); most callers want getCurrentSession() or requireSession().
export async function getSessionState(): Promise<SessionState> {
  return lookUp();
}

// The path a proxy.ts recorded for this request, if any.
export async function requestPath(): Promise<string | undefined> {
  return (await headers()).get(REQUEST_PATH_HEADER) ?? undefined;
}

// The session, or a redirect to /sign-in?callbackUrl=... (pages, layouts and server actions).
export async function requireSession(callbackPath?: string): Promise<CurrentSession> {
  const { session, refused } = await lookUp();
  if (session) return session;
  redirect(signInPath(callbackPath ?? (await requestPath()), refused ? "ended" : undefined));
}

// Switches the session to another of the user's tenants; false if the user lacks it.
export async function setTenant(sessionId: string, tenant: string): Promise<boolean> {
  return setSessionTenant(await getDb(), sessionId, tenant);
}
