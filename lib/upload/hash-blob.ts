// SHA-256 of a Blob (a File) read in chunks, so a 5 GB file never sits in memory whole. Runs in the
// hash worker, and on the main thread where workers are unavailable.
import { Sha256, toHex } from "./sha256";

export const HASH_CHUNK_BYTES = 4 * 1024 * 1024;

// Up to this size the file is read whole and digested by WebCrypto, which is several times faster
// than the JavaScript hash; above it memory matters more than speed.
export const WHOLE_FILE_DIGEST_BYTES = 64 * 1024 * 1024;

export interface HashOptions {
  onProgress?: (loaded: number, total: number) => void;
  chunkBytes?: number;
  // Checked between chunks; the worker is simply terminated instead.
  signal?: AbortSignal;
  // WebCrypto, when the context has it (secure contexts only); tests pass null to force the chunked path.
  subtle?: SubtleCrypto | null;
  // A faster incremental hash for the chunked path (the worker's WebAssembly one); the JavaScript
  // hash when absent or when it cannot start.
  createHasher?: () => Promise<IncrementalSha256>;
}

// A running SHA-256 fed chunk by chunk.
export interface IncrementalSha256 {
  update(data: Uint8Array): void;
  hex(): string;
}

// The faster hasher when it starts, the JavaScript one otherwise.
export async function chunkHasher(create: HashOptions["createHasher"]): Promise<IncrementalSha256> {
  if (create) {
    try {
      return await create();
    } catch {
      // E.g. a policy that forbids WebAssembly: the JavaScript hash gives the same digest.
    }
  }
  const hash = new Sha256();
  return { update: (data) => void hash.update(data), hex: () => hash.hex() };
}

// The hex SHA-256 of `blob`, reporting bytes read as it goes.
export async function hashBlob(blob: Blob, options: HashOptions = {}): Promise<string> {
  const { onProgress, chunkBytes = HASH_CHUNK_BYTES, signal } = options;
  const subtle = options.subtle === undefined ? globalThis.crypto?.subtle : options.subtle;
  const total = blob.size;
  onProgress?.(0, total);
  if (subtle && total <= WHOLE_FILE_DIGEST_BYTES) {
    const digest = await subtle.digest("SHA-256", await blob.arrayBuffer());
    signal?.throwIfAborted();
    onProgress?.(total, total);
    return toHex(new Uint8Array(digest));
  }
  const hash = await chunkHasher(options.createHasher);
  for (let offset = 0; offset < total; offset += chunkBytes) {
    signal?.throwIfAborted();
    const chunk = new Uint8Array(await blob.slice(offset, offset + chunkBytes).arrayBuffer());
    hash.update(chunk);
    onProgress?.(Math.min(total, offset + chunk.length), total);
  }
  return hash.hex();
}

// Messages between hashFile (main thread) and the hash worker. With `partSize`, the worker also
// reports the digest of each part of the file as it reads it (hash-parts.ts); with `partsOnly`
// too, it reports only those, and its `done` carries no digest.
export type HashRequest = { file: Blob; partSize?: number; partsOnly?: boolean };
export type HashReply =
  | { type: "progress"; loaded: number; total: number }
  | { type: "part"; partNumber: number; sha256: string }
  | { type: "done"; sha256: string | null }
  | { type: "error"; message: string };
