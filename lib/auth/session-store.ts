import "server-only";
// The `sessions` rows and their upstream tokens: create at sign-in, judge on each request,
// end on sign-out, by an admin or when the identity provider refuses a renewal.
import { randomBytes } from "node:crypto";
import { and, asc, eq, gt, inArray, isNull } from "drizzle-orm";
import type { DashboardDb } from "@/lib/db/client";
import { sessions, upstreamTokens } from "@/lib/db/schema";
import { getSessionCache } from "@/lib/server/container";
import type { SignedInIdentity } from "./claims";
import type { TokenGrant } from "./oidc-client";
import {
  judgeSession,
  TOUCH_INTERVAL_MS,
  type SessionLimits,
  type SessionVerdict,
} from "./session-rules";

export type SessionRow = typeof sessions.$inferSelect;

// A database handle or an open transaction: session changes happen inside token renewals too.
export type DbExecutor = DashboardDb | Parameters<Parameters<DashboardDb["transaction"]>[0]>[0];

export type EndReason = "signed-out" | "ended-by-admin" | "idle" | "expired" | "refresh-failed";

// Records a new sign-in and its upstream tokens; returns the opaque session id.
export async function createSession(
  db: DashboardDb,
  identity: SignedInIdentity,
  tokens: TokenGrant | undefined,
  idToken?: string,
): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  await db.transaction(async (tx) => {
    await tx.insert(sessions).values({
      id,
      userId: identity.sub,
      userName: identity.name,
      email: identity.email ?? null,
      roles: identity.roles,
      tenants: identity.tenants,
      tenant: identity.tenant,
      idToken: idToken ?? null,
    });
    if (tokens) {
      await tx.insert(upstreamTokens).values({
        key: id,
        accessToken: tokens.accessToken,
        refreshToken: tokens.refreshToken ?? null,
        expiresAt: tokens.expiresAt,
        // The token's lifetime (expiry minus this) decides how early it is renewed.
        renewedAt: new Date(),
      });
    }
  });
  return id;
}

// Ends one session and forgets its upstream tokens. Returns false if it had already ended.
export async function endSession(
  db: DbExecutor,
  id: string,
  reason: EndReason,
  endedBy?: string,
): Promise<boolean> {
  // This process refuses the session from now on; other instances within the cache's TTL.
  getSessionCache().forget([id]);
  const ended = await db
    .update(sessions)
    .set({ endedAt: new Date(), endReason: reason, endedBy: endedBy ?? null, idToken: null })
    .where(and(eq(sessions.id, id), isNull(sessions.endedAt)))
    .returning({ id: sessions.id });
  await db.delete(upstreamTokens).where(eq(upstreamTokens.key, id));
  return ended.length > 0;
}

// Ends every open session of a user; returns how many were open.
export async function endUserSessions(
  db: DashboardDb,
  userId: string,
  reason: EndReason,
  endedBy: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(sessions)
      .set({ endedAt: new Date(), endReason: reason, endedBy, idToken: null })
      .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)))
      .returning({ id: sessions.id });
    getSessionCache().forget(ended.map((row) => row.id));
    if (ended.length > 0) {
      await tx.delete(upstreamTokens).where(
        inArray(
          upstreamTokens.key,
          ended.map((row) => row.id),
        ),
      );
    }
    return ended.length;
  });
}

export interface CheckedSession {
  row: SessionRow;
  expiresAt: Date;
}

// Looks a session up for a request at `now`: ends it if it lapsed, records the visit at most
// once every few seconds (TOUCH_INTERVAL_MS), and returns it only while it may be used.
export async function checkSession(
  db: DashboardDb,
  id: string,
  limits: SessionLimits,
  now = new Date(),
): Promise<CheckedSession | null> {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id));
  if (!row) return null;
  const verdict: SessionVerdict = judgeSession(row, now, limits);
  if (!verdict.active) {
    if (verdict.reason !== "ended") await endSession(db, id, verdict.reason);
    return null;
  }
  if (verdict.touch) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
    row.lastSeenAt = now;
  }
  return { row, expiresAt: verdict.expiresAt };
}

// The ID token a session signed in with, for the provider's end-session request.
export async function sessionIdToken(db: DbExecutor, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ idToken: sessions.idToken })
    .from(sessions)
    .where(and(eq(sessions.id, id), isNull(sessions.endedAt)));
  return row?.idToken ?? undefined;
}

// Sessions that can still serve a request, oldest first, for the admin page.
export async function listActiveSessions(
  db: DashboardDb,
  limits: SessionLimits,
  now = new Date(),
): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(
      and(
        isNull(sessions.endedAt),
        gt(sessions.lastSeenAt, new Date(now.getTime() - limits.idleMs - TOUCH_INTERVAL_MS)),
        gt(sessions.createdAt, new Date(now.getTime() - limits.absoluteMs)),
      ),
    )
    .orderBy(asc(sessions.userName), asc(sessions.createdAt));
}

// Switches the tenant a session works in; only a tenant the user has. Returns false otherwise.
export async function setSessionTenant(
  db: DashboardDb,
  id: string,
  tenant: string,
): Promise<boolean> {
  const [row] = await db
    .select({ tenants: sessions.tenants })
    .from(sessions)
    .where(eq(sessions.id, id));
  if (!row || !row.tenants.includes(tenant)) return false;
  getSessionCache().forget([id]);
  const updated = await db
    .update(sessions)
    .set({ tenant })
    .where(and(eq(sessions.id, id), isNull(sessions.endedAt)))
    .returning({ id: sessions.id });
  return updated.length > 0;
}
