// Completing a multipart upload, once every part is stored: the staging file is hashed in
// constant memory, checked against the SHA-256 the client gave, synced and renamed into the blob
// store, and only then does the key name it. When the digest differs, each part is checked against
// the digest it was stored with: parts a power failure took before they were flushed (see
// multipart-files.ts) are forgotten and named, for the client to send again. A client may leave
// the file's SHA-256 out: every part is then checked against its digest in the same read that
// gives the file's, so each byte the client sent is covered by a digest it computed, and the
// client hashes its file once; a part this process wrote itself needs no second digest, as no
// power failure took its bytes without taking this process too, and when this process wrote every
// part it read each back into the file's digest as it was stored (parts-written-here.ts). A crash
// after the rename and before the database records it leaves the object in place and the upload
// open: the next completion finds the object under the client's digest, or the one noted before
// the rename (content addressing makes it the client's file), and records it.
import type { ArchiveDb } from "../db/client";
import { fileSize, stagedDigests, stagingPath } from "./multipart-files";
import {
  failCompletion,
  finishCompletion,
  forgetStoredParts,
  noteDigest,
  storedPartRows,
  type MultipartRow,
} from "./multipart-state";
import { digestReadHere, forgetWrittenHere, partStamp, writtenHere } from "./parts-written-here";
import { sha256OfFile, syncFile, type BlobStore } from "./store";

export interface CompletionDeps {
  db: ArchiveDb;
  blobs: BlobStore;
  // Makes the completion durable before it is answered (PGlite commits are not synced).
  syncDatabase?: () => Promise<void>;
}

export type CompletionOutcome =
  { ok: true; key: string; sha256: string; size: number } | { ok: false; problem: string };

// The parts whose bytes in the staging file may differ from those they were stored with: parts
// written here are trusted (parts-written-here.ts); the others are checked against `found`, the
// digests of the file's parts as it holds them now (null for a part not hashed).
function changedParts(
  stored: Awaited<ReturnType<typeof storedPartRows>>,
  trusted: (partNumber: number) => boolean,
  found: readonly (string | null)[],
): number[] {
  return found.flatMap((digest, i) =>
    trusted(i + 1) || stored.get(i + 1)?.sha256 === digest ? [] : [i + 1],
  );
}

// Whether each part's stored row is the one this process wrote.
async function partsWrittenHere(deps: CompletionDeps, uploadId: string) {
  const stored = await storedPartRows(deps.db, uploadId);
  const here = writtenHere(uploadId);
  const stampOf = (n: number) => {
    const row = stored.get(n);
    return row?.storedAt ? partStamp(row.sha256, row.storedAt) : null;
  };
  const trusted = (n: number) => here.get(n) === stampOf(n);
  return { stored, trusted, stampOf };
}

// Assembles `upload` (already moved to "completing"); on a refusal the upload is open again with
// the reason recorded, and on an error too, before the error is thrown on. Without the client's
// `sha256`, the archive checks every part against the digest it was stored with and answers the
// file's digest from the same read.
export async function assembleUpload(
  deps: CompletionDeps,
  upload: MultipartRow,
  sha256?: string,
): Promise<CompletionOutcome> {
  const refuse = async (problem: string): Promise<CompletionOutcome> => {
    await failCompletion(deps.db, upload.uploadId, problem);
    return { ok: false, problem };
  };
  const refuseLost = async (lost: number[]): Promise<CompletionOutcome> => {
    await forgetStoredParts(deps.db, upload.uploadId, lost);
    await deps.syncDatabase?.();
    const one = lost.length === 1;
    return refuse(
      `${one ? `Part ${lost[0]} no longer holds` : `Parts ${lost.join(", ")} no longer hold`} the bytes stored for ${one ? "it" : "them"} (the archive lost them, e.g. in a power failure): send ${one ? "it" : "them"} again, then complete the upload.`,
    );
  };
  const layout = {
    size: upload.declaredSize,
    partSize: upload.partSize,
    partCount: upload.partCount,
  };
  try {
    const file = stagingPath(deps.blobs.root, upload.uploadId);
    const size = upload.declaredSize;
    const staged = await fileSize(file);
    const hold = deps.blobs.hold();
    let digest = sha256 ?? null;
    try {
      if (staged === null) {
        // Moved into the store by a completion that crashed before recording it: found under the
        // client's digest, or the one the archive noted before moving the file.
        const known = digest ?? upload.sha256;
        const placed =
          known !== null &&
          (await hold.keep(known)) &&
          (await fileSize(deps.blobs.objectPath(known))) === size;
        if (!placed) {
          return await refuse(
            "The upload's stored parts are gone from the archive: abort it and upload the file again.",
          );
        }
        digest = known;
      } else {
        if (staged > size) {
          return await refuse(
            `The stored parts hold ${staged} bytes, not the ${size} announced: abort the upload and upload the file again.`,
          );
        }
        if (sha256 === undefined) {
          const { stored, trusted, stampOf } = await partsWrittenHere(deps, upload.uploadId);
          const ready = staged === size ? await digestReadHere(upload.uploadId, stampOf) : null;
          if (ready) {
            digest = ready;
          } else {
            const found = await stagedDigests(file, layout, (n) => !trusted(n));
            const lost = changedParts(stored, trusted, found.parts);
            if (lost.length > 0) return await refuseLost(lost);
            digest = found.sha256;
          }
          await noteDigest(deps.db, upload.uploadId, digest);
          await deps.syncDatabase?.();
        } else {
          const found = staged === size ? (await sha256OfFile(file)).sha256 : null;
          if (found !== sha256) {
            const { stored } = await partsWrittenHere(deps, upload.uploadId);
            const lost = changedParts(
              stored,
              () => false,
              (await stagedDigests(file, layout)).parts,
            );
            if (lost.length > 0) return await refuseLost(lost);
            return await refuse(
              `The stored parts make a file whose SHA-256 is ${found ?? "unknown"}, not ${sha256} as the completion says: nothing was kept. Send the parts that differ again, or abort the upload.`,
            );
          }
        }
        await syncFile(file);
        await deps.blobs.commit({ tmpPath: file, sha256: digest!, size }, hold);
      }
      await finishCompletion(deps.db, upload, { sha256: digest!, size });
      forgetWrittenHere(upload.uploadId);
    } finally {
      await hold.release();
    }
    await deps.syncDatabase?.();
    return { ok: true, key: upload.key, sha256: digest!, size };
  } catch (error) {
    await failCompletion(
      deps.db,
      upload.uploadId,
      "The archive failed to assemble the upload; complete it again.",
    ).catch(() => {});
    throw error;
  }
}
