// The SHA-256 of every part of a file under a multipart layout, and of the whole file when asked,
// in one read: each part is read whole (at most 64 MiB, the next one read while this one is
// hashed). Its digest comes from WebCrypto where the context has it (native, off this thread) and
// is reported before the whole-file hash (WebAssembly in the worker, several times slower) takes
// the same bytes, so the part is on its way while the file's digest catches up.
import { partCountOf, partRange } from "@scriptorium/contract/ingest/multipart-layout";
import {
  chunkHasher,
  HASH_CHUNK_BYTES,
  type HashOptions,
  type IncrementalSha256,
} from "./hash-blob";
import { toHex } from "./sha256";

export interface PartHashOptions extends Omit<HashOptions, "chunkBytes"> {
  // Part `partNumber` (from 1) has digest `sha256`; called in order, as each part is read.
  onPart: (partNumber: number, sha256: string) => void;
}

// Reads `blob` part by part, reporting each part's digest, and feeds `whole` (when given) too.
async function readParts(
  blob: Blob,
  partSize: number,
  options: PartHashOptions,
  whole: IncrementalSha256 | null,
): Promise<void> {
  const { onPart, onProgress, signal } = options;
  const subtle = options.subtle === undefined ? globalThis.crypto?.subtle : options.subtle;
  const total = blob.size;
  onProgress?.(0, total);
  const count = partCountOf(total, partSize);
  const read = async (n: number) => {
    const { start, end } = partRange(total, partSize, n);
    return new Uint8Array(await blob.slice(start, end).arrayBuffer());
  };
  let reading: Promise<Uint8Array> | null = read(1);
  for (let n = 1; n <= count; n++) {
    signal?.throwIfAborted();
    const bytes: Uint8Array = await reading!;
    reading = n < count ? read(n + 1) : null;
    // A failed read ahead is the next part's failure, met when that part is awaited.
    reading?.catch(() => {});
    const part = subtle ? null : await chunkHasher(options.createHasher);
    if (subtle) {
      onPart(n, toHex(new Uint8Array(await subtle.digest("SHA-256", bytes as BufferSource))));
    }
    if (whole || part) {
      for (let offset = 0; offset < bytes.length; offset += HASH_CHUNK_BYTES) {
        const chunk = bytes.subarray(offset, offset + HASH_CHUNK_BYTES);
        whole?.update(chunk);
        part?.update(chunk);
      }
    }
    if (part) onPart(n, part.hex());
    onProgress?.(partRange(total, partSize, n).end, total);
  }
}

// The hex SHA-256 of `blob`, after the digest of each of its parts of `partSize` bytes.
export async function hashBlobParts(
  blob: Blob,
  partSize: number,
  options: PartHashOptions,
): Promise<string> {
  const whole = await chunkHasher(options.createHasher);
  await readParts(blob, partSize, options, whole);
  return whole.hex();
}

// The digest of each part of `blob` only: each byte is hashed once, natively where WebCrypto is
// there. For an archive that computes the whole file's digest from the parts it checked.
export async function digestBlobParts(
  blob: Blob,
  partSize: number,
  options: PartHashOptions,
): Promise<void> {
  await readParts(blob, partSize, options, null);
}
