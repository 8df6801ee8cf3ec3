// Browser side of the hash worker: the SHA-256 of a File without blocking the page, and of each
// of its parts for a multipart upload.
import { hashBlob, type HashReply, type HashRequest } from "./hash-blob";
import { hashBlobParts } from "./hash-parts";

export interface HashFileOptions {
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
  // With both, each part's digest is reported as the file is read (see hash-parts.ts).
  partSize?: number;
  onPart?: (partNumber: number, sha256: string) => void;
}

function abortError(signal: AbortSignal | undefined): unknown {
  return signal?.reason ?? new DOMException("The hashing was cancelled.", "AbortError");
}

// The hex SHA-256 of `file`, computed in a Web Worker; on the main thread (in chunks) where no
// worker can start. Rejects with the signal's reason when cancelled.
export function hashFile(file: Blob, options: HashFileOptions = {}): Promise<string> {
  const { onProgress, signal, partSize, onPart } = options;
  if (signal?.aborted) return Promise.reject(abortError(signal));
  const here = () =>
    partSize && onPart
      ? hashBlobParts(file, partSize, { onPart, onProgress, signal })
      : hashBlob(file, { onProgress, signal });
  if (typeof Worker === "undefined") return here();

  return new Promise<string>((resolve, reject) => {
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
    worker.postMessage({ file, ...(partSize && onPart ? { partSize } : {}) } satisfies HashRequest);
  });
}
