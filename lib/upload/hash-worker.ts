// The hash worker: computes a file's SHA-256 off the main thread, so the page stays responsive
// while a multi-GB file is read; with a part size, the digest of each part too (or only), as it
// reads them.
// Loaded by hash-file.ts with new Worker(new URL(...)).
import { hashBlob, type HashReply, type HashRequest } from "./hash-blob";
import { digestBlobParts, hashBlobParts } from "./hash-parts";
import { createWasmSha256 } from "./wasm-sha256";

// The worker global, typed by hand: the project compiles against the DOM library, not WebWorker.
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<HashRequest>) => void) | null;
  postMessage(message: HashReply): void;
};

// At most a few progress messages per second: posting one per chunk would flood a fast disk.
const PROGRESS_INTERVAL_MS = 100;

scope.onmessage = (event) => {
  const { file, partSize, partsOnly } = event.data;
  let lastPost = 0;
  const options = {
    createHasher: createWasmSha256,
    onProgress(loaded: number, total: number) {
      const now = Date.now();
      if (loaded === total || now - lastPost >= PROGRESS_INTERVAL_MS) {
        lastPost = now;
        scope.postMessage({ type: "progress", loaded, total });
      }
    },
  };
  const onPart = (partNumber: number, sha256: string) =>
    scope.postMessage({ type: "part", partNumber, sha256 });
  const hashing: Promise<string | null> = !partSize
    ? hashBlob(file, options)
    : partsOnly
      ? digestBlobParts(file, partSize, { ...options, onPart }).then(() => null)
      : hashBlobParts(file, partSize, { ...options, onPart });
  hashing.then(
    (sha256) => scope.postMessage({ type: "done", sha256 }),
    (error: unknown) =>
      scope.postMessage({
        type: "error",
        message: error instanceof Error ? error.message : String(error),
      }),
  );
};
