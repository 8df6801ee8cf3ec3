// Statements run together: all of them or, when one fails, none; the order of the list does not
// matter to what is written; beside a main query that answers its rows; an empty list or nulls
// send nothing.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openArchiveDb, type OpenedDb } from "./client";
import { jobs, submissionBlobs, traceEvents } from "./schema";
import { asWith, runTogether } from "./together";

let opened: OpenedDb;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "archive-together-"));
  opened = await openArchiveDb({ dataDir: dir });
}, 60_000);

afterAll(async () => {
  await opened?.close();
  await rm(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  await opened.db.delete(jobs);
  await opened.db.delete(submissionBlobs);
  await opened.db.delete(traceEvents);
});

const trace = (operation: string) =>
  opened.db
    .insert(traceEvents)
    .values({ tenant: "t", packageId: "p", subject: "s", operation, object: null, detail: null });

describe("runTogether", () => {
  it("writes every statement of the list, inserts, updates and deletes alike", async () => {
    const { db } = opened;
    const [job] = await db
      .insert(jobs)
      .values({ submissionId: "s1", tenant: "t", packageId: "p", state: "running" })
      .returning();
    await db.insert(submissionBlobs).values({ submissionId: "s1", blob: "b1" });

    await runTogether(db, [
      trace("one"),
      null,
      db.update(jobs).set({ state: "done" }).where(eq(jobs.id, job!.id)),
      db.delete(submissionBlobs).where(eq(submissionBlobs.submissionId, "s1")),
      trace("two"),
    ]);

    const traced = await db.select({ op: traceEvents.operation }).from(traceEvents);
    expect(traced.map((t) => t.op).sort()).toEqual(["one", "two"]);
    expect((await db.select().from(jobs))[0]?.state).toBe("done");
    expect(await db.select().from(submissionBlobs)).toEqual([]);
  });

  it("writes nothing when one statement fails, and says why", async () => {
    const { db } = opened;
    await db.insert(submissionBlobs).values({ submissionId: "s1", blob: "b1" });
    await expect(
      runTogether(db, [
        trace("kept out"),
        // The same primary key again.
        db.insert(submissionBlobs).values({ submissionId: "s1", blob: "b1" }),
      ]),
    ).rejects.toMatchObject({
      cause: expect.objectContaining({ message: expect.stringMatching(/duplicate key/) }),
    });
    expect(await db.select().from(traceEvents)).toEqual([]);
  });

  it("runs statements with a main query whose rows come back mapped", async () => {
    const { db } = opened;
    const [job] = await db
      .with(...asWith(db, [trace("beside"), null]))
      .insert(jobs)
      .values({ submissionId: "s2", tenant: "t", packageId: "p", state: "queued" })
      .returning();
    expect(job).toMatchObject({ submissionId: "s2", packageId: "p", state: "queued" });
    const traced = await db.select({ op: traceEvents.operation }).from(traceEvents);
    expect(traced).toEqual([{ op: "beside" }]);
  });

  it("runs a single statement as it is, and nothing for an empty list", async () => {
    const { db } = opened;
    await runTogether(db, []);
    await runTogether(db, [null]);
    await runTogether(db, [trace("alone")]);
    const traced = await db.select({ op: traceEvents.operation }).from(traceEvents);
    expect(traced).toEqual([{ op: "alone" }]);
  });
});
