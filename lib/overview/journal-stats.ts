import "server-only";
// The overview's figures from the ingest journal, counted by the database: per day and class in
// the reader's time zone, durations to a final status, the latest submissions, the review queue.
// The reader sees what the journal page would show them: their own rows, or the tenant's (admins).
import { and, count, desc, eq, gte, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import type { DashboardDb } from "@/lib/db";
import { catalogueObjects, submissions } from "@/lib/db/schema";
import { JournalQuery } from "@/lib/journal/submission-filters";
import {
  journalConditions,
  labelJoin,
  toJournalEntry,
  type JournalViewer,
} from "@/lib/journal/submissions";
import { fillDays, lastDays, type DayClassCount } from "./days";
import { DURATION_BOUNDS, durationBuckets } from "./durations";
import type { DayCount, DurationSummary, OutcomeTotals, RecentSubmission } from "./types";

export const RECENT_COUNT = 8;

const warned = sql`coalesce(${submissions.pluginOutcome} @> '[{"status":"WARNING"}]'::jsonb or ${submissions.pluginOutcome} @> '[{"status":"FAILURE"}]'::jsonb, false)`;

// Every submission in exactly one class; any status but the two final ones is "in progress".
const kind = sql<DayClassCount["kind"]>`(case
  when ${submissions.lastStatus} = 'FAILED' then 'failed'
  when ${submissions.lastStatus} = 'INGESTED' and ${warned} then 'warned'
  when ${submissions.lastStatus} = 'INGESTED' then 'ingested'
  else 'inProgress' end)`;

const dayOf = (timeZone: string) =>
  sql<string>`to_char(${submissions.submittedAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;

export interface JournalStats {
  journalTotal: number;
  days: DayCount[];
  outcomes: OutcomeTotals;
  durations: DurationSummary;
  recent: RecentSubmission[];
  reviewQueue: number | null;
}

// Sums the per-day classes into the window's totals.
export function totalsOf(days: readonly DayCount[]): OutcomeTotals {
  const totals = { submitted: 0, ingested: 0, warned: 0, failed: 0, inProgress: 0, deleted: 0 };
  for (const d of days) {
    // `warned` submissions are INGESTED too: counted in both, as the reader expects.
    totals.ingested += d.ingested + d.warned;
    totals.warned += d.warned;
    totals.failed += d.failed;
    totals.inProgress += d.inProgress;
    totals.submitted += d.ingested + d.warned + d.failed + d.inProgress;
  }
  return totals;
}

// The journal's share of the overview for one reader, `windowDays` up to today in `timeZone`.
export async function journalStats(
  db: DashboardDb,
  viewer: JournalViewer,
  options: { timeZone: string; windowDays: number; now?: Date },
): Promise<JournalStats> {
  const now = options.now ?? new Date();
  const days = lastDays(now, options.timeZone, options.windowDays);
  const visible = journalConditions(viewer, JournalQuery.parse({}));
  // A coarse bound the index can use, then the exact first day in the reader's zone.
  const since = new Date(now.getTime() - (options.windowDays + 1) * 86_400_000);
  const inWindow: SQL[] = [
    ...visible,
    gte(submissions.submittedAt, since),
    sql`${dayOf(options.timeZone)} >= ${days[0]}`,
  ];

  const seconds = sql<number>`greatest(0, extract(epoch from (${submissions.lastStatusAt} - ${submissions.submittedAt})))`;
  const bucketCounts = [...DURATION_BOUNDS, null].map((upper, i) => {
    const lower = i === 0 ? null : DURATION_BOUNDS[i - 1];
    const above = lower === undefined || lower === null ? sql`true` : sql`${seconds} > ${lower}`;
    const below = upper === null ? sql`true` : sql`${seconds} <= ${upper}`;
    return sql<number>`(count(*) filter (where ${above} and ${below}))::int`;
  });

  const [[total], perDay, [timing], recentRows, review, [deleted]] = await Promise.all([
    db
      .select({ n: count() })
      .from(submissions)
      .where(and(...visible)),
    db
      .select({ day: dayOf(options.timeZone), kind, count: sql<number>`count(*)::int` })
      .from(submissions)
      .where(and(...inWindow))
      .groupBy(sql`1`, sql`2`),
    db
      .select({
        n: sql<number>`count(*)::int`,
        median: sql<number | null>`percentile_cont(0.5) within group (order by ${seconds})`,
        p90: sql<number | null>`percentile_cont(0.9) within group (order by ${seconds})`,
        ...Object.fromEntries(bucketCounts.map((expr, i) => [`b${i}`, expr])),
      })
      .from(submissions)
      .where(
        and(
          ...inWindow,
          inArray(submissions.lastStatus, ["INGESTED", "FAILED"]),
          isNotNull(submissions.lastStatusAt),
        ),
      ),
    db
      .select({
        row: submissions,
        title: catalogueObjects.title,
        objectState: catalogueObjects.state,
      })
      .from(submissions)
      .leftJoin(catalogueObjects, labelJoin)
      .where(and(...visible))
      .orderBy(desc(submissions.submittedAt), desc(submissions.id))
      .limit(RECENT_COUNT),
    viewer.isAdmin
      ? db
          .select({ n: count() })
          .from(submissions)
          .where(and(...journalConditions(viewer, JournalQuery.parse({ view: "review" }))))
      : Promise.resolve(null),
    // Ingested in the window, and since deleted: the tiles must not count them as kept.
    db
      .select({ n: sql<number>`count(distinct ${submissions.packageId})::int` })
      .from(submissions)
      .innerJoin(catalogueObjects, labelJoin)
      .where(
        and(
          ...inWindow,
          eq(submissions.lastStatus, "INGESTED"),
          eq(catalogueObjects.state, "deleted"),
        ),
      ),
  ]);

  const filled = fillDays(
    days,
    perDay.map((r) => ({ day: r.day, kind: r.kind, count: Number(r.count) })),
  );
  const timingRow = (timing ?? {}) as Record<string, unknown>;
  const asNumber = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    journalTotal: Number(total?.n ?? 0),
    days: filled,
    outcomes: { ...totalsOf(filled), deleted: Number(deleted?.n ?? 0) },
    durations: {
      count: Number(timingRow.n ?? 0),
      medianSeconds: asNumber(timingRow.median),
      p90Seconds: asNumber(timingRow.p90),
      buckets: durationBuckets(bucketCounts.map((_, i) => Number(timingRow[`b${i}`] ?? 0))),
    },
    recent: recentRows.map((r) => {
      const entry = toJournalEntry(r.row, r);
      return {
        packageId: entry.packageId,
        title: entry.title,
        objectState: entry.objectState,
        submissionName: entry.submissionName,
        profile: entry.profile,
        userName: entry.user.name,
        submittedAt: entry.submittedAt,
        lastStatus: entry.lastStatus,
        pluginOutcome: entry.pluginOutcome,
      };
    }),
    reviewQueue: review ? Number(review[0]?.n ?? 0) : null,
  };
}
