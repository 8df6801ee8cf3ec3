// Upload URLs (GET /url): a key per upload, signed with the archive's HMAC secret, valid 5 hours.
// The upload row tracks the key from "pending" through "receiving" to "complete" with its digest.
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { and, eq, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import { INGEST_LIMITS } from "@scriptorium/contract/ingest/schemas";
import type { ArchiveDb } from "../db/client";
import { uploads } from "../db/schema";

export const UPLOAD_URL_TTL_MS = INGEST_LIMITS.uploadUrlValiditySeconds * 1000;
export const UPLOAD_SECRET_NAME = "upload-url-hmac";

export interface UploadUrl {
  url: string;
  key: string;
  expiresAt: string;
}

export type UploadRow = typeof uploads.$inferSelect;

// The signature of a PUT to `pathname` (an upload's `/uploads/<key>`, or a part's
// `/uploads/<uploadId>/parts/<n>`) until `expires` (epoch seconds).
export function signUploadPath(secret: Buffer, pathname: string, expires: number): string {
  return createHmac("sha256", secret).update(`PUT\n${pathname}\n${expires}`).digest("hex");
}

// Whether `sig` is the signature of a PUT to `pathname` valid until `expires`.
export function verifyUploadPath(
  secret: Buffer,
  pathname: string,
  expires: number,
  sig: string,
): boolean {
  const expected = Buffer.from(signUploadPath(secret, pathname, expires), "hex");
  const given = Buffer.from(sig, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const signature = (secret: Buffer, key: string, expires: number) =>
  signUploadPath(secret, `/uploads/${key}`, expires);

// Whether `sig` is the signature of `key` valid until `expires` (epoch seconds).
export function verifyUploadSignature(
  secret: Buffer,
  key: string,
  expires: number,
  sig: string,
): boolean {
  return verifyUploadPath(secret, `/uploads/${key}`, expires, sig);
}

// Records a new upload key for the caller's tenant and returns the URL to PUT the bytes to.
export async function createUploadUrl(
  db: ArchiveDb,
  options: { secret: Buffer; publicUrl: string; tenant: string; createdBy: string; now?: Date },
): Promise<UploadUrl> {
  const key = randomUUID();
  const now = options.now ?? new Date();
  // Whole seconds, so the URL parameter and the stored expiry agree exactly.
  const expires = Math.floor((now.getTime() + UPLOAD_URL_TTL_MS) / 1000);
  const expiresAt = new Date(expires * 1000);
  await db.insert(uploads).values({
    key,
    tenant: options.tenant,
    createdBy: options.createdBy,
    expiresAt,
    state: "pending",
  });
  const query = new URLSearchParams({
    expires: String(expires),
    sig: signature(options.secret, key, expires),
  });
  return {
    url: `${options.publicUrl}/uploads/${key}?${query}`,
    key,
    expiresAt: expiresAt.toISOString(),
  };
}

// Moves a pending upload to "receiving" so that one PUT at a time writes it; null when the key is
// unknown, already used or being written.
export async function beginUpload(db: ArchiveDb, key: string): Promise<UploadRow | null> {
  const [row] = await db
    .update(uploads)
    .set({ state: "receiving", receivingSince: sql`now()` })
    // A multipart upload's key has no single PUT: its bytes come as parts.
    .where(and(eq(uploads.key, key), eq(uploads.state, "pending"), isNull(uploads.uploadId)))
    .returning();
  return row ?? null;
}

// Makes the key usable again after a PUT that did not finish (a bad checksum, a dropped connection).
export async function abandonUpload(db: ArchiveDb, key: string): Promise<void> {
  await db
    .update(uploads)
    .set({ state: "pending", receivingSince: null })
    .where(and(eq(uploads.key, key), eq(uploads.state, "receiving")));
}

// Records the stored bytes of a finished PUT; from now on `type: "S3"` content may name the key.
export async function completeUpload(
  db: ArchiveDb,
  key: string,
  blob: { sha256: string; size: number },
) {
  await db
    .update(uploads)
    .set({ state: "complete", sha256: blob.sha256, size: blob.size, completedAt: sql`now()` })
    .where(and(eq(uploads.key, key), eq(uploads.state, "receiving")));
}

export async function findUpload(db: ArchiveDb, key: string): Promise<UploadRow | null> {
  const [row] = await db.select().from(uploads).where(eq(uploads.key, key));
  return row ?? null;
}

// The blob an S3 key names for a tenant, or a sentence saying why the key cannot be used.
export async function resolveUploadKey(
  db: ArchiveDb,
  tenant: string,
  key: string,
  now = new Date(),
): Promise<{ sha256: string; size: number } | { problem: string }> {
  const row = await findUpload(db, key);
  // Another tenant's key reads exactly like an unknown one.
  if (!row || row.tenant !== tenant) {
    return {
      problem: `no upload has the key "${key}": request an upload URL with GET /url and PUT the file to it first`,
    };
  }
  if (row.expiresAt.getTime() <= now.getTime()) {
    return {
      problem: `the upload "${key}" expired at ${row.expiresAt.toISOString()}: upload the file again to a new URL`,
    };
  }
  if (row.state !== "complete" || !row.sha256 || row.size === null) {
    return {
      problem: `the upload "${key}" has not finished: PUT the whole file to its upload URL first`,
    };
  }
  return { sha256: row.sha256, size: row.size };
}

// Makes every upload cut off by a crash writable again. Only safe when this process is the
// database's sole user (PGlite); the bytes of the cut-off PUT were never an object.
export async function releaseReceivingUploads(db: ArchiveDb): Promise<number> {
  const rows = await db
    .update(uploads)
    .set({ state: "pending", receivingSince: null })
    .where(eq(uploads.state, "receiving"))
    .returning({ key: uploads.key });
  return rows.length;
}

// Uploads whose URL expired before `cutoff`, except a PUT that has been receiving since after it.
export async function expiredUploads(db: ArchiveDb, cutoff: Date, limit: number) {
  return db
    .select({ key: uploads.key, sha256: uploads.sha256, uploadId: uploads.uploadId })
    .from(uploads)
    .where(
      and(
        lt(uploads.expiresAt, cutoff),
        or(ne(uploads.state, "receiving"), lt(uploads.receivingSince, cutoff)),
      ),
    )
    .orderBy(uploads.expiresAt)
    .limit(limit);
}

export async function forgetUploads(db: ArchiveDb, keys: string[]): Promise<void> {
  if (keys.length > 0) await db.delete(uploads).where(inArray(uploads.key, keys));
}
