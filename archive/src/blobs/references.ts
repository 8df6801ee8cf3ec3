// Which blobs the archive still needs, and the removal of those it does not. Blobs are
// content-addressed, so the same bytes may belong to several packages, uploads and SIPs: a blob
// goes only when no row names it, checked under its lock (see blob-locks.ts).
import { and, eq, gte, inArray, isNull, or, sql } from "drizzle-orm";
import type { ArchiveDb } from "../db/client";
import {
  packageFiles,
  packageVersions,
  sealedVersions,
  submissionBlobs,
  submissions,
  uploads,
} from "../db/schema";
import type { BlobHold, BlobStore } from "./store";

export interface ReferenceOptions {
  // Uploads that expired before this time no longer count: the sweep is about to forget them.
  uploadsExpiredBefore?: Date;
}

// Whether a live file, metadata file, sealed version, upload or unfinished SIP names `blob`.
export async function isReferenced(
  db: ArchiveDb,
  blob: string,
  options: ReferenceOptions = {},
): Promise<boolean> {
  const asFile = JSON.stringify([{ file: { blob } }]);
  const asObject = JSON.stringify([{ sha256: blob }]);
  const cutoff = options.uploadsExpiredBefore;
  const checks = await Promise.all([
    db
      .select({ one: sql`1` })
      .from(packageFiles)
      .where(or(eq(packageFiles.blob, blob), sql`${packageFiles.metadatas} @> ${asFile}::jsonb`))
      .limit(1),
    db
      .select({ one: sql`1` })
      .from(packageVersions)
      .where(sql`${packageVersions.metadatas} @> ${asFile}::jsonb`)
      .limit(1),
    db
      .select({ one: sql`1` })
      .from(sealedVersions)
      .where(
        and(
          isNull(sealedVersions.dataDeletedAt),
          sql`${sealedVersions.objects} @> ${asObject}::jsonb`,
        ),
      )
      .limit(1),
    db
      .select({ one: sql`1` })
      .from(uploads)
      .where(and(eq(uploads.sha256, blob), cutoff ? gte(uploads.expiresAt, cutoff) : undefined))
      .limit(1),
    db
      .select({ one: sql`1` })
      .from(submissionBlobs)
      .innerJoin(submissions, eq(submissions.id, submissionBlobs.submissionId))
      .where(
        and(eq(submissionBlobs.blob, blob), inArray(submissions.status, ["PENDING", "PROCESSING"])),
      )
      .limit(1),
  ]);
  return checks.some((rows) => rows.length > 0);
}

// Removes the candidates nothing references and no writer in this process holds; answers how many.
export async function removeUnreferencedBlobs(
  db: ArchiveDb,
  store: BlobStore,
  candidates: Iterable<string>,
  options: ReferenceOptions = {},
): Promise<number> {
  let removed = 0;
  for (const blob of new Set(candidates)) {
    if (await store.removeUnlessUsed(blob, () => isReferenced(db, blob, options))) removed += 1;
  }
  return removed;
}

// Runs `fn` with a hold for the blobs it stores or names, released when it returns. When it throws,
// the blobs it held that nothing references are removed: a refused request leaves no bytes behind.
export async function withBlobHold<T>(
  db: ArchiveDb,
  store: BlobStore,
  fn: (hold: BlobHold) => Promise<T>,
): Promise<T> {
  const hold = store.hold();
  try {
    return await fn(hold);
  } catch (error) {
    await hold.release();
    await removeUnreferencedBlobs(db, store, hold.blobs).catch((cleanup: unknown) =>
      console.error("freeing the blobs of a refused request failed", cleanup),
    );
    throw error;
  } finally {
    await hold.release();
  }
}
