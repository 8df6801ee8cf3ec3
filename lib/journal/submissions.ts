import "server-only";
// Reading and reviewing the ingest journal (the `submissions` table). Rows are written by the
// ingest routes and kept current by the status hub through lib/api/journal.ts; this module lists
// them with filters, answers the review queue and records reviews.
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lte,
  notInArray,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import type { DashboardDb } from "@/lib/db";
import { batchItems, catalogueObjects, submissions } from "@/lib/db/schema";
import { SIP_TERMINAL_STATUSES } from "@scriptorium/contract/ingest/schemas";
import { pluginOutcomeOf } from "@/lib/ingest/watch/plugin-reports";
import { findUnstorableText } from "@scriptorium/contract/storable-text";
import {
  IN_PROGRESS,
  JOURNAL_PAGE_SIZE,
  NO_OUTCOME,
  type JournalEntry,
  type JournalPage,
  type JournalQuery,
} from "./submission-filters";

type Row = typeof submissions.$inferSelect;

// Who is asking: archivists see their own submissions, admins everyone's, always in one tenant.
export interface JournalViewer {
  tenant: string;
  userId: string;
  isAdmin: boolean;
}

export interface SubmissionKey {
  tenant: string;
  packageId: string;
  submissionName: string;
}

const outcome = submissions.pluginOutcome;
const has = (status: string) =>
  sql`coalesce(${outcome} @> ${JSON.stringify([{ status }])}::jsonb, false)`;
const hasReports = sql`(case when jsonb_typeof(${outcome}) = 'array' then jsonb_array_length(${outcome}) > 0 else false end)`;
const terminal = [...SIP_TERMINAL_STATUSES];

// The plugin-outcome filter in SQL, matching pluginOutcomeOf: the most serious status wins.
function outcomeCondition(value: NonNullable<JournalQuery["outcome"]>): SQL {
  switch (value) {
    case "FAILURE":
      return has("FAILURE");
    case "WARNING":
      return sql`${has("WARNING")} and not ${has("FAILURE")}`;
    case "SUCCESS":
      return sql`${hasReports} and not ${has("WARNING")} and not ${has("FAILURE")}`;
    case NO_OUTCOME:
      return sql`not ${hasReports}`;
  }
}

function statusCondition(value: string): SQL | undefined {
  if (value !== IN_PROGRESS) return eq(submissions.lastStatus, value);
  return or(isNull(submissions.lastStatus), notInArray(submissions.lastStatus, terminal));
}

// What the viewer may see at all: their tenant, and their own rows unless they are an admin.
function visible(viewer: JournalViewer): SQL[] {
  const conditions = [eq(submissions.tenant, viewer.tenant)];
  if (!viewer.isAdmin) conditions.push(eq(submissions.userId, viewer.userId));
  return conditions;
}

// Every condition of a query for a viewer (an archivist's `user` filter can only narrow to themselves).
export function journalConditions(viewer: JournalViewer, query: JournalQuery): SQL[] {
  const conditions = visible(viewer);
  if (query.user) conditions.push(eq(submissions.userId, query.user));
  if (query.status) {
    const status = statusCondition(query.status);
    if (status) conditions.push(status);
  }
  if (query.outcome) conditions.push(outcomeCondition(query.outcome));
  if (query.profile) conditions.push(eq(submissions.profile, query.profile));
  if (query.batch) {
    conditions.push(
      sql`exists (select 1 from ${batchItems} where ${batchItems.batchId} = ${query.batch} and ${batchItems.packageId} = ${submissions.packageId} and ${batchItems.submissionName} = ${submissions.submissionName})`,
    );
  }
  if (query.from) conditions.push(gte(submissions.submittedAt, new Date(query.from)));
  if (query.to) conditions.push(lte(submissions.submittedAt, new Date(query.to)));
  if (query.view === "review") {
    conditions.push(isNull(submissions.reviewedAt), inArray(submissions.lastStatus, terminal));
  }
  return conditions;
}

// FAILED (or a failing plugin) first, then warnings, then the rest.
const severity = sql`(case when ${submissions.lastStatus} = 'FAILED' or ${has("FAILURE")} then 0 when ${has("WARNING")} then 1 else 2 end)`;

// The catalogue's title and state of a submission's package, joined to journal rows.
const labelColumns = { title: catalogueObjects.title, objectState: catalogueObjects.state };
export const labelJoin = and(
  eq(catalogueObjects.tenant, submissions.tenant),
  eq(catalogueObjects.poId, submissions.packageId),
);
type Label = { title: string | null; objectState: JournalEntry["objectState"] };

// A row as the browser gets it, with its package's title and state when the catalogue has them.
export function toJournalEntry(row: Row, label: Label | null = null): JournalEntry {
  return {
    packageId: row.packageId,
    title: label?.title ?? null,
    objectState: label?.objectState ?? null,
    submissionName: row.submissionName,
    profile: row.profile,
    user: { id: row.userId, name: row.userName },
    submittedAt: row.submittedAt.toISOString(),
    lastStatus: row.lastStatus,
    lastStatusAt: row.lastStatusAt?.toISOString() ?? null,
    pluginOutcome: pluginOutcomeOf(row.pluginOutcome),
    review: row.reviewedAt
      ? { at: row.reviewedAt.toISOString(), by: row.reviewedBy ?? "", note: row.reviewNote ?? "" }
      : null,
  };
}

// One page of the journal for `viewer`, newest first (the review queue: most serious, then oldest, first).
export async function listSubmissions(
  db: DashboardDb,
  viewer: JournalViewer,
  query: JournalQuery,
): Promise<JournalPage> {
  const where = and(...journalConditions(viewer, query));
  const order =
    query.view === "review"
      ? [asc(severity), asc(submissions.submittedAt), asc(submissions.id)]
      : [desc(submissions.submittedAt), desc(submissions.id)];
  const [rows, [counted], facets] = await Promise.all([
    db
      .select({ row: submissions, ...labelColumns })
      .from(submissions)
      .leftJoin(catalogueObjects, labelJoin)
      .where(where)
      .orderBy(...order)
      .limit(JOURNAL_PAGE_SIZE)
      .offset((query.page - 1) * JOURNAL_PAGE_SIZE),
    db.select({ n: count() }).from(submissions).where(where),
    journalFacets(db, viewer),
  ]);
  return {
    entries: rows.map((r) => toJournalEntry(r.row, r)),
    total: counted?.n ?? 0,
    page: query.page,
    pageSize: JOURNAL_PAGE_SIZE,
    facets,
  };
}

// The users, profiles and statuses in the rows the viewer may see, for the filter menus.
export async function journalFacets(
  db: DashboardDb,
  viewer: JournalViewer,
): Promise<JournalPage["facets"]> {
  const where = and(...visible(viewer));
  const [users, profiles, statuses] = await Promise.all([
    db
      .selectDistinct({ id: submissions.userId, name: submissions.userName })
      .from(submissions)
      .where(where)
      .orderBy(asc(submissions.userName)),
    db
      .selectDistinct({ profile: submissions.profile })
      .from(submissions)
      .where(where)
      .orderBy(asc(submissions.profile)),
    db
      .selectDistinct({ status: submissions.lastStatus })
      .from(submissions)
      .where(where)
      .orderBy(asc(submissions.lastStatus)),
  ]);
  // A user renamed at the identity provider appears once, under the latest name seen.
  const byId = new Map(users.map((u) => [u.id, u]));
  return {
    users: [...byId.values()],
    profiles: profiles.flatMap((p) => (p.profile ? [p.profile] : [])),
    statuses: statuses.flatMap((s) => (s.status ? [s.status] : [])),
  };
}

// Marks a submission reviewed with a note; null when the journal has no such row in the tenant.
export async function markReviewed(
  db: DashboardDb,
  key: SubmissionKey,
  reviewer: { name: string },
  note: string,
  now: Date = new Date(),
): Promise<JournalEntry | null> {
  const [row] = await db
    .update(submissions)
    .set({ reviewedAt: now, reviewedBy: reviewer.name, reviewNote: note })
    .where(
      and(
        eq(submissions.tenant, key.tenant),
        eq(submissions.packageId, key.packageId),
        eq(submissions.submissionName, key.submissionName),
      ),
    )
    .returning();
  return row ? toJournalEntry(row) : null;
}

// Submissions the viewer may see that are not finished, or finished without plugin reports seen,
// newest first: the ones worth asking the upstream about again before the journal is shown.
export async function staleSubmissions(
  db: DashboardDb,
  viewer: JournalViewer,
  limit: number,
): Promise<SubmissionKey[]> {
  return db
    .select({
      tenant: submissions.tenant,
      packageId: submissions.packageId,
      submissionName: submissions.submissionName,
    })
    .from(submissions)
    .where(and(...visible(viewer), or(statusCondition(IN_PROGRESS), sql`not ${hasReports}`)))
    .orderBy(desc(submissions.submittedAt), desc(submissions.id))
    .limit(limit);
}

// The newest submission of a package in a tenant, an ingested one when there is one: its
// version carries the package's current metadata.
export async function latestSubmission(
  db: DashboardDb,
  tenant: string,
  packageId: string,
): Promise<JournalEntry | null> {
  // It comes from a URL path; text no database can hold is in no journal.
  if (findUnstorableText(packageId)) return null;
  const [row] = await db
    .select()
    .from(submissions)
    .where(and(eq(submissions.tenant, tenant), eq(submissions.packageId, packageId)))
    .orderBy(
      sql`(case when ${submissions.lastStatus} = 'INGESTED' then 0 else 1 end)`,
      desc(submissions.submittedAt),
      desc(submissions.id),
    )
    .limit(1);
  return row ? toJournalEntry(row) : null;
}
