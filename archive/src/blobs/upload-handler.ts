// PUT /uploads/<key>?expires=..&sig=..: streams the request body to the blob store in constant
// memory, checks the size limit and an optional SHA-256 sent by the client, and answers CORS
// preflights so the dashboard's browser can upload directly.
import type { IncomingMessage, ServerResponse } from "node:http";
import { PassThrough } from "node:stream";
import type { ArchiveDb } from "../db/client";
import type { IngestErrorCode } from "../http/errors";
import { ingestErrorStatus } from "../http/errors";
import { BlobTooLargeError, type BlobStore } from "./store";
import {
  abandonUpload,
  beginUpload,
  completeUpload,
  findUpload,
  verifyUploadSignature,
} from "./upload-urls";

export interface UploadHandlerOptions {
  db: ArchiveDb;
  blobs: BlobStore;
  secret: Buffer;
  maxBytes: number;
  // Origins whose browsers may PUT (the dashboard).
  allowedOrigins: string[];
  // Makes the upload's completion durable before it is answered (PGlite commits are not synced).
  syncDatabase?: () => Promise<void>;
}

export const CHECKSUM_HEADERS = ["x-checksum-sha256", "x-amz-checksum-sha256"] as const;

// Hex SHA-256 from a checksum header in hex or base64; undefined when absent, null when malformed.
export function parseChecksumHeader(value: string | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(v)) return v.toLowerCase();
  if (/^[A-Za-z0-9+/]{43}=$/.test(v)) return Buffer.from(v, "base64").toString("hex");
  return null;
}

function setCors(req: IncomingMessage, res: ServerResponse, allowed: string[]) {
  res.setHeader("Vary", "Origin");
  const origin = req.headers.origin;
  if (!origin || !allowed.includes(origin)) return;
  res.setHeader("Access-Control-Allow-Origin", origin);
  res.setHeader("Access-Control-Expose-Headers", "ETag, X-Checksum-Sha256");
}

function answer(res: ServerResponse, status: number, body: unknown, close = false) {
  if (res.headersSent) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
    ...(close ? { Connection: "close" } : {}),
  });
  res.end(text);
}

function fail(req: IncomingMessage, res: ServerResponse, code: IngestErrorCode, message: string) {
  // When the body was not read, the connection is closed after a short drain: reading a 5 GB body
  // only to refuse it would waste it, and closing at once could lose the answer (TCP reset).
  const unread = !req.complete;
  answer(res, ingestErrorStatus[code], { code, message }, unread);
  if (unread) {
    req.resume();
    const timer = setTimeout(() => req.socket.destroy(), 2000);
    req.once("end", () => clearTimeout(timer));
    req.once("close", () => clearTimeout(timer));
  }
}

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

  const put = async (req: IncomingMessage, res: ServerResponse, key: string, url: URL) => {
    const expires = Number(url.searchParams.get("expires"));
    const sig = url.searchParams.get("sig") ?? "";
    if (
      !Number.isInteger(expires) ||
      !/^[0-9a-f]{64}$/.test(sig) ||
      !verifyUploadSignature(secret, key, expires, sig)
    ) {
      return fail(
        req,
        res,
        "NO_PERMISSION",
        "The upload URL's signature is invalid: use the URL exactly as GET /url returned it.",
      );
    }
    if (expires * 1000 <= Date.now()) {
      return fail(
        req,
        res,
        "VALIDATION_ERROR",
        "The upload URL has expired (they are valid 5 hours): request a new one with GET /url.",
      );
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
    const headerName = CHECKSUM_HEADERS.find((name) => req.headers[name] !== undefined);
    const expected = parseChecksumHeader(headerName ? String(req.headers[headerName]) : undefined);
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
    const key = uploadKeyOf(url.pathname);
    if (key === undefined || !/^[0-9a-f-]{36}$/.test(key)) {
      return fail(req, res, "NOT_FOUND", "There is no upload at this address.");
    }
    if (req.method === "OPTIONS") {
      res.writeHead(204, {
        "Access-Control-Allow-Methods": "PUT, OPTIONS",
        "Access-Control-Allow-Headers": `Content-Type, ${CHECKSUM_HEADERS.join(", ")}`,
        "Access-Control-Max-Age": "600",
      });
      res.end();
      return;
    }
    if (req.method !== "PUT") {
      res.setHeader("Allow", "PUT, OPTIONS");
      return fail(req, res, "VALIDATION_ERROR", "Upload URLs take PUT requests only.");
    }
    put(req, res, key, url).catch((error: unknown) => {
      console.error("upload failed", error);
      fail(req, res, "EXCEPTION", "The upload failed inside the archive; try again.");
    });
  };
}
