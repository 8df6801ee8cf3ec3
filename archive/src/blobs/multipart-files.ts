// The bytes of multipart uploads: one staging file per upload under blobs/.multipart, each part
// written at its own offset ((n - 1) * partSize) and hashed as it streams. Completing the upload
// hashes that file, syncs it and renames it into the store: its bytes are written to disk once.
// The folder is outside blobs/.tmp, whose files a restart removes: stored parts survive a crash.
//
// A part is not synced before it is answered: a sync of the staging file flushes every part still
// streaming into it, and on a journalling file system commits whatever else the machine has
// written, so a sync per part made a 1 GiB upload several times slower than one PUT. Written
// bytes survive the archive's own crash (kill -9) in the page cache; a flush started after each
// part (one at a time, not waited for) writes them out while the next parts stream in, so the
// completion's one sync finds little left. What a power failure could lose of a stored part, the
// completion finds: the file's SHA-256 then differs, each part is checked against the digest it
// was stored with, and the parts that changed are forgotten, to be sent again.
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { syncFile } from "./store";

export class PartSizeError extends Error {
  constructor(
    readonly expected: number,
    readonly received: number,
  ) {
    super(`The part has ${received > expected ? "more" : "fewer"} bytes than its ${expected}.`);
    this.name = "PartSizeError";
  }
}

// How often, in bytes written, a part's writer tells how far it is.
const PROGRESS_BYTES = 1 << 20;

export const stagingFolder = (blobsRoot: string) => path.join(blobsRoot, ".multipart");

export function stagingPath(blobsRoot: string, uploadId: string): string {
  if (!/^[0-9a-f-]{36}$/.test(uploadId)) throw new Error("An upload id is a UUID.");
  return path.join(stagingFolder(blobsRoot), uploadId);
}

// Creates the staging file if it is not there yet, without touching what it holds.
export async function ensureStagingFile(file: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await (await open(file, "a")).close();
}

// Streams one part into `file` at `offset`: exactly `size` bytes, hashed on the way. More bytes
// than `size` are refused before any of them is written. `onWritten` hears, now and then, how many
// bytes from the part's start are in the file.
export async function writePart(
  file: string,
  part: { offset: number; size: number },
  source: Readable,
  onWritten: (bytes: number) => void = () => {},
): Promise<{ sha256: string; size: number }> {
  await ensureStagingFile(file);
  const hash = createHash("sha256");
  let received = 0;
  let told = 0;
  const sink = createWriteStream(file, { flags: "r+", start: part.offset, highWaterMark: 1 << 20 });
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received > part.size) {
        callback(new PartSizeError(part.size, received));
        return;
      }
      hash.update(chunk);
      // Counted once each write is done: bytes written, not bytes on their way.
      if (sink.bytesWritten - told >= PROGRESS_BYTES) onWritten((told = sink.bytesWritten));
      callback(null, chunk);
    },
  });
  await pipeline(source, counter, sink);
  if (received !== part.size) throw new PartSizeError(part.size, received);
  onWritten(received);
  flushSoon(file);
  return { sha256: hash.digest("hex"), size: received };
}

// Staging files with parts not yet flushed, and the one flush under way: one at a time, so the
// thread pool the part writes use keeps its other threads.
const unflushed = new Set<string>();
let flushing = false;

function flushSoon(file: string): void {
  unflushed.add(file);
  if (flushing) return;
  flushing = true;
  void (async () => {
    for (let next = first(unflushed); next !== undefined; next = first(unflushed)) {
      unflushed.delete(next);
      // A file removed meanwhile (aborted, completed) has nothing left to flush.
      await syncFile(next).catch(() => {});
    }
    flushing = false;
  })();
}

const first = (set: Set<string>) => set.values().next().value;

// The SHA-256 of the staging file and of each of its parts, in one read; a part `check` turns
// down is not hashed alone (null in `parts`). A file shorter than the layout gives the digests of
// what it holds.
export async function stagedDigests(
  file: string,
  layout: { size: number; partSize: number; partCount: number },
  check: (partNumber: number) => boolean = () => true,
): Promise<{ sha256: string; parts: (string | null)[] }> {
  const whole = createHash("sha256");
  const parts: (string | null)[] = [];
  const partHash = () => (check(parts.length + 1) ? createHash("sha256") : null);
  let part = partHash();
  let left = layout.partSize;
  const stream = createReadStream(file, { end: layout.size - 1, highWaterMark: 1 << 20 });
  for await (const data of stream) {
    const chunk = data as Buffer;
    whole.update(chunk);
    for (let offset = 0; offset < chunk.length;) {
      const take = Math.min(left, chunk.length - offset);
      part?.update(chunk.subarray(offset, offset + take));
      offset += take;
      left -= take;
      if (left === 0) {
        parts.push(part?.digest("hex") ?? null);
        part = partHash();
        left = layout.partSize;
      }
    }
  }
  while (parts.length < layout.partCount) {
    parts.push(part?.digest("hex") ?? null);
    part = partHash();
  }
  return { sha256: whole.digest("hex"), parts };
}

export async function fileSize(file: string): Promise<number | null> {
  try {
    return (await stat(file)).size;
  } catch {
    return null;
  }
}

export async function removeStaging(blobsRoot: string, uploadId: string): Promise<void> {
  await rm(stagingPath(blobsRoot, uploadId), { force: true });
}

// Staging files untouched for `olderThanMs`, by upload id: the sweep removes those whose upload
// is gone (a crash between forgetting an upload and removing its file).
export async function staleStagingFiles(blobsRoot: string, olderThanMs: number, now = Date.now()) {
  const names = await readdir(stagingFolder(blobsRoot)).catch(() => [] as string[]);
  const stale: string[] = [];
  for (const name of names) {
    if (!/^[0-9a-f-]{36}$/.test(name)) continue;
    const info = await stat(path.join(stagingFolder(blobsRoot), name)).catch(() => null);
    if (info && now - info.mtimeMs >= olderThanMs) stale.push(name);
  }
  return stale;
}
