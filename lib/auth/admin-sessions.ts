import "server-only";
// Administrators' view of who is signed in, and ending another user's sessions. The admin
// check is here, on the server, whatever the page shows.
import { getDb } from "@/lib/db";
import { recordAudit } from "@/lib/journal/audit";
import type { CurrentSession } from "./session";
import { sessionDeadline } from "./session-rules";
import { endUserSessions, listActiveSessions } from "./session-store";
import { limits } from "./settings";

// Refused because the caller is not an administrator.
export class AdminOnlyError extends Error {
  constructor() {
    super("Only an administrator may do this.");
    this.name = "AdminOnlyError";
  }
}

// One signed-in user and their open sessions, without ids or tokens.
export interface ActiveUser {
  userId: string;
  name: string;
  email: string | null;
  roles: string[];
  tenants: string[];
  sessions: { tenant: string; createdAt: Date; lastSeenAt: Date; expiresAt: Date }[];
}

// Users with at least one session that can still serve a request, by name.
export async function listActiveUsers(admin: CurrentSession): Promise<ActiveUser[]> {
  if (!admin.isAdmin) throw new AdminOnlyError();
  const limit = limits();
  const rows = await listActiveSessions(await getDb(), limit);
  const users = new Map<string, ActiveUser>();
  for (const row of rows) {
    const user = users.get(row.userId) ?? {
      userId: row.userId,
      name: row.userName,
      email: row.email,
      roles: row.roles,
      tenants: row.tenants,
      sessions: [],
    };
    user.sessions.push({
      tenant: row.tenant,
      createdAt: row.createdAt,
      lastSeenAt: row.lastSeenAt,
      expiresAt: sessionDeadline(row, limit),
    });
    users.set(row.userId, user);
  }
  return [...users.values()];
}

// Ends every open session of `userId` (they must sign in again); audited either way.
export async function endSessionsOfUser(admin: CurrentSession, userId: string): Promise<number> {
  const actor = { id: admin.user.id, name: admin.user.name };
  if (!admin.isAdmin) {
    await recordAudit({
      actor,
      action: "session.end",
      target: `user:${userId}`,
      outcome: "denied",
    });
    throw new AdminOnlyError();
  }
  const ended = await endUserSessions(await getDb(), userId, "ended-by-admin", admin.user.id);
  await recordAudit({
    actor,
    action: "session.end",
    target: `user:${userId}`,
    outcome: "success",
    detail: { sessions: ended },
  });
  return ended;
}
