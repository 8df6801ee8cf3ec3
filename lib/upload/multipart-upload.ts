// Uploads one file as a multipart upload (browser only): the hash worker reads the file once,
// giving each part's SHA-256 as it goes (natively, so parts leave as fast as the network takes
// them); each part joins the part sender as soon as its digest is known, and goes straight to the
// archive, a few in parallel. The archive checks every part against its digest and answers the
// whole file's SHA-256 at completion: each byte is hashed once on each side. An upload begun
// earlier (a network drop, a reload, a new sign-in) resumes: the parts the archive lists with the
// digest just computed are not sent again.
import type {
  MultipartUpload,
  UploadedFile,
  UploadState,
} from "@scriptorium/contract/ingest/multipart";
import {
  choosePartSize,
  partCountOf,
  partRange,
} from "@scriptorium/contract/ingest/multipart-layout";
import { ApiError } from "@/lib/queries/api-client";
import { hashFileParts, type HashPartsOptions } from "./hash-file";
import type { MultipartApi } from "./multipart-api";
import { createPartSender } from "./part-sender";
import { createPartUrlSource } from "./part-urls";
import { createProgressTracker } from "./progress";
import type { UploadEvent, UploadResult } from "./uploader";
import type { PutTransport } from "./xhr-put";

// What the draft keeps of an unfinished multipart upload: enough to find it again and to know
// which parts were stored. The archive's own list is what counts; this one saves asking it when
// the upload turns out to be gone.
export interface MultipartResume {
  uploadId: string;
  key: string;
  size: number;
  partSize: number;
  expiresAt: string;
  // The parts the archive confirmed, with the digest they were sent with.
  parts: { partNumber: number; sha256: string }[];
}

export interface MultipartOptions {
  api: MultipartApi;
  // An upload of this file begun earlier.
  resume?: MultipartResume | null;
  // The upload's state after each change; null once it is finished or aborted.
  onResume?: (resume: MultipartResume | null) => void;
  onProgress: (event: UploadEvent) => void;
  signal: AbortSignal;
  // Parts sent at once (4 unless given) and further attempts per part (8 unless given).
  concurrency?: number;
  retries?: number;
  transport: PutTransport;
  // Reports each part's digest; may resolve with the whole file's, which the completion then
  // names for the archive to check (the terminal hashes natively, where it costs little).
  hash?: (file: Blob, options: HashPartsOptions) => Promise<string | null>;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  now: () => number;
  random?: () => number;
}

const DEFAULT_CONCURRENCY = 4;
// A part is retried alone while the others go on, so a network cut of a few minutes is ridden out
// (the waits double from 1 s up to 30 s).
const DEFAULT_PART_RETRIES = 8;
// How often a completion the archive is still assembling is asked about.
const COMPLETION_POLL_MS = 1_000;
// An upload kept in the draft is resumed only while it has this long left.
const RESUME_MARGIN_MS = 5 * 60_000;

// The upload and its stored parts, every page of them; null when the archive no longer has it.
async function storedState(
  api: MultipartApi,
  uploadId: string,
  signal: AbortSignal,
): Promise<{ state: UploadState; parts: Map<number, string> } | null> {
  const parts = new Map<number, string>();
  let marker = 0;
  let state: UploadState;
  try {
    do {
      state = await api.state(uploadId, marker, signal);
      for (const p of state.parts) parts.set(p.partNumber, p.sha256);
      marker = state.nextPartNumberMarker ?? 0;
    } while (marker > 0);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 410)) return null;
    throw error;
  }
  return { state, parts };
}

// Finds the upload kept in the draft again, or starts a new one.
async function openUpload(
  file: Blob,
  options: MultipartOptions,
): Promise<{ upload: MultipartUpload; stored: Map<number, string> }> {
  const { resume, api, signal } = options;
  const usable =
    resume &&
    resume.size === file.size &&
    Date.parse(resume.expiresAt) - options.now() > RESUME_MARGIN_MS;
  if (usable) {
    const found = await storedState(api, resume.uploadId, signal);
    if (found && found.state.state !== "complete" && found.state.size === file.size) {
      return { upload: found.state, stored: found.parts };
    }
  }
  // The default layout, asked for by name: a reading ahead (read-ahead.ts) used the same.
  return {
    upload: await api.create(file.size, signal, choosePartSize(file.size)),
    stored: new Map(),
  };
}

const isState = (answer: UploadedFile | UploadState): answer is UploadState =>
  "state" in answer && typeof answer.state === "string";

// The completed upload's key, after the archive assembled and checked the file.
async function complete(
  upload: MultipartUpload,
  digests: string[],
  sha256: string | null,
  options: MultipartOptions,
): Promise<UploadResult> {
  const { api, signal } = options;
  const parts = digests.map((digest, i) => ({ partNumber: i + 1, sha256: digest }));
  const first = await api.complete(
    upload.uploadId,
    { ...(sha256 ? { sha256 } : {}), parts },
    signal,
  );
  let state = isState(first) ? first : await api.state(upload.uploadId, 0, signal);
  while (state.state !== "complete") {
    if (state.state === "open" && state.error) throw new Error(state.error);
    await options.sleep(COMPLETION_POLL_MS, signal);
    state = await api.state(upload.uploadId, 0, signal);
  }
  const digest = isState(first) ? state.sha256 : first.sha256;
  if (!digest || (sha256 && digest !== sha256)) {
    throw new Error(
      `The archive completed the upload with SHA-256 ${digest ?? "unknown"}${sha256 ? `, not ${sha256}` : ""}: upload the file again.`,
    );
  }
  // The completion moved the expiry on: the state says until when the key may be named.
  return { key: upload.key, sha256: digest, expiresAt: state.expiresAt };
}

// Sends `file` in parts and completes the upload; rejects with the first part given up on, with
// an ApiError (NOT_SUPPORTED when the archive has no multipart uploads) or the signal's reason.
export async function uploadMultipart(
  file: File,
  options: MultipartOptions,
): Promise<UploadResult> {
  const { signal, now, onProgress } = options;
  const { upload, stored } = await openUpload(file, options);
  const count = partCountOf(file.size, upload.partSize);
  const sizeOf = (n: number) => {
    const { start, end } = partRange(file.size, upload.partSize, n);
    return end - start;
  };

  const confirmed = new Map(stored);
  const keep = () =>
    options.onResume?.({
      uploadId: upload.uploadId,
      key: upload.key,
      size: upload.size,
      partSize: upload.partSize,
      expiresAt: upload.expiresAt,
      parts: [...confirmed].map(([partNumber, sha256]) => ({ partNumber, sha256 })),
    });
  keep();

  let storedBytes = 0;
  for (const n of stored.keys()) if (n <= count) storedBytes += sizeOf(n);
  const tracker = createProgressTracker(file.size, now(), { startLoaded: storedBytes });
  // Hashing runs ahead of sending; once a part is on its way, the bar shows bytes at the archive.
  let sending = false;

  // Ends the reading when a part is given up on, and the sending when the reading fails.
  const local = new AbortController();
  const working = AbortSignal.any([signal, local.signal]);
  const sender = createPartSender({
    file,
    concurrency: options.concurrency ?? DEFAULT_CONCURRENCY,
    retries: options.retries ?? DEFAULT_PART_RETRIES,
    transport: options.transport,
    urls: createPartUrlSource(options.api, upload.uploadId, count, now),
    signal: working,
    storedBytes,
    onLoaded: (loaded) => {
      sending = true;
      onProgress({ phase: "uploading", attempt: 1, progress: tracker.update(loaded, now()) });
    },
    onStored: (part) => {
      confirmed.set(part.partNumber, part.sha256);
      keep();
    },
    onWaiting: (wait) => onProgress({ phase: "waiting", ...wait }),
    sleep: options.sleep,
    now,
    random: options.random,
  });

  const digests: string[] = [];
  const hashing = (options.hash ?? hashFileParts)(file, {
    signal: working,
    partSize: upload.partSize,
    onProgress: (loaded, total) => {
      if (!sending) onProgress({ phase: "hashing", loaded, total });
    },
    onPart: (partNumber, sha256) => {
      digests[partNumber - 1] = sha256;
      const kept = stored.get(partNumber);
      if (kept === sha256) return;
      // Stored with other bytes (the file changed since): counted as done, so sent again.
      if (kept !== undefined) sender.discount(sizeOf(partNumber));
      confirmed.delete(partNumber);
      const { start, end } = partRange(file.size, upload.partSize, partNumber);
      sender.push({ partNumber, start, end, sha256 });
    },
  });
  const sent = sender.run().catch((error: unknown) => {
    local.abort(error);
    throw error;
  });
  sent.catch(() => {});
  let sha256: string | null;
  try {
    sha256 = await hashing;
  } catch (error) {
    local.abort(error);
    throw error;
  } finally {
    sender.close();
  }
  await sent;
  if (digests.length !== count) {
    throw new Error(`The file was read as ${digests.length} parts, not ${count}: choose it again.`);
  }
  const result = await complete(upload, digests, sha256, options);
  options.onResume?.(null);
  onProgress({ phase: "done", key: result.key, sha256: result.sha256 });
  return result;
}
