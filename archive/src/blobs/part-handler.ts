// PUT /uploads/<uploadId>/parts/<n>?expires=..&sig=..: one part of a multipart upload, written at
// its place in the upload's staging file in constant memory. The part's SHA-256 is required and
// checked; a part that does not match it, or has the wrong size, is not kept.
import type { IncomingMessage, ServerResponse } from "node:http";
import { PassThrough } from "node:stream";
import { partRange } from "@scriptorium/contract/ingest/multipart";
import type { ArchiveDb } from "../db/client";
import { PartSizeError, stagingPath, writePart } from "./multipart-files";
import { beginPart, dropPart, storePart, type PartStart } from "./multipart-state";
import {
  noteWriteEnded,
  noteWriteProgress,
  noteWriteStarted,
  partStamp,
} from "./parts-written-here";
import type { BlobStore } from "./store";
import { answer, checksumOf, fail, refuseSignedUrl } from "./upload-http";
import { verifyUploadPath } from "./upload-urls";

export interface PartHandlerOptions {
  db: ArchiveDb;
  blobs: BlobStore;
  secret: Buffer;
  // A part PUT receiving for longer than this is taken to have died with its process.
  staleReceivingMs: number;
}

export const partPath = (uploadId: string, partNumber: number) =>
  `/uploads/${uploadId}/parts/${partNumber}`;

const REFUSAL: Record<Exclude<PartStart, { ok: true }>["reason"], string> = {
  unknown:
    "No multipart upload has this id: it was aborted, or completed and forgotten. Start a new upload.",
  closed: "The upload is being completed or is complete: it takes no more parts.",
  expired: "The upload has expired: start a new upload.",
  busy: "Another PUT of this part is in progress: wait for it to finish, or try again later.",
  range: "The upload has no part with this number.",
};

// Builds the handler of one part PUT, for the upload handler to call with the path's values.
export function createPartPut(options: PartHandlerOptions) {
  const { db, blobs, secret } = options;

  return async (
    req: IncomingMessage,
    res: ServerResponse,
    uploadId: string,
    partNumber: number,
    url: URL,
  ) => {
    const verify = (expires: number, sig: string) =>
      verifyUploadPath(secret, partPath(uploadId, partNumber), expires, sig);
    if (
      refuseSignedUrl(req, res, url, verify, {
        invalid:
          "The part URL's signature is invalid: use the URL exactly as the archive handed it out.",
        expired:
          "The part URL has expired: ask for a new one (GET /ingest/uploads/{uploadId}/parts).",
      })
    ) {
      return;
    }
    const { header, sha256: expected } = checksumOf(req);
    if (!expected) {
      return fail(
        req,
        res,
        "VALIDATION_ERROR",
        header
          ? `The ${header} header must be a SHA-256 digest in hex (64 digits) or base64.`
          : "A part needs its SHA-256 in the x-checksum-sha256 header (hex or base64): the archive keeps only parts it could check.",
      );
    }
    const staleBefore = new Date(Date.now() - options.staleReceivingMs);
    const start = await beginPart(db, uploadId, partNumber, staleBefore);
    if (!start.ok) {
      const status = start.reason === "unknown" ? "NOT_FOUND" : "VALIDATION_ERROR";
      return fail(req, res, status, REFUSAL[start.reason]);
    }
    const upload = start.upload;
    const range = partRange(upload.declaredSize, upload.partSize, partNumber);
    const size = range.end - range.start;
    const declared = req.headers["content-length"];
    if (declared !== undefined && Number(declared) !== size) {
      await dropPart(db, uploadId, partNumber);
      return fail(
        req,
        res,
        "VALIDATION_ERROR",
        `Part ${partNumber} of this upload has ${size} bytes, not ${declared}: every part but the last has ${upload.partSize} bytes.`,
      );
    }

    const layout = {
      file: stagingPath(blobs.root, uploadId),
      size: upload.declaredSize,
      partSize: upload.partSize,
      partCount: upload.partCount,
    };
    noteWriteStarted(uploadId, layout, partNumber);
    // Whatever ends this PUT without storing the part: the bytes it wrote are not the part's.
    const notStored = () => noteWriteEnded(uploadId, partNumber, null);

    // `pipe` rather than handing `req` to the writer: on an error the writer destroys its source,
    // and destroying the request would take the socket (and our answer) with it.
    const body = new PassThrough({ highWaterMark: 1 << 20 });
    req.pipe(body);
    const dropped = () =>
      body.destroy(new Error("The client closed the connection during the upload."));
    req.once("aborted", dropped);
    req.once("error", dropped);
    let written;
    try {
      written = await writePart(layout.file, { offset: range.start, size }, body, (bytes) =>
        noteWriteProgress(uploadId, partNumber, bytes),
      );
    } catch (error) {
      notStored();
      req.unpipe(body);
      await dropPart(db, uploadId, partNumber);
      if (error instanceof PartSizeError) {
        return fail(
          req,
          res,
          "VALIDATION_ERROR",
          `Part ${partNumber} of this upload has ${size} bytes; the request sent ${error.received > size ? "more" : error.received}. It was not kept.`,
        );
      }
      if (req.destroyed || req.readableAborted) return;
      throw error;
    }
    if (written.sha256 !== expected) {
      notStored();
      await dropPart(db, uploadId, partNumber);
      return fail(
        req,
        res,
        "VALIDATION_ERROR",
        `Part ${partNumber}'s SHA-256 is ${written.sha256}, not ${expected} as ${header} says: it was not kept, send it again.`,
      );
    }
    // Neither the part's bytes nor its row are synced here (see multipart-files.ts): the
    // completion syncs both, and finds any part a power failure took.
    const storedAt = await storePart(db, uploadId, { partNumber, ...written }).catch(
      (error: unknown) => {
        notStored();
        throw error;
      },
    );
    if (!storedAt) {
      notStored();
      return fail(req, res, "NOT_FOUND", "The upload was aborted while this part was received.");
    }
    noteWriteEnded(uploadId, partNumber, partStamp(written.sha256, storedAt));
    res.setHeader("ETag", `"${written.sha256}"`);
    res.setHeader("X-Checksum-Sha256", written.sha256);
    answer(res, 200, { partNumber, size: written.size, sha256: written.sha256 });
  };
}
