// Identification is written once as generators that yield the byte ranges they need; a runner
// answers them from memory (sync) or from a file handle (async). So a multi-GB file is never read
// whole, and in-memory bytes need no Promise.
import type { FileHandle } from "node:fs/promises";

export interface ByteRange {
  offset: number;
  length: number;
}

// Yields ranges to read, receives their bytes (shorter at the end of the file), returns T.
export type ReadSteps<T> = Generator<ByteRange, T, Uint8Array>;

// Answers every read from an in-memory buffer.
export function runOnBytes<T>(steps: ReadSteps<T>, bytes: Uint8Array): T {
  let next = steps.next();
  while (!next.done) {
    const { offset, length } = next.value;
    const start = Math.max(0, Math.min(offset, bytes.length));
    next = steps.next(bytes.subarray(start, Math.min(bytes.length, start + Math.max(0, length))));
  }
  return next.value;
}

// Answers every read from an open file of the given size.
export async function runOnFile<T>(
  steps: ReadSteps<T>,
  handle: FileHandle,
  size: number,
): Promise<T> {
  let next = steps.next();
  while (!next.done) {
    const { offset, length } = next.value;
    const start = Math.max(0, Math.min(offset, size));
    const wanted = Math.max(0, Math.min(length, size - start));
    const buffer = new Uint8Array(wanted);
    let filled = 0;
    while (filled < wanted) {
      const { bytesRead } = await handle.read(buffer, filled, wanted - filled, start + filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    next = steps.next(buffer.subarray(0, filled));
  }
  return next.value;
}

// Reads one range inside a generator: `const bytes = yield* read(0, 16)`.
export function* read(offset: number, length: number): ReadSteps<Uint8Array> {
  return yield { offset, length };
}

export function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

// Bytes as Latin-1 text: one char per byte, for searching ASCII markers in binary data.
export function latin1(bytes: Uint8Array): string {
  let text = "";
  for (let i = 0; i < bytes.length; i += 8192) {
    text += String.fromCharCode(...bytes.subarray(i, i + 8192));
  }
  return text;
}
