// Sends one file to the archive the best way it offers: a multipart upload (parallel parts,
// resumable) for a large file where the archive has the extension, one PUT to an upload URL
// otherwise (the vendor's default). Browser only.
import { MULTIPART_LIMITS } from "@scriptorium/contract/ingest/multipart-layout";
import { ApiError } from "@/lib/queries/api-client";
import { formatBytes, formatBytesBeside } from "./format";
import { dashboardMultipartApi, type MultipartApi } from "./multipart-api";
import { MULTIPART_FROM_BYTES } from "./multipart-threshold";
import { uploadMultipart, type MultipartResume } from "./multipart-upload";
import { PartFailure } from "./part-sender";
import { hashPartsAhead } from "./read-ahead";
import {
  abortableSleep,
  UploadError,
  uploadFile,
  type UploadOptions,
  type UploadResult,
} from "./uploader";
import { xhrPut } from "./xhr-put";

export { MULTIPART_FROM_BYTES };

export interface SendFileOptions extends UploadOptions {
  // The multipart calls; the dashboard's routes unless given.
  multipartApi?: MultipartApi;
  // An unfinished multipart upload of this file kept with the draft, and where its changes go.
  resume?: MultipartResume | null;
  onResume?: (resume: MultipartResume | null) => void;
  // Parts sent at once.
  concurrency?: number;
}

// Whether the archive answered that it has no multipart uploads; remembered for the page's life.
let multipartMissing = false;

const unsupported = (error: unknown) =>
  error instanceof ApiError && (error.code === "NOT_SUPPORTED" || error.status === 501);

// Uploads `file` and resolves with its key and SHA-256; rejects with an UploadError as uploadFile.
export async function sendFile(file: File, options: SendFileOptions): Promise<UploadResult> {
  if (file.size < MULTIPART_FROM_BYTES || multipartMissing) return uploadFile(file, options);
  const limit = MULTIPART_LIMITS.maxUploadBytes;
  if (file.size > limit) {
    throw new UploadError(
      "too-large",
      `${file.name} (${formatBytesBeside(file.size, limit)}) is larger than ${formatBytes(limit)}, the most the archive accepts in one upload.`,
    );
  }
  const signal = options.signal ?? new AbortController().signal;
  const api = options.multipartApi ?? dashboardMultipartApi;
  let uploadId: string | null = options.resume?.uploadId ?? null;
  try {
    return await uploadMultipart(file, {
      api,
      resume: options.resume,
      onResume: (resume) => {
        uploadId = resume?.uploadId ?? null;
        options.onResume?.(resume);
      },
      onProgress: options.onProgress ?? (() => {}),
      signal,
      concurrency: options.concurrency,
      retries: options.retries,
      transport: options.transport ?? xhrPut,
      hash: options.hash ?? hashPartsAhead,
      sleep: options.sleep ?? abortableSleep,
      now: options.now ?? Date.now,
      random: options.random,
    });
  } catch (error) {
    if (unsupported(error)) {
      multipartMissing = true;
      return uploadFile(file, options);
    }
    if (signal.aborted) {
      // Cancelled by the person: the parts are freed, not kept for a resume.
      if (uploadId) {
        options.onResume?.(null);
        void api.abort(uploadId).catch(() => {});
      }
      throw new UploadError("cancelled", `The upload of ${file.name} was cancelled.`);
    }
    if (error instanceof UploadError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    const status = error instanceof ApiError || error instanceof PartFailure ? error.status : null;
    throw new UploadError("failed", message, status, error);
  }
}
