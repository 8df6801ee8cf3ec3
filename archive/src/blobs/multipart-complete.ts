// Completing a multipart upload, once every part is stored: the staging file is hashed in
// constant memory, checked against the SHA-256 the client gave, synced and renamed into the blob
// store, and only then does the key name it. When the digest differs, each part is checked against
// the digest it was stored with: parts a power failure took before they were flushed (see
// multipart-files.ts) are forgotten and named, for the client to send again. A crash after the rename and before the database
// records it leaves the object in place and the upload open: the next completion finds the object
// under the client's digest (content addressing makes it the client's file) and records it.
import type { ArchiveDb } from "../db/client";
import { fileSize, partDigests, stagingPath } from "./multipart-files";
import {
  failCompletion,
  finishCompletion,
  forgetStoredParts,
  listStoredParts,
  type MultipartRow,
} from "./multipart-state";
import { sha256OfFile, syncFile, type BlobStore } from "./store";

export interface CompletionDeps {
  db: ArchiveDb;
  blobs: BlobStore;
  // Makes the completion durable before it is answered (PGlite commits are not synced).
  syncDatabase?: () => Promise<void>;
}

export type CompletionOutcome =
  { ok: true; key: string; sha256: string; size: number } | { ok: false; problem: string };

// Assembles `upload` (already moved to "completing"); on a refusal the upload is open again with
// the reason recorded, and on an error too, before the error is thrown on.
// The parts whose bytes in the staging file no longer hash to the digest they were stored with.
async function changedParts(
  deps: CompletionDeps,
  upload: MultipartRow,
  file: string,
): Promise<number[]> {
  const stored = new Map<number, string>();
  for (let after = 0; ;) {
    const page = await listStoredParts(deps.db, upload.uploadId, after);
    for (const part of page) stored.set(part.partNumber, part.sha256);
    if (page.length === 0) break;
    after = page.at(-1)!.partNumber;
  }
  const found = await partDigests(file, {
    size: upload.declaredSize,
    partSize: upload.partSize,
    partCount: upload.partCount,
  });
  return found.flatMap((digest, i) => (stored.get(i + 1) === digest ? [] : [i + 1]));
}

export async function assembleUpload(
  deps: CompletionDeps,
  upload: MultipartRow,
  sha256: string,
): Promise<CompletionOutcome> {
  const refuse = async (problem: string): Promise<CompletionOutcome> => {
    await failCompletion(deps.db, upload.uploadId, problem);
    return { ok: false, problem };
  };
  try {
    const file = stagingPath(deps.blobs.root, upload.uploadId);
    const size = upload.declaredSize;
    const staged = await fileSize(file);
    const hold = deps.blobs.hold();
    try {
      if (staged === null) {
        const placed =
          (await hold.keep(sha256)) && (await fileSize(deps.blobs.objectPath(sha256))) === size;
        if (!placed) {
          return await refuse(
            "The upload's stored parts are gone from the archive: abort it and upload the file again.",
          );
        }
      } else {
        if (staged > size) {
          return await refuse(
            `The stored parts hold ${staged} bytes, not the ${size} announced: abort the upload and upload the file again.`,
          );
        }
        const digest = staged === size ? (await sha256OfFile(file)).sha256 : null;
        if (digest !== sha256) {
          const lost = await changedParts(deps, upload, file);
          if (lost.length > 0) {
            await forgetStoredParts(deps.db, upload.uploadId, lost);
            await deps.syncDatabase?.();
            return await refuse(
              `${lost.length === 1 ? `Part ${lost[0]} no longer holds` : `Parts ${lost.join(", ")} no longer hold`} the bytes stored for ${lost.length === 1 ? "it" : "them"} (the archive lost them, e.g. in a power failure): send ${lost.length === 1 ? "it" : "them"} again, then complete the upload.`,
            );
          }
          return await refuse(
            `The stored parts make a file whose SHA-256 is ${digest ?? "unknown"}, not ${sha256} as the completion says: nothing was kept. Send the parts that differ again, or abort the upload.`,
          );
        }
        await syncFile(file);
        await deps.blobs.commit({ tmpPath: file, sha256, size }, hold);
      }
      await finishCompletion(deps.db, upload, { sha256, size });
    } finally {
      await hold.release();
    }
    await deps.syncDatabase?.();
    return { ok: true, key: upload.key, sha256, size };
  } catch (error) {
    await failCompletion(
      deps.db,
      upload.uploadId,
      "The archive failed to assemble the upload; complete it again.",
    ).catch(() => {});
    throw error;
  }
}
