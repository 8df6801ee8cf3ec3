// The parts of multipart uploads this process has written and stored since it started, and the
// file's SHA-256 as far as they reach in order. Their bytes are in the page cache or on disk: a
// power failure, the one thing that loses written bytes not yet flushed, also ends this process
// and this memory with it. So the completion checks against their stored digests only the parts
// another process (or this one before a restart) wrote, and a part written here is read back once,
// right after it is stored (from the page cache), into the digest of the whole file: a completion
// whose parts were all written here finds that digest ready instead of reading the file again.
//
// A part counts as written here only while its row still says what this process stored: any later
// PUT of it, from anywhere, changes the row's time, and the digest built from the earlier bytes is
// then not used.
import { createHash, type Hash } from "node:crypto";
import { open } from "node:fs/promises";
import { partRange } from "@scriptorium/contract/ingest/multipart-layout";

export interface StagingLayout {
  file: string;
  size: number;
  partSize: number;
  partCount: number;
}

interface Followed {
  layout: StagingLayout;
  // partNumber → the stored row's stamp (digest and time).
  parts: Map<number, string>;
  // The digest of parts 1 to next - 1, and the stamps they had when read; null once a part read
  // was stored again, or a read failed.
  hash: Hash | null;
  next: number;
  read: string[];
  reading: Promise<void> | null;
  // The part whose bytes are being read.
  busy: number | null;
}

const followed = new Map<string, Followed>();
// Uploads followed at once; past it the oldest is forgotten (its parts are then checked).
const MAX_UPLOADS = 1_000;
const READ_BYTES = 1 << 20;

export const partStamp = (sha256: string, storedAt: Date) => `${sha256}@${storedAt.toISOString()}`;

// Reads the parts that come next in order into the file's digest, one upload's at a time.
async function readOn(upload: Followed): Promise<void> {
  const buffer = Buffer.allocUnsafe(READ_BYTES);
  const handle = await open(upload.layout.file, "r");
  try {
    for (;;) {
      const stamp = upload.parts.get(upload.next);
      if (!upload.hash || stamp === undefined) return;
      const { start, end } = partRange(upload.layout.size, upload.layout.partSize, upload.next);
      upload.busy = upload.next;
      for (let at = start; at < end;) {
        const { bytesRead } = await handle.read(buffer, 0, Math.min(READ_BYTES, end - at), at);
        if (bytesRead === 0) throw new Error("The staging file is shorter than its parts.");
        upload.hash?.update(buffer.subarray(0, bytesRead));
        at += bytesRead;
      }
      upload.read.push(stamp);
      upload.next++;
      upload.busy = null;
    }
  } finally {
    upload.busy = null;
    await handle.close();
  }
}

function follow(upload: Followed): void {
  if (upload.reading || !upload.hash) return;
  upload.reading = readOn(upload)
    .catch(() => {
      upload.hash = null;
    })
    .finally(() => {
      upload.reading = null;
      if (upload.hash && upload.parts.has(upload.next)) follow(upload);
    });
}

// Part `partNumber` of the upload was written by this process and stored with `stamp`.
export function noteWrittenHere(
  uploadId: string,
  layout: StagingLayout,
  partNumber: number,
  stamp: string,
): void {
  let upload = followed.get(uploadId);
  if (!upload) {
    if (followed.size >= MAX_UPLOADS) followed.delete(followed.keys().next().value!);
    upload = {
      layout,
      parts: new Map(),
      hash: createHash("sha256"),
      next: 1,
      read: [],
      reading: null,
      busy: null,
    };
    followed.set(uploadId, upload);
  }
  upload.parts.set(partNumber, stamp);
  // Stored again after it was read (or while): the digest so far holds other bytes.
  if (partNumber < upload.next || partNumber === upload.busy) {
    upload.hash = null;
  }
  follow(upload);
}

// The stamp each part written here was stored with.
export function writtenHere(uploadId: string): ReadonlyMap<number, string> {
  return followed.get(uploadId)?.parts ?? new Map();
}

// The whole file's SHA-256 read from its parts as they were stored here, when every part was
// written here and `stampOf` (the rows as stored now) still names each as it was read; null
// otherwise. Waits for a read under way.
export async function digestReadHere(
  uploadId: string,
  stampOf: (partNumber: number) => string | null,
): Promise<string | null> {
  const upload = followed.get(uploadId);
  if (!upload) return null;
  while (upload.reading) await upload.reading;
  if (!upload.hash || upload.next !== upload.layout.partCount + 1) return null;
  for (let n = 1; n <= upload.layout.partCount; n++) {
    if (upload.read[n - 1] !== stampOf(n) || upload.parts.get(n) !== stampOf(n)) return null;
  }
  return upload.hash.copy().digest("hex");
}

export function forgetWrittenHere(uploadId: string): void {
  followed.delete(uploadId);
}
