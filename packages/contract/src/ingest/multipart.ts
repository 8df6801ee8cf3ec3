// Multipart uploads: an optional extension of the ingest API, modelled on S3's, for files that are
// too large for one PUT or that must survive a broken connection. Not in the vendor's description
// (spec/ingest-api.md says multipart "can be configured on request"); the embedded archive offers
// it and archive/README.md documents it. A client detects it by POST /uploads: an archive without
// it answers 404 (or 405/501), and the client falls back to GET /url and one PUT.
//
//   POST   /uploads                          { size, partSize? }  → 201 MultipartUpload
//   GET    /uploads/{uploadId}/parts?numbers=1-6,9               → PartUrls (pre-signed PUTs)
//   PUT    <part url>  x-checksum-sha256: <part's SHA-256>       → 200 StoredPart
//   GET    /uploads/{uploadId}?partNumberMarker=N                → UploadState (stored parts)
//   POST   /uploads/{uploadId}/complete      { parts, sha256? }  → 200 UploadedFile | 202 UploadState
//   DELETE /uploads/{uploadId}                                   → 204 (the parts are freed)
//
// Every part but the last has exactly `partSize` bytes; the key is named as `type: "S3"` content
// once the upload is complete, as after a single PUT.
import { z } from "zod";
import { typeError } from "../zod-messages";

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

const SHA256_HEX = /^[0-9a-f]{64}$/;
const sha256 = (field: string) =>
  z
    .string({ error: typeError(field, "a SHA-256 digest: 64 lower-case hex digits") })
    .regex(SHA256_HEX, `${field} must be a SHA-256 digest: 64 lower-case hex digits`);

const wholeNumber = (field: string, min: number, max: number, unit = "") =>
  z
    .number({ error: typeError(field, "a whole number") })
    .int(`${field} must be a whole number`)
    .min(min, `${field} must be at least ${min}${unit}`)
    .max(max, `${field} must be at most ${max}${unit}`);

// POST /uploads. `partSize` is a wish: the archive may choose a larger one to stay within maxParts.
export const CreateUploadRequest = z.strictObject({
  size: wholeNumber("size", 1, MULTIPART_LIMITS.maxUploadBytes, " bytes"),
  partSize: wholeNumber(
    "partSize",
    MULTIPART_LIMITS.minPartBytes,
    MULTIPART_LIMITS.maxPartBytes,
    " bytes",
  ).optional(),
});
export type CreateUploadRequest = z.infer<typeof CreateUploadRequest>;

// The answer of POST /uploads, and the head of every UploadState.
export const MultipartUpload = z.looseObject({
  // What `type: "S3"` content names once the upload is complete.
  key: z.string().min(1),
  // Names the upload in the calls above; never in an ingest.
  uploadId: z.string().min(1),
  size: z.number().int().positive(),
  partSize: z.number().int().positive(),
  partCount: z.number().int().positive(),
  // Until when the part URLs work and the upload is kept; extended as part URLs are handed out,
  // and set 5 hours ahead at completion so the ingest can name the key.
  expiresAt: z.string(),
});
export type MultipartUpload = z.infer<typeof MultipartUpload>;

export const PartUrl = z.looseObject({
  partNumber: z.number().int().positive(),
  url: z.string().min(1),
  expiresAt: z.string(),
});
export type PartUrl = z.infer<typeof PartUrl>;

// GET /uploads/{uploadId}/parts
export const PartUrls = z.looseObject({ parts: z.array(PartUrl) });
export type PartUrls = z.infer<typeof PartUrls>;

// One part the archive holds (the answer of a part PUT, and an entry of UploadState.parts).
export const StoredPart = z.looseObject({
  partNumber: z.number().int().positive(),
  size: z.number().int().nonnegative(),
  sha256: z.string(),
});
export type StoredPart = z.infer<typeof StoredPart>;

export const UPLOAD_STATES = ["open", "completing", "complete"] as const;

// GET /uploads/{uploadId}: the stored parts in order, at most maxPartsPerRequest after
// `partNumberMarker`; `nextPartNumberMarker` is where the next page starts, null after the last.
export const UploadState = MultipartUpload.extend({
  state: z.enum(UPLOAD_STATES),
  // The whole file's digest, once complete.
  sha256: z.string().nullish(),
  // Why the last completion failed (the upload is open again), if it did.
  error: z.string().nullish(),
  parts: z.array(StoredPart),
  nextPartNumberMarker: z.number().int().nullish(),
});
export type UploadState = z.infer<typeof UploadState>;

// POST /uploads/{uploadId}/complete: every part, in order, with the SHA-256 it was sent with, and
// the whole file's SHA-256, which the archive checks before the key becomes usable. Without it the
// archive checks every part against its digest again and answers the file's SHA-256 (so a client
// that hashed each part need not hash the file a second time).
export const CompleteUploadRequest = z.strictObject({
  sha256: sha256("sha256").optional(),
  parts: z
    .array(
      z.strictObject({
        partNumber: wholeNumber("partNumber", 1, MULTIPART_LIMITS.maxParts),
        sha256: sha256("parts[].sha256"),
      }),
      { error: typeError("parts", "a list of { partNumber, sha256 }") },
    )
    .min(1, "parts must list every part of the upload")
    .max(MULTIPART_LIMITS.maxParts, `parts may list at most ${MULTIPART_LIMITS.maxParts} parts`)
    .superRefine((parts, ctx) => {
      const wrong = parts.findIndex((p, i) => p.partNumber !== i + 1);
      if (wrong !== -1) {
        ctx.addIssue({
          code: "custom",
          message: `parts must list the parts in order from 1 without gaps: entry ${wrong + 1} is part ${parts[wrong]?.partNumber}`,
        });
      }
    }),
});
export type CompleteUploadRequest = z.infer<typeof CompleteUploadRequest>;

// The answer of a completion that finished: the same as a single PUT's.
export const UploadedFile = z.looseObject({
  key: z.string().min(1),
  size: z.number().int().nonnegative(),
  sha256: z.string(),
});
export type UploadedFile = z.infer<typeof UploadedFile>;

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
