// Data access for submissions (SIPs) and their plugin reports.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { pluginReports, submissions } from "../db/schema";
import { storableText } from "../db/storable-text";
import type { Queryable } from "../jobs/queue";

export type SubmissionRow = typeof submissions.$inferSelect;
export type SubmissionStatus = SubmissionRow["status"];
export type PluginStatus = (typeof pluginReports.$inferSelect)["status"];

export interface PluginOutcome {
  pluginName: string;
  status: PluginStatus;
  message: string;
}

// The submission `name` of a package in a tenant, or null (also for another tenant's package).
export async function findSubmission(
  db: Queryable,
  tenant: string,
  packageId: string,
  name: string,
): Promise<SubmissionRow | null> {
  const [row] = await db
    .select()
    .from(submissions)
    .where(
      and(
        eq(submissions.tenant, tenant),
        eq(submissions.packageId, packageId),
        eq(submissions.name, name),
      ),
    );
  return row ?? null;
}

export async function getSubmission(db: Queryable, id: string): Promise<SubmissionRow | null> {
  const [row] = await db.select().from(submissions).where(eq(submissions.id, id));
  return row ?? null;
}

// Moves a submission that has not ended to PROCESSING and answers it; null when it is missing or
// already INGESTED or FAILED (its job has nothing left to do).
export async function startSubmission(db: Queryable, id: string): Promise<SubmissionRow | null> {
  const [row] = await db
    .update(submissions)
    .set({ status: "PROCESSING", updatedAt: sql`now()` })
    .where(and(eq(submissions.id, id), inArray(submissions.status, ["PENDING", "PROCESSING"])))
    .returning();
  return row ?? null;
}

// Moves a submission to `status`, recording the version it produced when it is INGESTED: a
// statement, run when awaited or with others (db/together.ts).
export function setSubmissionStatus(
  db: Queryable,
  id: string,
  status: SubmissionStatus,
  version?: number,
) {
  return db
    .update(submissions)
    .set({ status, updatedAt: sql`now()`, ...(version === undefined ? {} : { version }) })
    .where(eq(submissions.id, id));
}

export async function addPluginReport(
  db: Queryable,
  submissionId: string,
  outcome: PluginOutcome,
): Promise<void> {
  await db
    .insert(pluginReports)
    .values({ submissionId, ...outcome, message: storableText(outcome.message) });
}

// Reports of the current attempt, in the order the plugins ran.
export async function listPluginReports(db: Queryable, submissionId: string) {
  return db
    .select()
    .from(pluginReports)
    .where(eq(pluginReports.submissionId, submissionId))
    .orderBy(asc(pluginReports.id));
}

// Forgets the reports of an attempt that was interrupted, before the pipeline runs again.
export async function clearPluginReports(db: Queryable, submissionId: string): Promise<void> {
  await db.delete(pluginReports).where(eq(pluginReports.submissionId, submissionId));
}
