// The blob sweep over a real PGlite database and blob store: expired uploads past the retention
// go with their bytes, unless a SIP that is not finished still needs them, and the cleanup of a
// FAILED SIP that was cut short is finished. Old blobs no row names go too, on their own schedule.
import { randomUUID } from "node:crypto";
import { mkdtemp, rm, utimes } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureStagingFile, fileSize, stagingPath, writePart } from "../blobs/multipart-files";
import { createMultipartUpload } from "../blobs/multipart-state";
import { openBlobStore, type BlobStore } from "../blobs/store";
import { loadArchiveConfig } from "../config";
import { openArchiveDb, type OpenedDb } from "../db/client";
import { insertSubmissionHolding } from "../db/test-rows";
import { submissionBlobs, uploadParts, uploads } from "../db/schema";
import { sweepBlobs } from "./blob-sweep";
import { createIngest } from "./index";

const HOUR = 3_600_000;
let dir: string;
let opened: OpenedDb;
let blobs: BlobStore;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "ingest-sweep-"));
  opened = await openArchiveDb({ dataDir: dir });
  blobs = await openBlobStore(dir);
}, 60_000);

afterAll(async () => {
  await opened?.close();
  await rm(dir, { recursive: true, force: true });
});

async function blob(label: string): Promise<string> {
  const staged = await blobs.receive(Readable.from([Buffer.from(`${label} ${randomUUID()}`)]), {
    maxBytes: 1000,
  });
  await blobs.commit(staged);
  return staged.sha256;
}

async function upload(sha256: string, expiresAt: Date): Promise<string> {
  const key = randomUUID();
  await opened.db.insert(uploads).values({
    key,
    tenant: "demo",
    createdBy: "tester",
    expiresAt,
    state: "complete",
    sha256,
    size: 10,
  });
  return key;
}

const submission = (status: "PENDING" | "FAILED", held: string[]) =>
  insertSubmissionHolding(opened.db, dir, status, held);

// Starts the ingest side with `env` over this test's database and blobs, waits until `done` (the
// sweeps run at start), then stops it.
async function startIngestUntil(
  env: Record<string, string>,
  done: () => Promise<boolean>,
  failure: string,
) {
  const config = loadArchiveConfig({
    ARCHIVE_DATA_DIR: dir,
    ...env,
  } as unknown as NodeJS.ProcessEnv);
  const ingest = await createIngest({ config, db: opened.db });
  ingest.start();
  try {
    const deadline = Date.now() + 20_000;
    while (!(await done())) {
      expect(Date.now(), failure).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await ingest.stop();
  }
}

const uploadRow = async (key: string) =>
  (await opened.db.select().from(uploads).where(eq(uploads.key, key)))[0];

describe("blob sweep", () => {
  it("runs when the archive's ingest side starts and honours ARCHIVE_UPLOAD_RETENTION_HOURS", async () => {
    const now = Date.now();
    const expired = await blob("expired");
    const recent = await blob("recently expired");
    const pending = await blob("named by a pending SIP");
    const failed = await blob("left by a failed SIP");
    const expiredKey = await upload(expired, new Date(now - 25 * HOUR));
    const recentKey = await upload(recent, new Date(now - 23 * HOUR));
    const pendingKey = await upload(pending, new Date(now - 25 * HOUR));
    await submission("PENDING", [pending]);
    const failedId = await submission("FAILED", [failed]);

    await startIngestUntil(
      { ARCHIVE_UPLOAD_RETENTION_HOURS: "24" },
      async () => !(await blobs.exists(expired)) && !(await blobs.exists(failed)),
      "the sweep did not run at start",
    );
    expect(await uploadRow(expiredKey)).toBeUndefined();
    expect(await uploadRow(recentKey)).toBeDefined();
    expect(await blobs.exists(recent)).toBe(true);
    // The key is forgotten, but the SIP accepted with it still gets its bytes.
    expect(await uploadRow(pendingKey)).toBeUndefined();
    expect(await blobs.exists(pending)).toBe(true);
    expect(
      await opened.db
        .select()
        .from(submissionBlobs)
        .where(eq(submissionBlobs.submissionId, failedId)),
    ).toEqual([]);
  }, 60_000);

  it("keeps an expired upload for the retention, then frees bytes no other upload or package names", async () => {
    const expiresAt = new Date(Date.UTC(2030, 0, 1));
    const alone = await blob("alone");
    const twice = await blob("uploaded twice");
    const aloneKey = await upload(alone, expiresAt);
    const twiceKey = await upload(twice, expiresAt);
    await upload(twice, new Date(expiresAt.getTime() + 48 * HOUR));
    const retention = { uploadRetentionMs: 24 * HOUR };

    await sweepBlobs(
      { db: opened.db, blobs, dataDir: dir },
      { ...retention, now: new Date(expiresAt.getTime() + 23 * HOUR) },
    );
    expect(await uploadRow(aloneKey)).toBeDefined();
    expect(await blobs.exists(alone)).toBe(true);

    const outcome = await sweepBlobs(
      { db: opened.db, blobs, dataDir: dir },
      { ...retention, now: new Date(expiresAt.getTime() + 25 * HOUR) },
    );
    expect(outcome.uploads).toBeGreaterThanOrEqual(2);
    expect(await uploadRow(aloneKey)).toBeUndefined();
    expect(await blobs.exists(alone)).toBe(false);
    expect(await uploadRow(twiceKey)).toBeUndefined();
    expect(await blobs.exists(twice)).toBe(true);
  }, 60_000);

  it("forgets an incomplete multipart upload after the retention, with its parts and staging file", async () => {
    const expiresAt = new Date(Date.UTC(2031, 0, 1));
    const retention = { uploadRetentionMs: 24 * HOUR };
    const upload = await createMultipartUpload(opened.db, {
      tenant: "demo",
      createdBy: "tester",
      size: 20 * 1024 * 1024,
      now: new Date(expiresAt.getTime() - 5 * HOUR),
    });
    const staging = stagingPath(blobs.root, upload.uploadId);
    await writePart(staging, { offset: 0, size: 3 }, Readable.from([Buffer.from("abc")]));
    await opened.db
      .insert(uploadParts)
      .values({ uploadId: upload.uploadId, partNumber: 1, state: "stored", size: 3, sha256: "x" });
    // A staging file whose upload is gone (a crash between the two), and one just created.
    const leftover = stagingPath(blobs.root, randomUUID());
    const fresh = stagingPath(blobs.root, randomUUID());
    await ensureStagingFile(leftover);
    await ensureStagingFile(fresh);
    const old = new Date(Date.now() - 2 * HOUR);
    await utimes(leftover, old, old);

    await sweepBlobs(
      { db: opened.db, blobs, dataDir: dir },
      { ...retention, now: new Date(expiresAt.getTime() + 23 * HOUR) },
    );
    expect(await uploadRow(upload.key)).toBeDefined();
    expect(await fileSize(staging)).toBe(3);
    expect(await fileSize(leftover)).toBeNull();
    expect(await fileSize(fresh)).toBe(0);

    await sweepBlobs(
      { db: opened.db, blobs, dataDir: dir },
      { ...retention, now: new Date(expiresAt.getTime() + 25 * HOUR) },
    );
    expect(await uploadRow(upload.key)).toBeUndefined();
    expect(await fileSize(staging)).toBeNull();
    expect(
      await opened.db.select().from(uploadParts).where(eq(uploadParts.uploadId, upload.uploadId)),
    ).toEqual([]);
  }, 60_000);

  it("removes orphan blobs when the ingest side starts, honouring ARCHIVE_ORPHAN_MIN_AGE_HOURS", async () => {
    const age = async (sha256: string, ms: number) => {
      const time = new Date(Date.now() - ms);
      await utimes(blobs.objectPath(sha256), time, time);
    };
    const orphan = await blob("orphan");
    const young = await blob("young orphan");
    await age(orphan, 3 * HOUR);
    await age(young, 1 * HOUR);

    await startIngestUntil(
      { ARCHIVE_ORPHAN_MIN_AGE_HOURS: "2" },
      async () => !(await blobs.exists(orphan)),
      "the orphan sweep did not run at start",
    );
    expect(await blobs.exists(young)).toBe(true);
  }, 60_000);
});
