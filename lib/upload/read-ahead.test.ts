import { choosePartSize } from "@scriptorium/contract/ingest/multipart-layout";
import { afterEach, describe, expect, it } from "vitest";
import type { HashPartsOptions } from "./hash-file";
import { MULTIPART_FROM_BYTES } from "./multipart-threshold";
import {
  hashPartsAhead,
  readAhead,
  readAheadState,
  setPartsHasherForTests,
  stopReadAhead,
} from "./read-ahead";

// A hasher whose reads the test moves on part by part; records every read of a file.
function steppedHasher() {
  const reads: { file: Blob; options: HashPartsOptions }[] = [];
  const waiting = new Set<() => void>();
  const hasher = async (file: Blob, options: HashPartsOptions) => {
    reads.push({ file, options });
    const count = Math.ceil(file.size / options.partSize);
    for (let n = 1; n <= count; n++) {
      await new Promise<void>((resolve, reject) => {
        waiting.add(resolve);
        options.signal?.addEventListener("abort", () => reject(options.signal?.reason), {
          once: true,
        });
      });
      options.onPart(n, `digest-${n}`);
      options.onProgress?.(Math.min(file.size, n * options.partSize), file.size);
    }
    return null;
  };
  // Lets every reading under way read its next part.
  const next = async () => {
    for (let i = 0; i < 20 && waiting.size === 0; i++) await Promise.resolve();
    const steps = [...waiting];
    waiting.clear();
    for (const step of steps) step();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { hasher, reads, next };
}

// Files read in a test, stopped after it so that no reading waits in line for the next test.
const used: Blob[] = [];
const fileOf = (size: number) => {
  // Only its size and identity matter to the reader, whose hasher is faked.
  const file = { size } as Blob;
  used.push(file);
  return file;
};

afterEach(() => {
  for (const file of used.splice(0)) stopReadAhead(file);
  setPartsHasherForTests(null);
});

function follow(file: Blob, partSize: number, signal?: AbortSignal) {
  const parts: [number, string][] = [];
  const done = hashPartsAhead(file, {
    partSize,
    signal,
    onPart: (n, sha256) => parts.push([n, sha256]),
  });
  return { parts, done };
}

// A file of `size` whose reading ahead has begun, with the hasher that reads it.
function startReading(size: number) {
  const stepped = steppedHasher();
  setPartsHasherForTests(stepped.hasher);
  const file = fileOf(size);
  readAhead(file);
  return { ...stepped, file };
}

describe("reading a large file ahead of its upload", () => {
  const size = 3 * 64 * 1024 * 1024;
  const partSize = choosePartSize(size);
  const count = Math.ceil(size / partSize);

  it("gives the upload the parts read already, then the rest as they are read, reading the file once", async () => {
    const { reads, next, file } = startReading(size);
    await next();
    await next();
    expect(readAheadState(file)).toMatchObject({ done: false, loaded: 2 * partSize });

    const { parts, done } = follow(file, partSize);
    expect(parts.map(([n]) => n)).toEqual([1, 2]);
    for (let n = 3; n <= count; n++) await next();
    await expect(done).resolves.toBeNull();
    expect(parts).toEqual(Array.from({ length: count }, (_, i) => [i + 1, `digest-${i + 1}`]));
    expect(reads).toHaveLength(1);
    expect(readAheadState(file)).toMatchObject({ done: true, loaded: size });
  });

  it("leaves small files to the single PUT's own checksum", () => {
    const { hasher, reads } = steppedHasher();
    setPartsHasherForTests(hasher);
    const small = fileOf(MULTIPART_FROM_BYTES - 1);
    readAhead(small);
    expect(readAheadState(small)).toBeNull();
    expect(reads).toHaveLength(0);
  });

  it("reads a file sent before its turn at once, and not again when its turn comes", async () => {
    const { hasher, reads, next } = steppedHasher();
    setPartsHasherForTests(hasher);
    const first = fileOf(size);
    const second = fileOf(size);
    readAhead(first);
    readAhead(second);
    await next();

    const { done } = follow(second, partSize);
    expect(reads.map((r) => r.file)).toEqual([first, second]);
    stopReadAhead(first);
    for (let i = 0; i < count; i++) await next();
    await expect(done).resolves.toBeNull();
    expect(reads.map((r) => r.file)).toEqual([first, second]);
  });

  it("reads again in the layout the archive chose when it is not the one read ahead", async () => {
    const { reads, next, file } = startReading(size);
    for (let i = 0; i < count; i++) await next();
    expect(readAheadState(file)?.done).toBe(true);

    const { parts, done } = follow(file, 64 * 1024 * 1024);
    for (let i = 0; i < 3; i++) await next();
    await expect(done).resolves.toBeNull();
    expect(reads).toHaveLength(2);
    expect(reads[1]?.options.partSize).toBe(64 * 1024 * 1024);
    expect(parts.map(([n]) => n)).toEqual([1, 2, 3]);
  });

  it("stops the reading of a file taken out of the draft", async () => {
    const { reads, next, file } = startReading(size);
    await next();
    stopReadAhead(file);
    expect(reads[0]?.options.signal?.aborted).toBe(true);
    expect(readAheadState(file)).toBeNull();
  });

  it("ends the upload's wait when the upload is cancelled, with the cancellation's reason", async () => {
    const { next, file } = startReading(size);
    await next();
    const controller = new AbortController();
    const { done } = follow(file, partSize, controller.signal);
    controller.abort(new Error("cancelled by the person"));
    await expect(done).rejects.toThrow("cancelled by the person");
  });
});
