// The durable job queue on the archive database. Claiming is one UPDATE over a
// `FOR UPDATE SKIP LOCKED` subquery, so several workers in several processes on one PostgreSQL
// never run the same job; jobs of one package run in the order they were accepted.
import { and, eq, lt, lte, ne, notExists, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { ArchiveDb } from "../db/client";
import { jobs } from "../db/schema";

export type JobRow = typeof jobs.$inferSelect;

// Anything that runs queries: the database or a transaction on it.
export type Queryable = Pick<ArchiveDb, "select" | "insert" | "update" | "delete">;

// Adds a job for an accepted submission (call inside the transaction that records the submission).
export async function enqueueJob(
  tx: Queryable,
  job: { submissionId: string; tenant: string; packageId: string },
): Promise<number> {
  const [row] = await jobStatement(tx, job).returning({ id: jobs.id });
  if (!row) throw new Error("The job was not recorded.");
  return row.id;
}

// The insert that queues a job, to run with others (db/together.ts).
export function jobStatement(
  tx: Queryable,
  job: { submissionId: string; tenant: string; packageId: string },
) {
  return tx.insert(jobs).values({ ...job, state: "queued" });
}

const claimable = (table: typeof jobs) =>
  or(
    and(eq(table.state, "queued"), lte(table.runAfter, sql`now()`)),
    and(eq(table.state, "running"), lt(table.leaseUntil, sql`now()`)),
  );

// No job of the same package queued before it is still open: a delta must not overtake the SIP it
// builds on.
function firstOfItsPackage(db: Pick<ArchiveDb, "select">) {
  const earlier = alias(jobs, "earlier");
  return notExists(
    db
      .select({ id: earlier.id })
      .from(earlier)
      .where(
        and(
          eq(earlier.tenant, jobs.tenant),
          eq(earlier.packageId, jobs.packageId),
          lt(earlier.id, jobs.id),
          ne(earlier.state, "done"),
        ),
      ),
  );
}

const claimedBy = (workerId: string, leaseMs: number) => ({
  state: "running" as const,
  claimedBy: workerId,
  leaseUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
  attempts: sql`${jobs.attempts} + 1`,
});

// Claims the oldest runnable job for `workerId`, or returns null when there is none.
export async function claimJob(
  db: ArchiveDb,
  workerId: string,
  leaseMs: number,
): Promise<JobRow | null> {
  const candidate = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(claimable(jobs), firstOfItsPackage(db)))
    .orderBy(jobs.id)
    .limit(1)
    .for("update", { skipLocked: true });
  // One statement, on a database that runs one statement at a time (PGlite). The candidate is a
  // scalar subquery compared with `=`: PostgreSQL runs it once (an InitPlan), so it claims at most
  // one job, where `id IN (SELECT ... LIMIT 1 FOR UPDATE SKIP LOCKED)` may be run once per row.
  const [row] = await db
    .update(jobs)
    .set(claimedBy(workerId, leaseMs))
    .where(eq(jobs.id, sql`(${candidate})`))
    .returning();
  return row ?? null;
}

// Claims the job `jobId` if it is queued and runnable now, as claimJob would (the same job may be
// claimed by claimJob elsewhere: whoever updates the row first has it). Answers null otherwise.
// A primary-key update: PostgreSQL plans it in a fraction of claimJob's time, which on PGlite
// (no plan cache for these statements) was most of the claim's cost.
export async function claimQueuedJob(
  db: ArchiveDb,
  jobId: number,
  workerId: string,
  leaseMs: number,
): Promise<JobRow | null> {
  const [row] = await db
    .update(jobs)
    .set(claimedBy(workerId, leaseMs))
    .where(
      and(
        eq(jobs.id, jobId),
        eq(jobs.state, "queued"),
        lte(jobs.runAfter, sql`now()`),
        firstOfItsPackage(db),
      ),
    )
    .returning();
  return row ?? null;
}

// Keeps a running job's lease alive; false when the job is no longer this worker's.
export async function extendLease(db: ArchiveDb, jobId: number, workerId: string, leaseMs: number) {
  const rows = await db
    .update(jobs)
    .set({ leaseUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
    .where(and(eq(jobs.id, jobId), eq(jobs.claimedBy, workerId), eq(jobs.state, "running")))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

// Marks a job finished (in the transaction that records its outcome): a statement, run when awaited
// or with others (db/together.ts).
export function completeJob(tx: Queryable, jobId: number) {
  return tx.update(jobs).set({ state: "done", leaseUntil: null }).where(eq(jobs.id, jobId));
}

// Puts a job back in the queue after an unexpected error, to run again after `delayMs`.
export async function retryJob(db: ArchiveDb, jobId: number, error: string, delayMs: number) {
  await db
    .update(jobs)
    .set({
      state: "queued",
      leaseUntil: null,
      claimedBy: null,
      // The message may quote the value that failed; the database cannot store U+0000 in text.
      lastError: error.replace(/\u0000/g, "\\u0000"),
      runAfter: sql`now() + ${`${delayMs} milliseconds`}::interval`,
    })
    .where(eq(jobs.id, jobId));
}

// Frees every running job at once. Only safe when this process is the database's sole user
// (PGlite): it skips waiting for the leases of a crashed predecessor to run out.
export async function releaseRunningJobs(db: ArchiveDb): Promise<number> {
  const rows = await db
    .update(jobs)
    .set({ state: "queued", leaseUntil: null, claimedBy: null, runAfter: sql`now()` })
    .where(eq(jobs.state, "running"))
    .returning({ id: jobs.id });
  return rows.length;
}

// Number of jobs not yet done, for health checks and tests.
export async function countOpenJobs(db: ArchiveDb): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(ne(jobs.state, "done"));
  return row?.n ?? 0;
}
