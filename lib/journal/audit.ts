import "server-only";
// The dashboard's audit log: who did what, to which target, and how it ended. Insert only;
// the database itself refuses UPDATE and DELETE on the table.
import { and, desc, eq, gte, lt, lte, type SQL } from "drizzle-orm";
import { getDb, type DashboardDb } from "@/lib/db";
import { auditLog } from "@/lib/db/schema";

export type AuditOutcome = "success" | "failure" | "denied";

export interface AuditActor {
  id: string;
  name: string;
}

// For what the dashboard does on its own (a lapsed session, a failed renewal).
export const SYSTEM_ACTOR: AuditActor = { id: "system", name: "Scriptorium" };

export interface AuditEntry {
  actor: AuditActor;
  // Dotted verb, e.g. "auth.sign-in", "session.end", "object.delete".
  action: string;
  target?: string | null;
  outcome: AuditOutcome;
  tenant?: string | null;
  // Facts that help a reader later; never a token, secret or file content.
  detail?: Record<string, unknown> | null;
}

export type AuditRecord = typeof auditLog.$inferSelect;

export interface AuditFilters {
  actorId?: string;
  action?: string;
  tenant?: string;
  outcome?: AuditOutcome;
  from?: Date;
  to?: Date;
  // Rows with a smaller id than this (the last id of the previous page).
  before?: number;
  // Default 100, at most 500.
  limit?: number;
}

// Appends one entry to the audit log, or several in one statement.
export async function recordAudit(
  entries: AuditEntry | readonly AuditEntry[],
  db?: DashboardDb,
): Promise<void> {
  const list: readonly AuditEntry[] = Array.isArray(entries) ? entries : [entries as AuditEntry];
  if (list.length === 0) return;
  const target = db ?? (await getDb());
  await target.insert(auditLog).values(
    list.map((entry) => ({
      actorId: entry.actor.id,
      actorName: entry.actor.name,
      action: entry.action,
      target: entry.target ?? null,
      outcome: entry.outcome,
      tenant: entry.tenant ?? null,
      detail: entry.detail ?? null,
    })),
  );
}

// Audit entries matching every given filter, newest first.
export async function listAudit(
  filters: AuditFilters = {},
  db?: DashboardDb,
): Promise<AuditRecord[]> {
  const target = db ?? (await getDb());
  const conditions: SQL[] = [];
  if (filters.actorId) conditions.push(eq(auditLog.actorId, filters.actorId));
  if (filters.action) conditions.push(eq(auditLog.action, filters.action));
  if (filters.tenant) conditions.push(eq(auditLog.tenant, filters.tenant));
  if (filters.outcome) conditions.push(eq(auditLog.outcome, filters.outcome));
  if (filters.from) conditions.push(gte(auditLog.at, filters.from));
  if (filters.to) conditions.push(lte(auditLog.at, filters.to));
  if (filters.before !== undefined) conditions.push(lt(auditLog.id, filters.before));
  const limit = Math.min(Math.max(filters.limit ?? 100, 1), 500);
  return target
    .select()
    .from(auditLog)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(limit);
}
