// The SHA-256 of every part of a file under a multipart layout, and of the whole file, in one read:
// each part is read whole (at most 64 MiB), digested by WebCrypto where the context has it (native
// and off this thread) while the whole-file hash (WebAssembly in the worker) takes the same bytes.
import { partCountOf, partRange } from "@scriptorium/contract/ingest/multipart";
import { chunkHasher, HASH_CHUNK_BYTES, type HashOptions } from "./hash-blob";
import { toHex } from "./sha256";

export interface PartHashOptions extends Omit<HashOptions, "chunkBytes"> {
  // Part `partNumber` (from 1) has digest `sha256`; called in order, as each part is read.
  onPart: (partNumber: number, sha256: string) => void;
}

// The hex SHA-256 of `blob`, after the digest of each of its parts of `partSize` bytes.
export async function hashBlobParts(
  blob: Blob,
  partSize: number,
  options: PartHashOptions,
): Promise<string> {
  const { onPart, onProgress, signal } = options;
  const subtle = options.subtle === undefined ? globalThis.crypto?.subtle : options.subtle;
  const total = blob.size;
  const whole = await chunkHasher(options.createHasher);
  onProgress?.(0, total);
  const count = partCountOf(total, partSize);
  for (let n = 1; n <= count; n++) {
    signal?.throwIfAborted();
    const { start, end } = partRange(total, partSize, n);
    const bytes = new Uint8Array(await blob.slice(start, end).arrayBuffer());
    const native = subtle ? subtle.digest("SHA-256", bytes) : null;
    const part = native ? null : await chunkHasher(options.createHasher);
    for (let offset = 0; offset < bytes.length; offset += HASH_CHUNK_BYTES) {
      const chunk = bytes.subarray(offset, offset + HASH_CHUNK_BYTES);
      whole.update(chunk);
      part?.update(chunk);
    }
    onPart(n, native ? toHex(new Uint8Array(await native)) : (part?.hex() ?? ""));
    onProgress?.(end, total);
  }
  return whole.hex();
}
