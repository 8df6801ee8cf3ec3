// Large files from the terminal go the dashboard's own multipart way (lib/upload/multipart-upload.ts:
// each part's SHA-256 as the file is read, a few parts PUT at a time straight to the archive, a
// failed part retried alone, the completion followed to the end); only the transport is Node's: the
// ingest client for the calls the browser makes through /api routes, fetch for the part PUTs,
// node:crypto for the digests.
import { createHash } from "node:crypto";
import { openAsBlob } from "node:fs";
import path from "node:path";
import { partCountOf, partRange } from "@scriptorium/contract/ingest/multipart";
import { ApiError as UpstreamError } from "@/lib/api/errors";
import type { IngestCall, IngestClient } from "@/lib/ingest/client";
import { ApiError } from "@/lib/queries/api-client";
import type { HashFileOptions } from "@/lib/upload/hash-file";
import type { MultipartApi } from "@/lib/upload/multipart-api";
import { uploadMultipart } from "@/lib/upload/multipart-upload";
import { abortableSleep } from "@/lib/upload/uploader";
import type { PutTransport } from "@/lib/upload/xhr-put";

export interface MultipartContext {
  ingest: IngestClient;
  tenant: string;
  token: () => Promise<string>;
}

// The uploader reads refusals as the browser's API client reports them (status, code, message).
function asClientError(error: unknown): unknown {
  if (!(error instanceof UpstreamError)) return error;
  const status = error.upstream?.status ?? error.status;
  return new ApiError(status, error.code, error.message);
}

// The multipart calls straight to the archive, with the terminal's token.
export function ingestMultipartApi(context: MultipartContext): MultipartApi {
  const call = async (signal?: AbortSignal): Promise<IngestCall> => ({
    token: await context.token(),
    tenant: context.tenant,
    ...(signal ? { signal } : {}),
  });
  const translated =
    <A extends unknown[], T>(work: (...args: A) => Promise<T>) =>
    async (...args: A): Promise<T> => {
      try {
        return await work(...args);
      } catch (error) {
        throw asClientError(error);
      }
    };
  const uploads = context.ingest.uploads;
  return {
    create: translated(async (size, signal) => uploads.create(await call(signal), { size })),
    state: translated(async (uploadId, marker, signal) =>
      uploads.state(await call(signal), uploadId, marker > 0 ? marker : undefined),
    ),
    partUrls: translated(async (uploadId, numbers, signal) =>
      uploads.partUrls(await call(signal), uploadId, numbers),
    ),
    complete: translated(
      async (uploadId, request, signal) =>
        (await uploads.complete(await call(signal), uploadId, request)).body,
    ),
    abort: translated(async (uploadId, signal) => uploads.abort(await call(signal), uploadId)),
  };
}

// Whether the archive offers multipart uploads: a one-byte upload is created and aborted at once.
export async function multipartOffered(context: MultipartContext): Promise<boolean> {
  const api = ingestMultipartApi(context);
  const signal = AbortSignal.timeout(60_000);
  try {
    const upload = await api.create(1, signal);
    await api.abort(upload.uploadId).catch(() => {});
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.code === "NOT_SUPPORTED") return false;
    throw error;
  }
}

// One part PUT with fetch, the body read from disk as it is sent.
export const fetchPut: PutTransport = async ({ url, body, headers, onProgress, signal }) => {
  try {
    const response = await fetch(url, { method: "PUT", body, headers, signal });
    const text = await response.text();
    if (response.ok) onProgress(body.size);
    return { status: response.status, body: text, retryAfter: response.headers.get("retry-after") };
  } catch {
    if (signal.aborted) throw signal.reason;
    return { status: null, body: "", retryAfter: null };
  }
};

// The whole file's SHA-256, and each part's as the file is read once.
export async function hashInParts(file: Blob, options: HashFileOptions = {}): Promise<string> {
  const { partSize, onPart, onProgress, signal } = options;
  const whole = createHash("sha256");
  const size = partSize && onPart ? partSize : Math.max(1, file.size);
  const count = Math.max(1, partCountOf(file.size, size));
  for (let n = 1; n <= count; n++) {
    const { start, end } = partRange(file.size, size, n);
    const part = createHash("sha256");
    const reader = file.slice(start, end).stream().getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      signal?.throwIfAborted();
      whole.update(read.value);
      part.update(read.value);
    }
    onPart?.(n, part.digest("hex"));
    onProgress?.(end, file.size);
  }
  return whole.digest("hex");
}

// Uploads the file at `file` in parts; resolves with the key the ingest names.
export async function uploadInParts(context: MultipartContext, file: string): Promise<string> {
  const blob = await openAsBlob(file);
  const result = await uploadMultipart(new File([blob], path.basename(file)), {
    api: ingestMultipartApi(context),
    onProgress: () => {},
    signal: new AbortController().signal,
    transport: fetchPut,
    hash: hashInParts,
    sleep: abortableSleep,
    now: Date.now,
  });
  return result.key;
}
