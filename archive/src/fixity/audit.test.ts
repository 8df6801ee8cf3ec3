// The fixity audit's rate limit, on a clock the test owns: reading takes no time on it and only the
// pauses the audit asks for move it on, so the read rate the budget allows is measured exactly,
// without waiting and without depending on how busy the machine is.
import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../test/support/postgres";
import { openBlobStore, type BlobStore } from "../blobs/store";
import { openArchiveDb, type OpenedDb } from "../db/client";
import { packageFiles, packages } from "../db/schema";
import { auditDue, paced, type PacingClock } from "./audit";
import { fixityChecks } from "./tables";

const MiB = 1024 * 1024;

// A clock on which reading costs `readMs` per look at it; every pause asked for is kept.
function testClock(readMs = 0): PacingClock & { sleeps: number[]; elapsed(): number } {
  let time = 0;
  const sleeps: number[] = [];
  return {
    sleeps,
    elapsed: () => time,
    now: () => (time += readMs),
    sleep: async (ms) => {
      sleeps.push(ms);
      time += ms;
    },
  };
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "fixity-pace-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("paced reading", () => {
  let file: string;
  let bytes: Buffer;
  beforeAll(async () => {
    bytes = randomBytes(10 * MiB);
    file = path.join(dir, "ten-mib");
    await writeFile(file, bytes);
  });

  it("reads no faster than the budget: 10 MiB at 4 MiB/s take 2.5 s of pauses", async () => {
    const clock = testClock();
    const read = await paced(file, 4, clock);
    expect(read).toEqual({
      sha256: createHash("sha256").update(bytes).digest("hex"),
      bytes: 10 * MiB,
    });
    expect(clock.sleeps.length).toBeGreaterThan(1);
    expect(sum(clock.sleeps)).toBeCloseTo(2500, 0);
    // The rate over the whole read.
    expect(read.bytes / MiB / (clock.elapsed() / 1000)).toBeLessThanOrEqual(4);
  });

  it("halving the budget doubles the time it takes", async () => {
    const fast = testClock();
    const slow = testClock();
    await paced(file, 8, fast);
    await paced(file, 4, slow);
    expect(sum(slow.sleeps)).toBeCloseTo(2 * sum(fast.sleeps), 0);
  });

  it("does not pause when reading is already slower than the budget, nor without a budget", async () => {
    const slowDisk = testClock(5_000);
    await paced(file, 4, slowDisk);
    expect(slowDisk.sleeps).toEqual([]);
    const unlimited = testClock();
    await paced(file, 0, unlimited);
    expect(unlimited.sleeps).toEqual([]);
  });
});

describe("a scheduled audit", () => {
  let opened: OpenedDb;
  let blobs: BlobStore;
  let database: TestDatabase | undefined;

  beforeAll(async () => {
    const url = process.env.ARCHIVE_TEST_DATABASE_URL;
    database = url ? await createTestDatabase(url) : undefined;
    opened = await openArchiveDb({ dataDir: dir, databaseUrl: database?.url });
    blobs = await openBlobStore(dir, { locks: opened.blobLocks });
  }, 60_000);
  afterAll(async () => {
    await opened?.close();
    await database?.drop();
  });

  async function storedObject(packageId: string, size: number) {
    const content = randomBytes(size);
    const staged = await blobs.receive(Readable.from([content]), { maxBytes: size });
    await blobs.commit(staged);
    await opened.db.insert(packages).values({
      tenant: "demo",
      packageId,
      profile: "default",
      latestVersion: 1,
      createdAt: new Date(Date.now() - 2 * 3_600_000),
    });
    await opened.db.insert(packageFiles).values({
      tenant: "demo",
      packageId,
      version: 1,
      position: 0,
      name: `${packageId}.bin`,
      mimeType: "application/octet-stream",
      sha256: staged.sha256,
      size,
      blob: staged.sha256,
      metadatas: [],
    });
  }

  it("keeps to the budget over every object and pauses between objects as configured", async () => {
    const sizes = { "pace-a": 3 * MiB, "pace-b": 5 * MiB, "pace-c": 2 * MiB };
    for (const [id, size] of Object.entries(sizes)) await storedObject(id, size);
    const clock = testClock();
    const audited = await auditDue(
      { db: opened.db, blobs, clock },
      { intervalHours: 1, budgetMiBps: 2, pauseMs: 37 },
    );
    expect(audited).toBe(3);
    const pauses = clock.sleeps.filter((ms) => ms === 37);
    expect(pauses).toHaveLength(3);
    // 10 MiB at 2 MiB/s: 5 s of paced reading, and the three pauses.
    expect(sum(clock.sleeps) - sum(pauses)).toBeCloseTo(5000, 0);
    expect(clock.elapsed()).toBeCloseTo(5000 + 3 * 37, 0);

    const checks = await opened.db.select().from(fixityChecks);
    const byId = new Map(checks.map((c) => [c.packageId, c]));
    for (const [id, size] of Object.entries(sizes)) {
      const check = byId.get(id);
      expect(check, id).toMatchObject({ passed: true, files: 1, bytes: size });
      // The time recorded includes the budget's pauses: the report's throughput stays within it.
      expect(size / MiB / (check!.readMs / 1000), id).toBeLessThanOrEqual(2.001);
    }
  });
});
