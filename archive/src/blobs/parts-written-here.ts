// The parts of multipart uploads this process has written and stored since it started, and the
// file's SHA-256 as far as they reach in order. Their bytes are in the page cache or on disk: a
// power failure, the one thing that loses written bytes not yet flushed, also ends this process
// and this memory with it. So the completion checks against their stored digests only the parts
// another process (or this one before a restart) wrote, and a part written here is read back once
// (from the page cache) into the digest of the whole file: a completion whose parts were all
// written here finds that digest ready instead of reading the file again.
//
// The reading follows the part that comes next in order while it is being written, up to the
// bytes its writer has written: parts arrive a few at once, and a reading that waited for each
// part to be stored was left, once the last one was, with the last few parts to hash alone while
// the client waited for the completion. Bytes read of a part whose write then fails (refused, cut
// off), or that a new PUT writes again, make the digest unusable: the completion reads the file.
// The reading and hashing run in a worker thread (digest-thread.ts), beside the parts' receiving.
//
// A part counts as written here only while its row still says what this process stored: any later
// PUT of it, from anywhere, changes the row's time, and the digest built from the earlier bytes is
// then not used.
import { partRange } from "@scriptorium/contract/ingest/multipart-layout";
import { fileDigest, type FileDigest } from "./digest-thread";

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
  // partNumber → bytes from its start its write here has written so far, while it is written.
  writing: Map<number, number>;
  // The digest of parts 1 to next - 1 and of the first `at` bytes of part `next`, and the stamps
  // parts 1 to next - 1 had when read; null once bytes read were written again, or a read failed.
  hash: FileDigest | null;
  next: number;
  at: number;
  read: string[];
  reading: Promise<void> | null;
  // The part whose bytes are being read.
  busy: number | null;
}

const followed = new Map<string, Followed>();
// Uploads followed at once; past it the oldest is forgotten (its parts are then checked).
const MAX_UPLOADS = 1_000;
// Bytes asked of the digest thread at a time: the reading stops at these steps when a part being
// read is written again.
const READ_BYTES = 8 << 20;

export const partStamp = (sha256: string, storedAt: Date) => `${sha256}@${storedAt.toISOString()}`;

// Whether the reading has more to read now.
function readable(upload: Followed): boolean {
  if (!upload.hash || upload.next > upload.layout.partCount) return false;
  if (upload.parts.has(upload.next)) return true;
  return (upload.writing.get(upload.next) ?? 0) > upload.at;
}

// Reads the parts that come next in order into the file's digest, a stored part to its end and a
// part being written as far as it is written, one upload's at a time.
async function readOn(upload: Followed): Promise<void> {
  try {
    while (readable(upload)) {
      const hash = upload.hash!;
      const stamp = upload.parts.get(upload.next);
      const { start, end } = partRange(upload.layout.size, upload.layout.partSize, upload.next);
      const until = stamp !== undefined ? end : start + (upload.writing.get(upload.next) ?? 0);
      upload.busy = upload.next;
      while (upload.hash === hash && start + upload.at < until) {
        const at = start + upload.at;
        const to = Math.min(until, at + READ_BYTES);
        await hash.read(at, to);
        upload.at += to - at;
      }
      upload.busy = null;
      if (upload.hash === hash && stamp !== undefined) {
        upload.read.push(stamp);
        upload.next++;
        upload.at = 0;
      }
    }
  } finally {
    upload.busy = null;
  }
}

function follow(upload: Followed): void {
  if (upload.reading || !upload.hash) return;
  upload.reading = readOn(upload)
    .catch(() => spoil(upload))
    .finally(() => {
      upload.reading = null;
      if (readable(upload)) follow(upload);
    });
}

function followedUpload(uploadId: string, layout: StagingLayout): Followed {
  let upload = followed.get(uploadId);
  if (!upload) {
    if (followed.size >= MAX_UPLOADS) forgetWrittenHere(followed.keys().next().value!);
    upload = {
      layout,
      parts: new Map(),
      writing: new Map(),
      hash: fileDigest(layout.file),
      next: 1,
      at: 0,
      read: [],
      reading: null,
      busy: null,
    };
    followed.set(uploadId, upload);
  }
  return upload;
}

// The digest holds bytes that are no longer the file's (or a read failed): it is not used.
function spoil(upload: Followed): void {
  upload.hash?.close();
  upload.hash = null;
}

// Whether bytes of part `partNumber` went into the digest (or are going into it now).
const wasRead = (upload: Followed, partNumber: number) =>
  partNumber < upload.next ||
  upload.busy === partNumber ||
  (partNumber === upload.next && upload.at > 0);

// A PUT of part `partNumber` begins writing here: whatever the part held is being overwritten.
export function noteWriteStarted(
  uploadId: string,
  layout: StagingLayout,
  partNumber: number,
): void {
  const upload = followedUpload(uploadId, layout);
  if (wasRead(upload, partNumber)) spoil(upload);
  upload.parts.delete(partNumber);
  upload.writing.set(partNumber, 0);
}

// The PUT of part `partNumber` here has written `bytes` bytes of it, from its start.
export function noteWriteProgress(uploadId: string, partNumber: number, bytes: number): void {
  const upload = followed.get(uploadId);
  if (!upload || !upload.writing.has(partNumber)) return;
  upload.writing.set(partNumber, bytes);
  if (partNumber === upload.next) follow(upload);
}

// The PUT of part `partNumber` here ended: stored with `stamp`, or not stored (null), when the
// bytes it wrote are not the part's.
export function noteWriteEnded(uploadId: string, partNumber: number, stamp: string | null): void {
  const upload = followed.get(uploadId);
  if (!upload) return;
  upload.writing.delete(partNumber);
  if (stamp === null) {
    if (wasRead(upload, partNumber)) spoil(upload);
    return;
  }
  upload.parts.set(partNumber, stamp);
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
  return upload.hash.digest().catch(() => null);
}

export function forgetWrittenHere(uploadId: string): void {
  followed.get(uploadId)?.hash?.close();
  followed.delete(uploadId);
}
