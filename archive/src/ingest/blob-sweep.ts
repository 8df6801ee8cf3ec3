// The archive's periodic blob sweep. It forgets uploads whose URL expired more than the retention
// ago and frees their bytes unless something else names them (a package, another upload, or a
// SIP accepted with the key and not finished yet), and it finishes the cleanup of ended SIPs
// (INGESTED and FAILED) that a crash or an error cut short. Less often, the orphan sweep (blobs/orphans.ts) removes old
// blobs no row names, whatever left them.
import { sweepOrphanBlobs, type OrphanSweepOutcome } from "../blobs/orphans";
import { removeStaging, staleStagingFiles } from "../blobs/multipart-files";
import { forgetMultipartParts, unknownUploadIds } from "../blobs/multipart-state";
import { forgetWrittenHere } from "../blobs/parts-written-here";
import { removeUnreferencedBlobs } from "../blobs/references";
import type { BlobStore } from "../blobs/store";
import { expiredUploads, forgetUploads } from "../blobs/upload-urls";
import type { ArchiveDb } from "../db/client";
import { finishEndedSips } from "./ended-sips";
import { discardFailedLeftovers } from "./sip-blobs";

export interface SweepOutcome {
  uploads: number;
  blobs: number;
}

// One pass; `now` is the caller's clock.
export async function sweepBlobs(
  deps: { db: ArchiveDb; blobs: BlobStore; dataDir: string },
  options: { now: Date; uploadRetentionMs: number; batch?: number },
): Promise<SweepOutcome> {
  const batch = options.batch ?? 500;
  const cutoff = new Date(options.now.getTime() - options.uploadRetentionMs);
  const outcome: SweepOutcome = { uploads: 0, blobs: 0 };
  for (;;) {
    const expired = await expiredUploads(deps.db, cutoff, batch);
    if (expired.length === 0) break;
    // Bytes first, rows after: a pass cut short leaves rows that the next pass finds again.
    const digests = expired.flatMap((u) => (u.sha256 ? [u.sha256] : []));
    outcome.blobs += await removeUnreferencedBlobs(deps.db, deps.blobs, digests, {
      uploadsExpiredBefore: cutoff,
    });
    const keys = expired.map((u) => u.key);
    // An incomplete multipart upload's parts live in its staging file, named by no blob row.
    for (const u of expired) {
      if (!u.uploadId) continue;
      forgetWrittenHere(u.uploadId);
      await removeStaging(deps.blobs.root, u.uploadId);
    }
    await forgetMultipartParts(deps.db, keys);
    await forgetUploads(deps.db, keys);
    outcome.uploads += expired.length;
    if (expired.length < batch) break;
  }
  outcome.blobs += await discardFailedLeftovers(deps);
  await removeLeftoverStaging(deps);
  await finishEndedSips(deps, options.now);
  return outcome;
}

// Staging files whose upload is gone: a crash came between forgetting or aborting the upload and
// removing its file. Only those untouched for an hour (by the files' own clock): a new upload
// records its row before it creates its file.
async function removeLeftoverStaging(deps: { db: ArchiveDb; blobs: BlobStore }) {
  const stale = await staleStagingFiles(deps.blobs.root, 3_600_000);
  for (const uploadId of await unknownUploadIds(deps.db, stale)) {
    await removeStaging(deps.blobs.root, uploadId);
  }
}

// One orphan pass; logs a line when it removed something.
export async function sweepOrphans(
  deps: { db: ArchiveDb; blobs: BlobStore },
  options: { now: Date; minAgeMs: number },
): Promise<OrphanSweepOutcome> {
  const outcome = await sweepOrphanBlobs(deps, options);
  if (outcome.orphans > 0)
    console.log(`orphan sweep removed ${outcome.orphans} of ${outcome.files} blobs`);
  return outcome;
}
