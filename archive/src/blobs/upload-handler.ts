// PUT /uploads/<key>?expires=..&sig=..: streams the request body to the blob store in constant
// memory, checks the size limit and an optional SHA-256 sent by the client, and answers CORS
// preflights so the dashboard's browser can upload directly.
import type { IncomingMessage, ServerResponse } from "node:http";
import { PassThrough } from "node:stream";
import type { ArchiveDb } from "../db/client";
import { createPartPut } from "./part-handler";
import { BlobTooLargeError, type BlobStore } from "./store";
import { answer, answerPreflight, checksumOf, fail, refuseSignedUrl, setCors } from "./upload-http";
import {
  abandonUpload,
  beginUpload,
  completeUpload,
  findUpload,
  verifyUploadSignature,
} from "./upload-urls";

export { CHECKSUM_HEADERS, parseChecksumHeader } from "./upload-http";

export interface UploadHandlerOptions {
  db: ArchiveDb;
  blobs: BlobStore;
  secret: Buffer;
  maxBytes: number;
  // Origins whose browsers may PUT (the dashboard).
  allowedOrigins: string[];
  // Makes the upload's completion durable before it is answered (PGlite commits are not synced).
  syncDatabase?: () => Promise<void>;
  // Part PUTs of multipart uploads; without it their addresses are unknown.
  parts?: { staleReceivingMs: number };
}

const PART_PATH = /^\/uploads\/([0-9a-f-]{36})\/parts\/([1-9][0-9]{0,5})$/;

// The key an upload path names; undefined when its escapes are malformed (`/uploads/%`): no upload
// has such an address.
function uploadKeyOf(pathname: string): string | undefined {
  try {
    return decodeURIComponent(pathname.slice("/uploads/".length));
  } catch {
    return undefined;
  }
}

// Builds the raw Node handler for every request under /uploads/.
export function createUploadHandler(options: UploadHandlerOptions) {
  const { db, blobs, secret, maxBytes } = options;
  const putPart = options.parts ? createPartPut({ db, blobs, secret, ...options.parts }) : null;

  const put = async (req: IncomingMessage, res: ServerResponse, key: string, url: URL) => {
    const verify = (expires: number, sig: string) =>
      verifyUploadSignature(secret, key, expires, sig);
    if (
      refuseSignedUrl(req, res, url, verify, {
        invalid:
          "The upload URL's signature is invalid: use the URL exactly as GET /url returned it.",
        expired:
          "The upload URL has expired (they are valid 5 hours): request a new one with GET /url.",
      })
    ) {
      return;
    }
    const declared = req.headers["content-length"];
    if (declared !== undefined && Number(declared) > maxBytes) {
      return fail(
        req,
        res,
        "JSON_TOO_LARGE",
        `The file is larger than the upload limit of ${maxBytes} bytes.`,
      );
    }
    const { header: headerName, sha256: expected } = checksumOf(req);
    if (expected === null) {
      return fail(
        req,
        res,
        "VALIDATION_ERROR",
        `The ${headerName} header must be a SHA-256 digest in hex (64 digits) or base64.`,
      );
    }
    const row = await beginUpload(db, key);
    if (!row) {
      const existing = await findUpload(db, key);
      const reason = !existing
        ? "No upload has this key: request an upload URL with GET /url."
        : existing.state === "complete"
          ? "This upload URL was already used: request a new one with GET /url."
          : "Another upload to this URL is in progress.";
      return fail(req, res, "VALIDATION_ERROR", reason);
    }

    // `pipe` rather than handing `req` to the store: on an error the store destroys its source,
    // and destroying the request would take the socket (and our answer) with it.
    const body = new PassThrough({ highWaterMark: 1 << 20 });
    req.pipe(body);
    const dropped = () =>
      body.destroy(new Error("The client closed the connection during the upload."));
    req.once("aborted", dropped);
    req.once("error", dropped);
    let staged;
    try {
      staged = await blobs.receive(body, { maxBytes });
    } catch (error) {
      req.unpipe(body);
      await abandonUpload(db, key);
      if (error instanceof BlobTooLargeError) {
        return fail(
          req,
          res,
          "JSON_TOO_LARGE",
          `The file is larger than the upload limit of ${maxBytes} bytes.`,
        );
      }
      if (req.destroyed || req.readableAborted) return;
      throw error;
    }
    if (expected !== undefined && expected !== staged.sha256) {
      await blobs.discard(staged);
      await abandonUpload(db, key);
      return fail(
        req,
        res,
        "VALIDATION_ERROR",
        `The file's SHA-256 is ${staged.sha256}, not ${expected} as ${headerName} says: nothing was kept, upload it again.`,
      );
    }
    // Held until the row names it, so no sweep removes the object in between.
    const hold = blobs.hold();
    try {
      await blobs.commit(staged, hold);
      await completeUpload(db, key, staged);
    } finally {
      await hold.release();
    }
    await options.syncDatabase?.();
    res.setHeader("ETag", `"${staged.sha256}"`);
    res.setHeader("X-Checksum-Sha256", staged.sha256);
    answer(res, 200, { key, size: staged.size, sha256: staged.sha256 });
  };

  return (req: IncomingMessage, res: ServerResponse): void => {
    const url = new URL(req.url ?? "/", "http://archive.invalid");
    setCors(req, res, options.allowedOrigins);
    const part = putPart ? PART_PATH.exec(url.pathname) : null;
    const key = part ? undefined : uploadKeyOf(url.pathname);
    if (!part && (key === undefined || !/^[0-9a-f-]{36}$/.test(key))) {
      return fail(req, res, "NOT_FOUND", "There is no upload at this address.");
    }
    if (req.method === "OPTIONS") return answerPreflight(res);
    if (req.method !== "PUT") {
      res.setHeader("Allow", "PUT, OPTIONS");
      return fail(req, res, "VALIDATION_ERROR", "Upload URLs take PUT requests only.");
    }
    const work =
      part && putPart
        ? putPart(req, res, part[1]!, Number(part[2]), url)
        : put(req, res, key!, url);
    work.catch((error: unknown) => {
      console.error("upload failed", error);
      fail(req, res, "EXCEPTION", "The upload failed inside the archive; try again.");
    });
  };
}
