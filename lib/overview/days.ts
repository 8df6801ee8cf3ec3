// Calendar days in the reader's time zone: the ingests-per-day chart counts by the reader's
// midnight, not the server's. Pure, so the edges (time zones, month ends) are tested.
import type { DayCount } from "./types";

// The IANA name if the runtime knows it (e.g. "Europe/Brussels"), else "UTC".
export function safeTimeZone(value: string | null | undefined): string {
  if (!value || value.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(value)) return "UTC";
  try {
    return new Intl.DateTimeFormat("en", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return "UTC";
  }
}

// YYYY-MM-DD of an instant in a time zone.
export function dayKey(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}`;
}

// The day before a YYYY-MM-DD date (calendar arithmetic, no time zone involved).
function previousDay(key: string): string {
  const date = new Date(`${key}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

// The last `count` days up to and including today in `timeZone`, oldest first.
export function lastDays(now: Date, timeZone: string, count: number): string[] {
  const keys = [dayKey(now, timeZone)];
  while (keys.length < count) keys.unshift(previousDay(keys[0] as string));
  return keys;
}

// One row of the per-day query: a day, a class of submission and how many.
export interface DayClassCount {
  day: string;
  kind: "ingested" | "warned" | "failed" | "inProgress";
  count: number;
}

// Every day of `days`, zero where the journal had nothing; rows outside `days` are dropped.
export function fillDays(days: readonly string[], rows: readonly DayClassCount[]): DayCount[] {
  const byDay = new Map<string, DayCount>(
    days.map((day) => [day, { day, ingested: 0, warned: 0, failed: 0, inProgress: 0 }]),
  );
  for (const row of rows) {
    const entry = byDay.get(row.day);
    if (entry) entry[row.kind] += row.count;
  }
  return [...byDay.values()];
}

// "21 Nov" for a YYYY-MM-DD key, in English as the rest of the dashboard.
export function shortDay(key: string): string {
  const date = new Date(`${key}T12:00:00Z`);
  return new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  }).format(date);
}

// "Friday 21 November 2025" for a YYYY-MM-DD key (built from parts: ICU versions differ on commas).
export function longDay(key: string): string {
  const date = new Date(`${key}T12:00:00Z`);
  const parts = new Intl.DateTimeFormat("en-GB", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("weekday")} ${get("day")} ${get("month")} ${get("year")}`;
}
