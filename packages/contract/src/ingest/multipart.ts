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
import { MULTIPART_LIMITS, UPLOAD_STATES } from "./multipart-layout";

export * from "./multipart-layout";

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
