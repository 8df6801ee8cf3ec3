import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openArchiveDb, type OpenedDb } from "../db/client";
import { jobs } from "../db/schema";
import {
  claimJob,
  claimQueuedJob,
  completeJob,
  countOpenJobs,
  enqueueJob,
  type JobRow,
  releaseRunningJobs,
  retryJob,
} from "./queue";
import { createWorkerPool, type WorkerPool } from "./worker";

let opened: OpenedDb;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "ingest-queue-"));
  opened = await openArchiveDb({ dataDir: dir });
}, 60_000);

afterAll(async () => {
  await opened?.close();
  await rm(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  await opened.db.delete(jobs);
});

describe("job queue", () => {
  it("hands each job to exactly one of many concurrent claimers", async () => {
    const { db } = opened;
    for (let i = 0; i < 5; i++)
      await enqueueJob(db, { submissionId: `s${i}`, tenant: "t", packageId: `p${i}` });
    const claims = await Promise.all(
      Array.from({ length: 12 }, (_, i) => claimJob(db, `w${i}`, 30_000)),
    );
    const claimed = claims.filter((c) => c !== null).map((c) => c.submissionId);
    expect(claimed.sort()).toEqual(["s0", "s1", "s2", "s3", "s4"]);
  });

  it("runs the jobs of one package in the order they were accepted", async () => {
    const { db } = opened;
    const first = await enqueueJob(db, { submissionId: "base", tenant: "t", packageId: "p" });
    await enqueueJob(db, { submissionId: "delta", tenant: "t", packageId: "p" });
    await enqueueJob(db, { submissionId: "other", tenant: "t", packageId: "q" });

    const a = await claimJob(db, "w1", 30_000);
    const b = await claimJob(db, "w2", 30_000);
    expect([a?.submissionId, b?.submissionId]).toEqual(["base", "other"]);
    expect(await claimJob(db, "w3", 30_000)).toBeNull();

    await completeJob(db, first);
    expect((await claimJob(db, "w3", 30_000))?.submissionId).toBe("delta");
  });

  it("gives a job whose lease ran out to another worker, counting the attempt", async () => {
    const { db } = opened;
    const id = await enqueueJob(db, { submissionId: "s", tenant: "t", packageId: "p" });
    expect((await claimJob(db, "dead", 30_000))?.attempts).toBe(1);
    expect(await claimJob(db, "alive", 30_000)).toBeNull();
    await db
      .update(jobs)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, id));
    const again = await claimJob(db, "alive", 30_000);
    expect(again).toMatchObject({ claimedBy: "alive", attempts: 2 });
  });

  it("waits for the retry delay before running a failed job again", async () => {
    const { db } = opened;
    const id = await enqueueJob(db, { submissionId: "s", tenant: "t", packageId: "p" });
    await claimJob(db, "w", 30_000);
    await retryJob(db, id, "disk full", 60_000);
    expect(await claimJob(db, "w", 30_000)).toBeNull();
    await retryJob(db, id, "disk full", 0);
    expect((await claimJob(db, "w", 30_000))?.lastError).toBe("disk full");
  });

  it("records a failure whose message holds U+0000, which the database cannot store as is", async () => {
    const { db } = opened;
    const id = await enqueueJob(db, { submissionId: "s", tenant: "t", packageId: "p" });
    await claimJob(db, "w", 30_000);
    await retryJob(db, id, "bad name a\u0000b", 0);
    expect((await claimJob(db, "w", 30_000))?.lastError).toBe("bad name a\\u0000b");
  });

  it("claims a job by id only while it is queued, due and the first open one of its package", async () => {
    const { db } = opened;
    const base = await enqueueJob(db, { submissionId: "base", tenant: "t", packageId: "p" });
    const delta = await enqueueJob(db, { submissionId: "delta", tenant: "t", packageId: "p" });
    const later = await enqueueJob(db, { submissionId: "later", tenant: "t", packageId: "q" });
    await db
      .update(jobs)
      .set({ runAfter: sql`now() + interval '1 minute'` })
      .where(eq(jobs.id, later));

    // The delta waits for its base, the other job for its time.
    expect(await claimQueuedJob(db, delta, "w1", 30_000)).toBeNull();
    expect(await claimQueuedJob(db, later, "w1", 30_000)).toBeNull();
    expect(await claimQueuedJob(db, base, "w1", 30_000)).toMatchObject({
      submissionId: "base",
      state: "running",
      claimedBy: "w1",
      attempts: 1,
    });
    // Claimed once, by whichever claim came first.
    expect(await claimQueuedJob(db, base, "w2", 30_000)).toBeNull();
    expect((await claimJob(db, "w2", 30_000))?.submissionId).toBeUndefined();

    await completeJob(db, base);
    expect((await claimJob(db, "w2", 30_000))?.submissionId).toBe("delta");
    expect(await claimQueuedJob(db, delta, "w3", 30_000)).toBeNull();
  });

  it("frees running jobs at start when the database has a single user", async () => {
    const { db } = opened;
    await enqueueJob(db, { submissionId: "s", tenant: "t", packageId: "p" });
    await claimJob(db, "crashed", 30_000);
    expect(await releaseRunningJobs(db)).toBe(1);
    expect((await claimJob(db, "w", 30_000))?.submissionId).toBe("s");
  });
});

describe("worker pool", () => {
  async function drain(
    run: (job: JobRow) => Promise<void>,
    giveUp: (job: JobRow) => Promise<void>,
    options: { pollMs?: number; beforeWaiting?: (pool: WorkerPool) => Promise<void> } = {},
  ) {
    const { db } = opened;
    const pool = createWorkerPool({
      db,
      concurrency: 2,
      pollMs: options.pollMs ?? 20,
      maxAttempts: 2,
      run,
      giveUp,
    });
    pool.start();
    await options.beforeWaiting?.(pool);
    const deadline = Date.now() + 20_000;
    while ((await countOpenJobs(db)) > 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    await pool.stop();
  }

  // Workers that look at the queue only once a minute: what runs here was woken.
  const RARELY = 60_000;

  it("runs a job queued while the workers sleep once they are woken", async () => {
    const { db } = opened;
    const ran: string[] = [];
    await drain(
      async (job) => {
        ran.push(job.submissionId);
        await completeJob(db, job.id);
      },
      async () => {},
      {
        pollMs: RARELY,
        beforeWaiting: async (pool) => {
          // Both workers found the queue empty and sleep.
          await new Promise((r) => setTimeout(r, 500));
          await enqueueJob(db, { submissionId: "late", tenant: "t", packageId: "p" });
          pool.wake();
        },
      },
    );
    expect(ran).toEqual(["late"]);
  });

  it("runs jobs handed over by id once each, a package's in the order they were queued", async () => {
    const { db } = opened;
    const ran: string[] = [];
    await drain(
      async (job) => {
        ran.push(job.submissionId);
        await new Promise((r) => setTimeout(r, 20));
        await completeJob(db, job.id);
      },
      async () => {},
      {
        pollMs: RARELY,
        beforeWaiting: async (pool) => {
          await new Promise((r) => setTimeout(r, 500));
          const ids = [];
          for (const [submissionId, packageId] of [
            ["base", "p"],
            ["delta", "p"],
            ["other", "q"],
            ["delta2", "p"],
          ] as const)
            ids.push(await enqueueJob(db, { submissionId, tenant: "t", packageId }));
          // Handed over out of order, and one twice: each runs once, a delta after its base.
          for (const id of [ids[3]!, ids[1]!, ids[0]!, ids[2]!, ids[0]!]) pool.wake(id);
        },
      },
    );
    expect(ran.filter((s) => s !== "other")).toEqual(["base", "delta", "delta2"]);
    expect(ran.sort()).toEqual(["base", "delta", "delta2", "other"]);
  });

  it("wakes a worker when a job put back for a retry is due", async () => {
    const { db } = opened;
    await enqueueJob(db, { submissionId: "flaky", tenant: "t", packageId: "p" });
    const attempts: number[] = [];
    await drain(
      async (job) => {
        attempts.push(job.attempts);
        if (job.attempts < 2) throw new Error("disk full");
        await completeJob(db, job.id);
      },
      async () => {},
      { pollMs: RARELY },
    );
    expect(attempts).toEqual([1, 2]);
  });

  it("runs every job once when nothing fails", async () => {
    const { db } = opened;
    for (let i = 0; i < 6; i++)
      await enqueueJob(db, { submissionId: `s${i}`, tenant: "t", packageId: `p${i % 2}` });
    const ran: string[] = [];
    await drain(
      async (job) => {
        ran.push(job.submissionId);
        await completeJob(db, job.id);
      },
      async () => {},
    );
    expect(ran.sort()).toEqual(["s0", "s1", "s2", "s3", "s4", "s5"]);
  });

  it("retries a job that throws, then gives up after its attempts", async () => {
    const { db } = opened;
    await db.update(jobs).set({ runAfter: sql`now()` });
    await enqueueJob(db, { submissionId: "flaky", tenant: "t", packageId: "p" });
    await enqueueJob(db, { submissionId: "broken", tenant: "t", packageId: "q" });
    const attempts = new Map<string, number>();
    const gaveUp: string[] = [];
    // Retries wait 2^attempts seconds; the test moves the clock by making the job due at once.
    const due = setInterval(
      () =>
        void db
          .update(jobs)
          .set({ runAfter: sql`now()` })
          .where(eq(jobs.state, "queued")),
      100,
    );
    try {
      await drain(
        async (job) => {
          attempts.set(job.submissionId, job.attempts);
          if (job.submissionId === "broken" || job.attempts < 2) throw new Error("disk full");
          await completeJob(db, job.id);
        },
        async (job) => {
          gaveUp.push(job.submissionId);
          await completeJob(db, job.id);
        },
      );
    } finally {
      clearInterval(due);
    }
    expect(Object.fromEntries(attempts)).toEqual({ flaky: 2, broken: 2 });
    expect(gaveUp).toEqual(["broken"]);
  });
});
