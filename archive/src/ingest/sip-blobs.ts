// The blobs a SIP holds (submission_blobs) and what happens to them when it ends: an INGESTED
// SIP's version references what it kept; a FAILED SIP's blobs go unless something else names the
// same bytes, and so does its record, which only the pipeline reads.
import { and, eq } from "drizzle-orm";
import { removeUnreferencedBlobs } from "../blobs/references";
import type { BlobStore } from "../blobs/store";
import type { ArchiveDb } from "../db/client";
import { submissionBlobs, submissions } from "../db/schema";
import type { Queryable } from "../jobs/queue";
import { removeSipRecord } from "./sip-record";
import { getSubmission } from "./submissions";

interface CleanupDeps {
  db: ArchiveDb;
  blobs: BlobStore;
}

// Records that a SIP holds `blobs`; call before the caller's own hold on them is released. A
// statement (null when there are none), run when awaited or with others (db/together.ts).
export function holdSipBlobs(db: Queryable, submissionId: string, blobs: string[]) {
  if (blobs.length === 0) return null;
  const rows = [...new Set(blobs)].map((blob) => ({ submissionId, blob }));
  return db.insert(submissionBlobs).values(rows).onConflictDoNothing();
}

// Forgets a SIP's blobs once its version references them (in the transaction that ingests it): a
// statement, run when awaited or with others (db/together.ts).
export function dropSipBlobs(db: Queryable, submissionId: string) {
  return db.delete(submissionBlobs).where(eq(submissionBlobs.submissionId, submissionId));
}

// Frees what a FAILED SIP brought in. Safe to repeat: rows go last, so a cleanup cut short by a
// crash is found again by discardFailedLeftovers.
export async function discardFailedSip(deps: CleanupDeps, submissionId: string): Promise<number> {
  const submission = await getSubmission(deps.db, submissionId);
  if (!submission || submission.status !== "FAILED") return 0;
  const held = await deps.db
    .select({ blob: submissionBlobs.blob })
    .from(submissionBlobs)
    .where(eq(submissionBlobs.submissionId, submissionId));
  const removed = await removeUnreferencedBlobs(
    deps.db,
    deps.blobs,
    held.map((h) => h.blob),
  );
  await removeSipRecord(submission.sipPath);
  await dropSipBlobs(deps.db, submissionId);
  return removed;
}

// Finishes the cleanups of FAILED SIPs that were interrupted; answers the blobs removed.
export async function discardFailedLeftovers(deps: CleanupDeps, limit = 100): Promise<number> {
  const failed = await deps.db
    .selectDistinct({ id: submissionBlobs.submissionId })
    .from(submissionBlobs)
    .innerJoin(
      submissions,
      and(eq(submissions.id, submissionBlobs.submissionId), eq(submissions.status, "FAILED")),
    )
    .limit(limit);
  let removed = 0;
  for (const { id } of failed) removed += await discardFailedSip(deps, id);
  return removed;
}
