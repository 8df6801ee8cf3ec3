import "server-only";
// The audit log as the admin pages read it: filtered (the journal's listAudit has no target or
// partial-name filter), newest first, in pages, and streamed whole for the CSV and JSON exports.
// Read only: nothing here changes an entry.
import { and, desc, eq, gte, ilike, inArray, isNull, lt, lte, or, type SQL } from "drizzle-orm";
import type { DashboardDb } from "@/lib/db";
import { auditLog } from "@/lib/db/schema";
import {
  auditCsvLine,
  CSV_COLUMNS,
  csvLine,
  dateRange,
  type AuditFilters,
  type AuditRow,
} from "./audit-filters";

export const PAGE_SIZE = 100;
const EXPORT_PAGE = 500;

// `%` and `_` typed by a person are meant literally.
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function conditions(
  filters: AuditFilters,
  tenants: readonly string[],
  before?: number,
): SQL | undefined {
  const parts: (SQL | undefined)[] = [
    // The dashboard's own entries (no tenant) and those of the admin's tenants.
    or(isNull(auditLog.tenant), inArray(auditLog.tenant, [...tenants, ""])),
  ];
  if (filters.action) parts.push(eq(auditLog.action, filters.action));
  if (filters.outcome) parts.push(eq(auditLog.outcome, filters.outcome));
  if (filters.actor) {
    parts.push(
      or(
        ilike(auditLog.actorName, contains(filters.actor)),
        ilike(auditLog.actorId, contains(filters.actor)),
      ),
    );
  }
  if (filters.target) parts.push(ilike(auditLog.target, contains(filters.target)));
  const { from, to } = dateRange(filters);
  if (from) parts.push(gte(auditLog.at, from));
  if (to) parts.push(lte(auditLog.at, to));
  if (before !== undefined) parts.push(lt(auditLog.id, before));
  return and(...parts);
}

function toRow(record: typeof auditLog.$inferSelect): AuditRow {
  return { ...record, at: record.at.toISOString() };
}

// One page of entries, newest first; `before` is the last id of the previous page.
export async function queryAudit(
  db: DashboardDb,
  filters: AuditFilters,
  tenants: readonly string[],
  page: { before?: number; limit?: number } = {},
): Promise<{ entries: AuditRow[]; nextBefore: number | null }> {
  const limit = Math.min(Math.max(page.limit ?? PAGE_SIZE, 1), EXPORT_PAGE);
  const records = await db
    .select()
    .from(auditLog)
    .where(conditions(filters, tenants, page.before))
    .orderBy(desc(auditLog.id))
    .limit(limit + 1);
  const entries = records.slice(0, limit).map(toRow);
  const last = entries.at(-1);
  return { entries, nextBefore: records.length > limit && last ? last.id : null };
}

// The actions the log holds, for the action filter.
export async function auditActions(db: DashboardDb): Promise<string[]> {
  const rows = await db
    .selectDistinct({ action: auditLog.action })
    .from(auditLog)
    .orderBy(auditLog.action);
  return rows.map((r) => r.action);
}

// Every matching entry, page by page, so an export never holds the whole log in memory.
export function exportAudit(
  db: DashboardDb,
  filters: AuditFilters,
  tenants: readonly string[],
  format: "csv" | "json",
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let before: number | undefined;
  let started = false;
  let first = true;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(format === "csv" ? csvLine(CSV_COLUMNS) : "[\n"));
      }
      const { entries, nextBefore } = await queryAudit(db, filters, tenants, {
        before,
        limit: EXPORT_PAGE,
      });
      const text = entries
        .map((row) => {
          if (format === "csv") return auditCsvLine(row);
          const json = `${first ? "" : ",\n"}${JSON.stringify(row)}`;
          first = false;
          return json;
        })
        .join("");
      if (text) controller.enqueue(encoder.encode(text));
      if (nextBefore === null) {
        if (format === "json") controller.enqueue(encoder.encode("\n]\n"));
        controller.close();
      } else {
        before = nextBefore;
      }
    },
  });
}
