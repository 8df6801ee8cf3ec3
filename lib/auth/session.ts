import "server-only";
// The signed-in session of the current request, for pages, server actions and route handlers.
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { getDb } from "@/lib/db";
import { SIGN_IN_PATH } from "./config";
import { auth } from "./next-auth";
import { sessionLookupStorage, type SessionLookup } from "./request-scope";
import { ADMIN_ROLE } from "./session-rules";
import { setSessionTenant } from "./session-store";

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

// One lookup per request render: the layout and the page share it.
const lookUp = cache(async (): Promise<{ session: CurrentSession | null; refused: boolean }> => {
  const scope: SessionLookup = {};
  await sessionLookupStorage().run(scope, () => auth());
  const row = scope.checked?.row;
  if (!row || !scope.checked) return { session: null, refused: scope.refused === true };
  return {
    refused: false,
    session: {
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
      expiresAt: scope.checked.expiresAt,
    },
  };
});

// The current session, or null when nobody is signed in or the session ended or lapsed.
// Records activity (last_seen_at) at most once a minute.
export async function getCurrentSession(): Promise<CurrentSession | null> {
  return (await lookUp()).session;
}

// A same-site path to return to after sign-in, or undefined for anything else.
export function safeCallbackPath(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) {
    return undefined;
  }
  return value;
}

// The sign-in page URL that returns to `callbackPath` afterwards.
export function signInPath(callbackPath?: string, reason?: "ended"): string {
  const query = new URLSearchParams();
  const back = safeCallbackPath(callbackPath);
  if (back && !back.startsWith(SIGN_IN_PATH)) query.set("callbackUrl", back);
  if (reason) query.set("reason", reason);
  const search = query.toString();
  return search ? `${SIGN_IN_PATH}?${search}` : SIGN_IN_PATH;
}

// The session, or a redirect to /sign-in?callbackUrl=... (pages, layouts and server actions).
export async function requireSession(callbackPath?: string): Promise<CurrentSession> {
  const { session, refused } = await lookUp();
  if (session) return session;
  const path = callbackPath ?? (await headers()).get(REQUEST_PATH_HEADER) ?? undefined;
  redirect(signInPath(path, refused ? "ended" : undefined));
}

// Switches the session to another of the user's tenants; false if the user lacks it.
export async function setTenant(sessionId: string, tenant: string): Promise<boolean> {
  return setSessionTenant(await getDb(), sessionId, tenant);
}
