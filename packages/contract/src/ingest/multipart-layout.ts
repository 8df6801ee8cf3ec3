// The multipart extension's limits and part layout as plain values and functions, without zod:
// browser code imports them from here; ./multipart adds the request and answer schemas.

const MiB = 1024 * 1024;

export const MULTIPART_LIMITS = {
  minPartBytes: 8 * MiB,
  maxPartBytes: 64 * MiB,
  maxUploadBytes: 5 * 1024 ** 4,
  // 5 TiB in parts of 64 MiB.
  maxParts: 81_920,
  // Part URLs handed out by one request, and stored parts listed by one answer.
  maxPartsPerRequest: 1_000,
} as const;

// What GET /uploads/{uploadId} says of an upload.
export const UPLOAD_STATES = ["open", "completing", "complete"] as const;

// The default part size aims at about this many parts: few enough requests, small enough pieces
// to lose when a connection breaks. Each part costs the browser a request of its own (a slice of
// the file, a preflight, an XHR) and the archive a row and a flush: a 1 GiB upload from Chromium
// in 16 parts of 64 MiB reached 0.60 to 0.64 of one `curl -T`, in 32 parts 0.51 to 0.56, in 64
// parts of 16 MiB 0.45 to 0.55 (`npm run bench -- ingest-ui`, one machine, one morning). A
// connection that breaks loses at most the parts under way: 4 x 64 MiB at the most.
const TARGET_PARTS = 16;

// The part size of an upload of `size` bytes: the caller's wish when it keeps the upload within
// maxParts, else about TARGET_PARTS parts; whole MiB, 8 to 64 MiB. The archive's choice, and the
// one a client makes to read a file's parts before it creates the upload.
export function choosePartSize(size: number, wish?: number): number {
  const { minPartBytes, maxPartBytes, maxParts } = MULTIPART_LIMITS;
  const wholeMiB = (bytes: number) => Math.ceil(bytes / MiB) * MiB;
  const least = Math.max(minPartBytes, wholeMiB(size / maxParts));
  const chosen = wish ?? wholeMiB(size / TARGET_PARTS);
  return Math.min(maxPartBytes, Math.max(least, chosen));
}

// The layout every client and the archive agree on: part n starts at (n - 1) * partSize.
export function partCountOf(size: number, partSize: number): number {
  return Math.max(1, Math.ceil(size / partSize));
}

export function partRange(
  size: number,
  partSize: number,
  partNumber: number,
): { start: number; end: number } {
  const start = (partNumber - 1) * partSize;
  return { start, end: Math.min(size, start + partSize) };
}

// "1-3,5" for [1, 2, 3, 5]: the `numbers` of GET /uploads/{uploadId}/parts.
export function formatPartNumbers(numbers: readonly number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const ranges: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    ranges.push(i === j ? `${sorted[i]}` : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return ranges.join(",");
}

// The part numbers `numbers` names ("1-6,9"), each in 1..partCount, or a sentence saying what is
// wrong. At most maxPartsPerRequest of them.
export function parsePartNumbers(
  numbers: string,
  partCount: number,
): { numbers: number[] } | { problem: string } {
  const limit = MULTIPART_LIMITS.maxPartsPerRequest;
  const found = new Set<number>();
  for (const item of numbers.split(",")) {
    const match = /^\s*(\d{1,9})\s*(?:-\s*(\d{1,9})\s*)?$/.exec(item);
    if (!match) {
      return {
        problem: `numbers must list part numbers and ranges such as "1-6,9", got "${numbers.slice(0, 100)}"`,
      };
    }
    const first = Number(match[1]);
    const last = match[2] === undefined ? first : Number(match[2]);
    if (first < 1 || last > partCount || first > last) {
      return {
        problem: `numbers names parts outside 1-${partCount}, the parts of this upload ("${item.trim()}")`,
      };
    }
    if (found.size + (last - first + 1) > limit) {
      return { problem: `numbers may name at most ${limit} parts at a time` };
    }
    for (let n = first; n <= last; n++) found.add(n);
  }
  return { numbers: [...found].sort((a, b) => a - b) };
}
