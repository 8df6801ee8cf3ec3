// The audit log's filters as the page, the list route and the export routes share them: read from
// a query string leniently (a bad value is dropped, never an error) and written back to one.
import type { AuditOutcome } from "@/lib/journal/audit";
import { findUnstorableText } from "@scriptorium/contract/storable-text";

export const AUDIT_OUTCOMES: readonly AuditOutcome[] = ["success", "failure", "denied"];

export interface AuditFilters {
  // Exact action, e.g. "object.delete".
  action?: string;
  // Part of the actor's name or id, any case.
  actor?: string;
  outcome?: AuditOutcome;
  // Dates (YYYY-MM-DD), both days included.
  from?: string;
  to?: string;
  // Part of the target, any case (a poId, a package id).
  target?: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const FIELDS = ["action", "actor", "outcome", "from", "to", "target"] as const;

function validDate(value: string): boolean {
  return DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}

// The filters a query string names; unknown outcomes and malformed dates are left out.
export function readAuditFilters(params: URLSearchParams): AuditFilters {
  const filters: AuditFilters = {};
  for (const field of FIELDS) {
    const value = params.get(field)?.trim().slice(0, 200);
    // Text no database can hold (U+0000) would fail the query: dropped like any malformed value.
    if (!value || findUnstorableText(value)) continue;
    if (field === "outcome") {
      if ((AUDIT_OUTCOMES as readonly string[]).includes(value))
        filters.outcome = value as AuditOutcome;
    } else if (field === "from" || field === "to") {
      if (validDate(value)) filters[field] = value;
    } else {
      filters[field] = value;
    }
  }
  return filters;
}

// The filters as a query string without the leading "?" (empty values left out).
export function auditFilterQuery(filters: AuditFilters): string {
  const params = new URLSearchParams();
  for (const field of FIELDS) {
    const value = filters[field];
    if (value) params.set(field, value);
  }
  return params.toString();
}

// The instants a date range stands for: from the start of `from` to the end of `to` (UTC).
export function dateRange(filters: Pick<AuditFilters, "from" | "to">): { from?: Date; to?: Date } {
  return {
    ...(filters.from ? { from: new Date(`${filters.from}T00:00:00.000Z`) } : {}),
    ...(filters.to ? { to: new Date(`${filters.to}T23:59:59.999Z`) } : {}),
  };
}

// An audit entry as the list and export routes answer it.
export interface AuditRow {
  id: number;
  at: string;
  actorId: string;
  actorName: string;
  tenant: string | null;
  action: string;
  target: string | null;
  outcome: string;
  detail: Record<string, unknown> | null;
}

export const CSV_COLUMNS = [
  "id",
  "at",
  "actorId",
  "actorName",
  "tenant",
  "action",
  "target",
  "outcome",
  "detail",
] as const satisfies readonly (keyof AuditRow)[];

// One CSV field (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled.
// A value a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading '.
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text =
    typeof value === "string"
      ? value
      : typeof value === "object"
        ? JSON.stringify(value)
        : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

// One CSV record with its CRLF line end.
export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}

// An audit row as a CSV record, in CSV_COLUMNS order.
export function auditCsvLine(row: AuditRow): string {
  return csvLine(CSV_COLUMNS.map((column) => row[column]));
}
