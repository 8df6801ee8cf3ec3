// Completing a multipart upload, once every part is stored: the staging file is hashed in
// constant memory, checked against the SHA-256 the client gave, synced and renamed into the blob
// store, and only then does the key name it. A crash after the rename and before the database
// records it leaves the object in place and the upload open: the next completion finds the object
// under the client's digest (content addressing makes it the client's file) and records it.
import type { ArchiveDb } from "../db/client";
import { fileSize, stagingPath } from "./multipart-files";
import { failCompletion, finishCompletion, type MultipartRow } from "./multipart-state";
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
        if (staged !== size) {
          return await refuse(
            `The stored parts hold ${staged} bytes, not the ${size} announced: abort the upload and upload the file again.`,
          );
        }
        const digest = await sha256OfFile(file);
        if (digest.sha256 !== sha256) {
          return await refuse(
            `The stored parts make a file whose SHA-256 is ${digest.sha256}, not ${sha256} as the completion says: nothing was kept. Send the parts that differ again, or abort the upload.`,
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
