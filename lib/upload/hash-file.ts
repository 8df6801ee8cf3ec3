// Browser side of the hash worker: the SHA-256 of a File without blocking the page, and of each
// of its parts for a multipart upload.
import { hashBlob, type HashReply, type HashRequest } from "./hash-blob";
import { digestBlobParts, hashBlobParts } from "./hash-parts";

export interface HashFileOptions {
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
  // With both, each part's digest is reported as the file is read (see hash-parts.ts).
  partSize?: number;
  onPart?: (partNumber: number, sha256: string) => void;
}

export interface HashPartsOptions extends HashFileOptions {
  partSize: number;
  onPart: (partNumber: number, sha256: string) => void;
}

function abortError(signal: AbortSignal | undefined): unknown {
  return signal?.reason ?? new DOMException("The hashing was cancelled.", "AbortError");
}

// Runs `request` in a Web Worker, or `here` (on the main thread, in chunks) where no worker can
// start. Rejects with the signal's reason when cancelled.
function inWorker(
  request: HashRequest,
  options: HashFileOptions,
  here: () => Promise<string | null>,
): Promise<string | null> {
  const { onProgress, signal, onPart } = options;
  if (signal?.aborted) return Promise.reject(abortError(signal));
  if (typeof Worker === "undefined") return here();

  return new Promise<string | null>((resolve, reject) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL("./hash-worker.ts", import.meta.url), { type: "module" });
    } catch {
      here().then(resolve, reject);
      return;
    }
    let started = false;
    const stop = () => {
      worker.terminate();
      signal?.removeEventListener("abort", onAbort);
    };
    const onAbort = () => {
      stop();
      reject(abortError(signal));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    worker.onmessage = (event: MessageEvent<HashReply>) => {
      started = true;
      const reply = event.data;
      if (reply.type === "progress") onProgress?.(reply.loaded, reply.total);
      else if (reply.type === "part") onPart?.(reply.partNumber, reply.sha256);
      else {
        stop();
        if (reply.type === "done") resolve(reply.sha256);
        else
          reject(new Error(`The file could not be read to compute its checksum: ${reply.message}`));
      }
    };
    worker.onerror = (event) => {
      event.preventDefault();
      stop();
      // A worker that fails before its first message did not load (e.g. a strict CSP): hash here.
      if (!started) here().then(resolve, reject);
      else reject(new Error(`The checksum worker failed: ${event.message}`));
    };
    worker.postMessage(request);
  });
}

// The hex SHA-256 of `file`, and each part's digest on the way when asked.
export async function hashFile(file: Blob, options: HashFileOptions = {}): Promise<string> {
  const { onProgress, signal, partSize, onPart } = options;
  const parts = partSize && onPart ? { partSize, onPart } : null;
  const digest = await inWorker(
    { file, ...(parts ? { partSize: parts.partSize } : {}) } satisfies HashRequest,
    options,
    () =>
      parts
        ? hashBlobParts(file, parts.partSize, { onPart: parts.onPart, onProgress, signal })
        : hashBlob(file, { onProgress, signal }),
  );
  if (digest === null) throw new Error("The checksum worker answered no digest.");
  return digest;
}

// Only the digest of each part of `file`, each byte hashed once (natively where WebCrypto is
// there): for a multipart upload whose archive computes the whole file's digest. Resolves with
// null, as no whole-file digest was computed.
export function hashFileParts(file: Blob, options: HashPartsOptions): Promise<null> {
  const { onProgress, signal, partSize, onPart } = options;
  return inWorker({ file, partSize, partsOnly: true } satisfies HashRequest, options, () =>
    digestBlobParts(file, partSize, { onPart, onProgress, signal }).then(() => null),
  ).then(() => null);
}
