// The orphan sweep over a real PGlite database and blob store: an old blob no row names goes; a
// young one, one a row names (in any of the places rows name blobs) and one a writer holds stay.
// With ARCHIVE_TEST_DATABASE_URL it runs on PostgreSQL, with the cross-process locks.
import { randomUUID } from "node:crypto";
import { utimes } from "node:fs/promises";
import { Readable } from "node:stream";
import { beforeAll, describe, expect, it } from "vitest";
import { openTestStore } from "../db/test-store";
import { insertSubmissionHolding } from "../db/test-rows";
import { packageFiles, packageVersions, sealedVersions, uploads } from "../db/schema";
import { sweepOrphans } from "../ingest/blob-sweep";
import { markedBlobs, type OrphanSweepOutcome } from "./orphans";

const HOUR = 3_600_000;
const MIN_AGE = 24 * HOUR;
const store = openTestStore("orphan-sweep-");

// A stored blob whose file was last modified `ageMs` ago.
async function blob(label: string, ageMs: number): Promise<string> {
  const staged = await store.blobs.receive(
    Readable.from([Buffer.from(`${label} ${randomUUID()}`)]),
    {
      maxBytes: 1000,
    },
  );
  await store.blobs.commit(staged);
  const time = new Date(Date.now() - ageMs);
  await utimes(store.blobs.objectPath(staged.sha256), time, time);
  return staged.sha256;
}

const metadataFile = (b: string) => [
  { schema: "dc", metadata: {}, file: { name: "dc.xml", sha256: b, size: 10, blob: b } },
];

async function packageFile(fileBlob: string, metadatas: unknown[] = []) {
  const packageId = `pkg-${randomUUID()}`;
  await store.opened.db.insert(packageFiles).values({
    tenant: "demo",
    packageId,
    version: 1,
    position: 0,
    name: "a.pdf",
    mimeType: "application/pdf",
    sha256: fileBlob,
    size: 10,
    blob: fileBlob,
    metadatas,
  });
}

const submission = (status: "PENDING" | "FAILED", held: string[]) =>
  insertSubmissionHolding(store.opened.db, store.dir, status, held);

async function sealed(objects: string[], dataDeletedAt: Date | null = null) {
  await store.opened.db.insert(sealedVersions).values({
    tenant: "demo",
    packageId: `pkg-${randomUUID()}`,
    version: 1,
    objects: objects.map((sha256, i) => ({
      id: `po-${i}`,
      kind: "data" as const,
      sha256,
      size: 10,
      mimeType: "application/pdf",
    })),
    evidenceTime: new Date(),
    root: "0".repeat(64),
    records: [],
    dataDeletedAt,
  });
}

describe("orphan sweep", () => {
  const old = 25 * HOUR;
  const kept: Record<string, string> = {};
  let orphan: string;
  let young: string;
  let ofFailedSip: string;
  let ofErasedVersion: string;
  let outcome: OrphanSweepOutcome;

  beforeAll(async () => {
    orphan = await blob("orphan", old);
    young = await blob("young orphan", 23 * HOUR);
    ofFailedSip = await blob("named only by a failed SIP", old);
    ofErasedVersion = await blob("named only by a sealed version whose data was deleted", old);
    kept.packageFile = await blob("package file", old);
    kept.fileMetadata = await blob("metadata file of a package file", old);
    kept.versionMetadata = await blob("metadata file of a version", old);
    kept.sealedVersion = await blob("sealed version", old);
    kept.upload = await blob("upload", old);
    kept.pendingSip = await blob("pending SIP", old);
    kept.held = await blob("held by a writer", old);

    const host = await blob("package file with a metadata file", old);
    kept.host = host;
    await packageFile(kept.packageFile);
    await packageFile(host, metadataFile(kept.fileMetadata));
    await store.opened.db.insert(packageVersions).values({
      tenant: "demo",
      packageId: `pkg-${randomUUID()}`,
      version: 1,
      metadatas: [{ schema: "dc", metadata: {} }, ...metadataFile(kept.versionMetadata)],
    });
    await sealed([kept.sealedVersion]);
    await sealed([ofErasedVersion], new Date());
    // Expired long ago but not forgotten yet: its row still names the bytes.
    await store.opened.db.insert(uploads).values({
      key: randomUUID(),
      tenant: "demo",
      createdBy: "tester",
      expiresAt: new Date(Date.now() - old),
      state: "complete",
      sha256: kept.upload,
      size: 10,
    });
    await submission("PENDING", [kept.pendingSip]);
    await submission("FAILED", [ofFailedSip]);

    const hold = store.blobs.hold();
    expect(await hold.keep(kept.held)).toBe(true);
    try {
      outcome = await sweepOrphans(
        { db: store.opened.db, blobs: store.blobs },
        { now: new Date(), minAgeMs: MIN_AGE },
      );
    } finally {
      await hold.release();
    }
  }, 60_000);

  it("removes a blob no row names once it is older than the minimum age, and counts it", async () => {
    expect(await store.blobs.exists(orphan)).toBe(false);
    expect(await store.blobs.exists(ofFailedSip)).toBe(false);
    expect(await store.blobs.exists(ofErasedVersion)).toBe(false);
    expect(outcome).toEqual({ files: 3 + 1 + Object.keys(kept).length, orphans: 3 });
  });

  it("keeps an orphan younger than the minimum age", async () => {
    expect(await store.blobs.exists(young)).toBe(true);
  });

  it.each([
    "packageFile",
    "host",
    "fileMetadata",
    "versionMetadata",
    "sealedVersion",
    "upload",
    "pendingSip",
    "held",
  ])("keeps an old blob named or held: %s", async (name) => {
    expect(outcome.orphans).toBe(3);
    expect(await store.blobs.exists(kept[name] ?? "")).toBe(true);
  });

  it("marks what rows name with a few set-based queries, and nothing else", async () => {
    const marked = await markedBlobs(store.opened.db);
    for (const name of [
      "packageFile",
      "host",
      "fileMetadata",
      "versionMetadata",
      "sealedVersion",
      "upload",
      "pendingSip",
    ]) {
      expect(marked.has(kept[name] ?? ""), name).toBe(true);
    }
    for (const unnamed of [orphan, young, ofFailedSip, ofErasedVersion, kept.held ?? ""])
      expect(marked.has(unnamed)).toBe(false);
  });

  it("finds a blob skipped because it was held on the next pass", async () => {
    const outcomeAfter = await sweepOrphans(
      { db: store.opened.db, blobs: store.blobs },
      { now: new Date(), minAgeMs: MIN_AGE },
    );
    expect(outcomeAfter.orphans).toBe(1);
    expect(await store.blobs.exists(kept.held ?? "")).toBe(false);
  });
});
