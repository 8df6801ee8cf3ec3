// The database side of multipart uploads. A multipart upload is an `uploads` row with an
// `upload_id` and its part layout: "pending" while parts come in (the API says "open"),
// "receiving" while a completion assembles it ("completing"), "complete" once its key names a
// blob, exactly as after a single PUT. Its parts are `upload_parts` rows.
//
// A part PUT and a completion both start by locking the upload's row, so a completion never
// starts while a part is being written, and no part starts once a completion has.
import { randomUUID } from "node:crypto";
import { and, asc, eq, gt, inArray, isNotNull, lt, or, sql } from "drizzle-orm";
import {
  choosePartSize,
  MULTIPART_LIMITS,
  partCountOf,
  type MultipartUpload,
  type StoredPart,
} from "@scriptorium/contract/ingest/multipart";
import type { ArchiveDb } from "../db/client";
import { uploadParts, uploads } from "../db/schema";
import { UPLOAD_URL_TTL_MS, type UploadRow } from "./upload-urls";

export type MultipartRow = UploadRow & {
  uploadId: string;
  declaredSize: number;
  partSize: number;
  partCount: number;
};

function isMultipart(row: UploadRow | undefined): row is MultipartRow {
  return (
    row !== undefined &&
    row.uploadId !== null &&
    row.declaredSize !== null &&
    row.partSize !== null &&
    row.partCount !== null
  );
}

export function describeUpload(row: MultipartRow): MultipartUpload {
  return {
    key: row.key,
    uploadId: row.uploadId,
    size: row.declaredSize,
    partSize: row.partSize,
    partCount: row.partCount,
    expiresAt: row.expiresAt.toISOString(),
  };
}

// The API's name for the row's state.
export function stateOf(row: UploadRow): "open" | "completing" | "complete" {
  return row.state === "pending" ? "open" : row.state === "receiving" ? "completing" : "complete";
}

// Records a new multipart upload for the caller's tenant.
export async function createMultipartUpload(
  db: ArchiveDb,
  options: { tenant: string; createdBy: string; size: number; partSize?: number; now?: Date },
): Promise<MultipartRow> {
  const now = options.now ?? new Date();
  const partSize = choosePartSize(options.size, options.partSize);
  const [row] = await db
    .insert(uploads)
    .values({
      key: randomUUID(),
      uploadId: randomUUID(),
      tenant: options.tenant,
      createdBy: options.createdBy,
      expiresAt: new Date(Math.floor((now.getTime() + UPLOAD_URL_TTL_MS) / 1000) * 1000),
      state: "pending",
      declaredSize: options.size,
      partSize,
      partCount: partCountOf(options.size, partSize),
    })
    .returning();
  if (!isMultipart(row)) throw new Error("The multipart upload was not recorded.");
  return row;
}

// The multipart upload `uploadId`, whatever its tenant; null when there is none.
export async function findMultipart(db: ArchiveDb, uploadId: string): Promise<MultipartRow | null> {
  const [row] = await db.select().from(uploads).where(eq(uploads.uploadId, uploadId));
  return isMultipart(row) ? row : null;
}

// Keeps an open upload at least until `until` (its part URLs are valid that long).
export async function extendUpload(db: ArchiveDb, uploadId: string, until: Date): Promise<void> {
  await db
    .update(uploads)
    .set({ expiresAt: sql`greatest(${uploads.expiresAt}, ${until.toISOString()}::timestamptz)` })
    .where(and(eq(uploads.uploadId, uploadId), eq(uploads.state, "pending")));
}

export type PartStart =
  | { ok: true; upload: MultipartRow }
  | {
      ok: false;
      reason: "unknown" | "closed" | "expired" | "busy" | "range";
      upload?: MultipartRow;
    };

// Claims part `partNumber` for one PUT: the upload must be open and not expired, and the part not
// being written by another PUT (one that has been at it since before `staleBefore` is taken to
// have died with its process). A stored part may be sent again: it is not stored while it is.
export async function beginPart(
  db: ArchiveDb,
  uploadId: string,
  partNumber: number,
  staleBefore: Date,
): Promise<PartStart> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(uploads)
      .where(eq(uploads.uploadId, uploadId))
      .for("share");
    if (!isMultipart(row)) return { ok: false, reason: "unknown" };
    if (partNumber > row.partCount) return { ok: false, reason: "range", upload: row };
    if (row.state !== "pending") return { ok: false, reason: "closed", upload: row };
    if (row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: "expired", upload: row };
    const [claimed] = await tx
      .insert(uploadParts)
      .values({ uploadId, partNumber, state: "receiving", receivingSince: sql`now()` })
      .onConflictDoUpdate({
        target: [uploadParts.uploadId, uploadParts.partNumber],
        set: { state: "receiving", receivingSince: sql`now()`, size: null, sha256: null },
        setWhere: or(eq(uploadParts.state, "stored"), lt(uploadParts.receivingSince, staleBefore)),
      })
      .returning({ partNumber: uploadParts.partNumber });
    return claimed ? { ok: true, upload: row } : { ok: false, reason: "busy", upload: row };
  });
}

// Records a part whose bytes are written in place; answers when it was stored, or null when the
// upload was aborted meanwhile.
export async function storePart(
  db: ArchiveDb,
  uploadId: string,
  part: { partNumber: number; size: number; sha256: string },
): Promise<Date | null> {
  const [row] = await db
    .update(uploadParts)
    .set({ state: "stored", size: part.size, sha256: part.sha256, storedAt: sql`now()` })
    .where(
      and(
        eq(uploadParts.uploadId, uploadId),
        eq(uploadParts.partNumber, part.partNumber),
        eq(uploadParts.state, "receiving"),
      ),
    )
    .returning({ storedAt: uploadParts.storedAt });
  return row?.storedAt ?? null;
}

// Forgets stored parts whose bytes were found changed: they are to be sent again.
export async function forgetStoredParts(db: ArchiveDb, uploadId: string, partNumbers: number[]) {
  if (partNumbers.length === 0) return;
  await db
    .delete(uploadParts)
    .where(
      and(
        eq(uploadParts.uploadId, uploadId),
        inArray(uploadParts.partNumber, partNumbers),
        eq(uploadParts.state, "stored"),
      ),
    );
}

// Forgets a part whose PUT did not finish: a later PUT may send it again.
export async function dropPart(db: ArchiveDb, uploadId: string, partNumber: number) {
  await db
    .delete(uploadParts)
    .where(
      and(
        eq(uploadParts.uploadId, uploadId),
        eq(uploadParts.partNumber, partNumber),
        eq(uploadParts.state, "receiving"),
      ),
    );
}

// The stored parts after `after`, in order, at most `limit`.
export async function listStoredParts(
  db: ArchiveDb,
  uploadId: string,
  after = 0,
  limit: number = MULTIPART_LIMITS.maxPartsPerRequest,
): Promise<StoredPart[]> {
  const rows = await db
    .select({
      partNumber: uploadParts.partNumber,
      size: uploadParts.size,
      sha256: uploadParts.sha256,
    })
    .from(uploadParts)
    .where(
      and(
        eq(uploadParts.uploadId, uploadId),
        eq(uploadParts.state, "stored"),
        gt(uploadParts.partNumber, after),
      ),
    )
    .orderBy(asc(uploadParts.partNumber))
    .limit(limit);
  return rows.map((r) => ({ partNumber: r.partNumber, size: r.size ?? 0, sha256: r.sha256 ?? "" }));
}

// Every stored part of an upload with its digest and when it was stored.
export async function storedPartRows(
  db: ArchiveDb,
  uploadId: string,
): Promise<Map<number, { sha256: string; storedAt: Date | null }>> {
  const rows = await db
    .select({
      partNumber: uploadParts.partNumber,
      sha256: uploadParts.sha256,
      storedAt: uploadParts.storedAt,
    })
    .from(uploadParts)
    .where(and(eq(uploadParts.uploadId, uploadId), eq(uploadParts.state, "stored")));
  return new Map(rows.map((r) => [r.partNumber, { sha256: r.sha256 ?? "", storedAt: r.storedAt }]));
}

export type CompletionStart =
  { ok: true; upload: MultipartRow } | { ok: false; upload: MultipartRow; problems: string[] };

// Moves an open upload to "completing" when every part is stored with the SHA-256 the caller
// names; otherwise says which parts are missing, still being received or differ.
export async function beginCompletion(
  db: ArchiveDb,
  upload: MultipartRow,
  parts: ReadonlyArray<{ partNumber: number; sha256: string }>,
): Promise<CompletionStart | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(uploads)
      .where(eq(uploads.uploadId, upload.uploadId))
      .for("update");
    if (!isMultipart(row)) return null;
    if (row.state !== "pending") return { ok: false, upload: row, problems: [] };
    const problems: string[] = [];
    if (parts.length !== row.partCount) {
      problems.push(
        `the upload has ${row.partCount} parts and the completion lists ${parts.length}`,
      );
    }
    const held = await tx
      .select()
      .from(uploadParts)
      .where(eq(uploadParts.uploadId, row.uploadId))
      .orderBy(asc(uploadParts.partNumber));
    const byNumber = new Map(held.map((p) => [p.partNumber, p]));
    for (let n = 1; n <= row.partCount && problems.length < 10; n++) {
      const part = byNumber.get(n);
      const named = parts[n - 1];
      if (!part) problems.push(`part ${n} is not stored: PUT it first`);
      else if (part.state === "receiving") problems.push(`part ${n} is still being received`);
      else if (named && part.sha256 !== named.sha256) {
        problems.push(`part ${n} is stored with SHA-256 ${part.sha256}, not ${named.sha256}`);
      }
    }
    if (problems.length > 0) return { ok: false, upload: row, problems };
    const [started] = await tx
      .update(uploads)
      .set({ state: "receiving", receivingSince: sql`now()`, completionError: null })
      .where(eq(uploads.uploadId, row.uploadId))
      .returning();
    return { ok: true, upload: started as MultipartRow };
  });
}

// The upload is complete: its key names the blob, for 5 hours from now (the time an ingest has
// to name it), and its part rows go.
export async function finishCompletion(
  db: ArchiveDb,
  upload: MultipartRow,
  blob: { sha256: string; size: number },
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(uploads)
      .set({
        state: "complete",
        sha256: blob.sha256,
        size: blob.size,
        completedAt: sql`now()`,
        expiresAt: new Date(now.getTime() + UPLOAD_URL_TTL_MS),
      })
      .where(and(eq(uploads.uploadId, upload.uploadId), eq(uploads.state, "receiving")));
    await tx.delete(uploadParts).where(eq(uploadParts.uploadId, upload.uploadId));
  });
}

// The file's digest, found by a completion the client gave none, recorded before the file moves
// into the store: a completion that crashes after the move finds the file again under it.
export async function noteDigest(db: ArchiveDb, uploadId: string, sha256: string) {
  await db
    .update(uploads)
    .set({ sha256 })
    .where(and(eq(uploads.uploadId, uploadId), eq(uploads.state, "receiving")));
}

// The completion failed: the upload is open again, its parts as they were, with the reason.
export async function failCompletion(db: ArchiveDb, uploadId: string, reason: string) {
  await db
    .update(uploads)
    .set({ state: "pending", receivingSince: null, completionError: reason })
    .where(and(eq(uploads.uploadId, uploadId), eq(uploads.state, "receiving")));
}

// Forgets an open upload and its parts; the caller removes its staging file. Null when there is
// no such upload, the upload when it cannot be aborted (completing or complete).
export async function abortMultipart(
  db: ArchiveDb,
  uploadId: string,
): Promise<{ aborted: boolean; upload: MultipartRow } | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(uploads)
      .where(eq(uploads.uploadId, uploadId))
      .for("update");
    if (!isMultipart(row)) return null;
    if (row.state !== "pending") return { aborted: false, upload: row };
    await tx.delete(uploadParts).where(eq(uploadParts.uploadId, uploadId));
    await tx.delete(uploads).where(eq(uploads.uploadId, uploadId));
    return { aborted: true, upload: row };
  });
}

// Parts cut off by a crash can be sent again. Only safe when this process is the database's sole
// user (PGlite); their bytes were never counted as stored.
export async function releaseReceivingParts(db: ArchiveDb): Promise<number> {
  const rows = await db
    .delete(uploadParts)
    .where(eq(uploadParts.state, "receiving"))
    .returning({ uploadId: uploadParts.uploadId });
  return rows.length;
}

// The upload ids among `keys` (uploads about to be forgotten), with their part rows removed.
export async function forgetMultipartParts(db: ArchiveDb, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .select({ uploadId: uploads.uploadId })
    .from(uploads)
    .where(and(inArray(uploads.key, keys), isNotNull(uploads.uploadId)));
  const ids = rows.flatMap((r) => (r.uploadId ? [r.uploadId] : []));
  if (ids.length > 0) await db.delete(uploadParts).where(inArray(uploadParts.uploadId, ids));
  return ids;
}

// Which of `uploadIds` name no upload any more (their staging files are leftovers).
export async function unknownUploadIds(db: ArchiveDb, uploadIds: string[]): Promise<string[]> {
  if (uploadIds.length === 0) return [];
  const rows = await db
    .select({ uploadId: uploads.uploadId })
    .from(uploads)
    .where(inArray(uploads.uploadId, uploadIds));
  const known = new Set(rows.map((r) => r.uploadId));
  return uploadIds.filter((id) => !known.has(id));
}
