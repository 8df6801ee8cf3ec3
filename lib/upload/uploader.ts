// Uploads one file straight to the archive's upload URL (browser only): checksum first, then a PUT
// with progress, retried with back-off, with a fresh URL when the old one is refused.
import {
  INGEST_LIMITS,
  UploadUrlResponse,
  uploadKeyOf,
} from "@scriptorium/contract/ingest/schemas";
import { backoffDelay, retryActionFor, retryAfterMs } from "./backoff";
import { formatBytes, formatBytesBeside } from "./format";
import { hashFile } from "./hash-file";
import { createProgressTracker, type TransferProgress } from "./progress";
import { UploadError } from "./upload-error";
import { uploadFailureMessage } from "./upload-failure";
import { xhrPut, type PutTransport } from "./xhr-put";

export { UploadError, type UploadErrorKind } from "./upload-error";

export type UploadEvent =
  | { phase: "hashing"; loaded: number; total: number }
  | { phase: "uploading"; attempt: number; progress: TransferProgress }
  // Between attempts: `attempt` is the number of the next one, of at most `retries + 1`.
  | { phase: "waiting"; attempt: number; retries: number; delayMs: number; reason: string }
  | { phase: "done"; key: string; sha256: string };

export interface UploadResult {
  key: string;
  sha256: string;
  // Until when the archive accepts the key in an ingest (ISO 8601), when its answer said so.
  expiresAt: string | null;
}

export interface UploadOptions {
  // Asks the dashboard for an upload URL (GET /api/ingest/url) and returns its JSON answer.
  getUploadUrl: (signal: AbortSignal) => Promise<unknown>;
  onProgress?: (event: UploadEvent) => void;
  signal?: AbortSignal;
  // Further attempts after the first; 5 unless given.
  retries?: number;
  // A checksum computed earlier, e.g. before a reload; skips hashing.
  sha256?: string;
  // Seams for tests.
  transport?: PutTransport;
  hash?: typeof hashFile;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  now?: () => number;
  random?: () => number;
}

const DEFAULT_RETRIES = 5;
// A URL this close to its expiry is replaced before an attempt rather than failing mid-upload.
const EXPIRY_MARGIN_MS = 60_000;

// Resolves after `ms`; rejects with the signal's reason as soon as it aborts.
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

interface Target {
  url: string;
  key: string;
  expiresAt: number | null;
}

async function fetchTarget(options: UploadOptions, signal: AbortSignal): Promise<Target> {
  const parsed = UploadUrlResponse.safeParse(await options.getUploadUrl(signal));
  const key = parsed.success ? uploadKeyOf(parsed.data) : null;
  if (!parsed.success || !key) {
    throw new UploadError("failed", "The archive's answer did not contain a usable upload URL.");
  }
  const expires = parsed.data.expiresAt ? Date.parse(parsed.data.expiresAt) : Number.NaN;
  return { url: parsed.data.url, key, expiresAt: Number.isNaN(expires) ? null : expires };
}

// PUTs `file` to a fresh upload URL and returns the key to name as S3 content, with the SHA-256
// the archive verified. Rejects with an UploadError: "too-large" before anything is sent,
// "cancelled" when the signal aborts, "failed" once the retries are spent.
export async function uploadFile(file: File, options: UploadOptions): Promise<UploadResult> {
  const limit = INGEST_LIMITS.uploadBytes;
  if (file.size > limit) {
    throw new UploadError(
      "too-large",
      `${file.name} (${formatBytesBeside(file.size, limit)}) is larger than ${formatBytes(limit)}, the most the archive accepts in one upload.`,
    );
  }
  const signal = options.signal ?? new AbortController().signal;
  const retries = options.retries ?? DEFAULT_RETRIES;
  const transport = options.transport ?? xhrPut;
  const sleep = options.sleep ?? abortableSleep;
  const now = options.now ?? Date.now;
  const emit = options.onProgress ?? (() => {});
  try {
    const sha256 =
      options.sha256 ??
      (await (options.hash ?? hashFile)(file, {
        signal,
        onProgress: (loaded, total) => emit({ phase: "hashing", loaded, total }),
      }));
    let target: Target | null = null;
    for (let attempt = 1; ; attempt++) {
      signal.throwIfAborted();
      let status: number | null = null;
      let reason: string;
      let retryAfter: string | null = null;
      try {
        if (!target || (target.expiresAt !== null && target.expiresAt - now() < EXPIRY_MARGIN_MS)) {
          target = await fetchTarget(options, signal);
        }
        const tracker = createProgressTracker(file.size, now());
        emit({ phase: "uploading", attempt, progress: tracker.update(0, now()) });
        const result = await transport({
          url: target.url,
          body: file,
          headers: {
            "Content-Type": file.type || "application/octet-stream",
            "x-checksum-sha256": sha256,
          },
          onProgress: (loaded) =>
            emit({ phase: "uploading", attempt, progress: tracker.update(loaded, now()) }),
          signal,
        });
        if (result.status !== null && result.status >= 200 && result.status < 300) {
          emit({ phase: "done", key: target.key, sha256 });
          const expiresAt =
            target.expiresAt === null ? null : new Date(target.expiresAt).toISOString();
          return { key: target.key, sha256, expiresAt };
        }
        status = result.status;
        retryAfter = result.retryAfter;
        reason = uploadFailureMessage(status, result.body);
      } catch (error) {
        // fetch rejects with a TypeError when the network fails: worth another try.
        if (!(error instanceof TypeError) || signal.aborted) throw error;
        reason = "The dashboard could not be reached to get an upload URL.";
      }
      const action = retryActionFor(status);
      if (action === "give-up" || attempt > retries)
        throw new UploadError("failed", reason, status);
      if (action === "fresh-url") target = null;
      const delayMs = retryAfterMs(retryAfter, now()) ?? backoffDelay(attempt, options.random);
      emit({ phase: "waiting", attempt: attempt + 1, retries, delayMs, reason });
      await sleep(delayMs, signal);
    }
  } catch (error) {
    if (signal.aborted)
      throw new UploadError("cancelled", `The upload of ${file.name} was cancelled.`);
    if (error instanceof UploadError) throw error;
    // E.g. the session ended while asking for a URL: the caller finds the original in `cause`.
    const message = error instanceof Error ? error.message : String(error);
    throw new UploadError("failed", message, null, error);
  }
}
