// The parts of multipart uploads this process has written and stored since it started. Their
// bytes are in the page cache or on disk: a power failure, the one thing that loses written bytes
// not yet flushed, also ends this process and this memory with it. The completion therefore
// hashes such a part once, for the file's digest, and checks against its stored digest only the
// parts another process (or this one before a restart) wrote. A part counts as written here only
// while its row still says what this process stored: a later PUT of it, from anywhere, changes
// the row's time.

// uploadId → partNumber → the stored row's stamp (digest and time).
const written = new Map<string, Map<number, string>>();
// Uploads followed at once; past it the oldest is forgotten (its parts are then checked).
const MAX_UPLOADS = 1_000;

export const partStamp = (sha256: string, storedAt: Date) => `${sha256}@${storedAt.toISOString()}`;

export function noteWrittenHere(uploadId: string, partNumber: number, stamp: string): void {
  let parts = written.get(uploadId);
  if (!parts) {
    if (written.size >= MAX_UPLOADS) written.delete(written.keys().next().value!);
    parts = new Map();
    written.set(uploadId, parts);
  }
  parts.set(partNumber, stamp);
}

export function writtenHere(uploadId: string): ReadonlyMap<number, string> {
  return written.get(uploadId) ?? new Map();
}

export function forgetWrittenHere(uploadId: string): void {
  written.delete(uploadId);
}
