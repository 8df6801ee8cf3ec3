// The bytes of multipart uploads: one staging file per upload under blobs/.multipart, each part
// written at its own offset ((n - 1) * partSize), hashed as it streams, and synced. Completing the
// upload hashes that file and renames it into the store: its bytes are written to disk once.
// The folder is outside blobs/.tmp, whose files a restart removes: stored parts survive a crash.
import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
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

// Streams one part into `file` at `offset`: exactly `size` bytes, hashed on the way and synced
// before this resolves. More bytes than `size` are refused before any of them is written.
export async function writePart(
  file: string,
  part: { offset: number; size: number },
  source: Readable,
): Promise<{ sha256: string; size: number }> {
  await ensureStagingFile(file);
  const hash = createHash("sha256");
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received > part.size) {
        callback(new PartSizeError(part.size, received));
        return;
      }
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  await pipeline(
    source,
    counter,
    createWriteStream(file, { flags: "r+", start: part.offset, highWaterMark: 1 << 20 }),
  );
  if (received !== part.size) throw new PartSizeError(part.size, received);
  await syncFile(file);
  return { sha256: hash.digest("hex"), size: received };
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
