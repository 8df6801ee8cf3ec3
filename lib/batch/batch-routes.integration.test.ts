// The batch routes and a batch package's ingest against the real embedded archive.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { GET as listBatches, POST as createBatch } from "@/app/api/batches/route";
import { GET as batchStatus } from "@/app/api/batches/[batchId]/route";
import { POST as cancelBatch } from "@/app/api/batches/[batchId]/cancel/route";
import { POST as sendPackages } from "@/app/api/batches/[batchId]/packages/route";
import { POST as takenIds } from "@/app/api/batches/taken-ids/route";
import { PUT as ingestDocument } from "@/app/api/ingest/document/route";
import { liveArchiveForFile } from "@/lib/api/testing/live-archive";
import { invoke, sessionOf } from "@/lib/api/testing/harness";
import { findObject } from "@/lib/catalogue/store";
import { submissions } from "@/lib/db/schema";
import { getBatchTurns } from "@/lib/server/container";
import { listAudit } from "@/lib/journal/audit";
import { JournalQuery } from "@/lib/journal/submission-filters";
import { listSubmissions } from "@/lib/journal/submissions";
import type { BatchStatus } from "./api-schemas";
import { takeTurn } from "./archive-turns";
import { withItems } from "./status-items";

const DC = "http://purl.org/dc/elements/1.1/";

function body(packageId: string, title: string) {
  return {
    profile: "default",
    packageId,
    document: {
      type: "BINARY",
      name: "letter.txt",
      content: Buffer.from(title).toString("base64"),
    },
    metadatas: [{ schema: DC, metadata: { title } }],
  };
}

const live = liveArchiveForFile();
beforeEach(() => {
  live.harness.session = sessionOf("archivist");
});

async function newBatch(keys: string[]): Promise<string> {
  const answer = await invoke(
    createBatch,
    "POST",
    "/api/batches",
    {},
    {
      body: {
        name: "Letters 1900",
        profile: "default",
        items: keys.map((key) => ({ key, title: `Title of ${key}` })),
      },
    },
  );
  expect(answer.status).toBe(201);
  return (answer.json as { id: string }).id;
}

const sendItem = (batch: string, item: string, packageId: string) =>
  invoke(
    ingestDocument,
    "PUT",
    `/api/ingest/document?batch=${batch}&item=${encodeURIComponent(item)}`,
    {},
    { body: body(packageId, `Title of ${item}`) },
  );

const sendGroup = (
  batch: string,
  packages: { item: string; packageId: string }[],
  signal?: AbortSignal,
) =>
  invoke(
    sendPackages,
    "POST",
    `/api/batches/${batch}/packages`,
    { batchId: batch },
    {
      body: {
        packages: packages.map(({ item, packageId }) => ({
          item,
          request: body(packageId, `Title of ${item}`),
        })),
      },
      signal,
    },
  );

const ingestCalls = () =>
  live.harness.calls.filter((c) => c.method === "PUT" && c.url.pathname.endsWith("/document"))
    .length;

describe("a batch", () => {
  it("sends each package once: the same package sent again answers its first SIP", async () => {
    const batch = await newBatch(["a.txt", "b.txt"]);
    const packageId = `batch-${randomUUID()}`;
    const before = ingestCalls();
    const first = await sendItem(batch, "a.txt", packageId);
    expect(first.status).toBe(201);
    const again = await sendItem(batch, "a.txt", packageId);
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({
      packageId,
      name: (first.json as { name: string }).name,
    });
    expect(ingestCalls() - before).toBe(1);
  });

  it("shows every package's state and follows the sent ones to INGESTED in bulk", async () => {
    const batch = await newBatch(["a.txt", "b.txt", "c.txt"]);
    const ids = { "a.txt": `batch-${randomUUID()}`, "b.txt": `batch-${randomUUID()}` };
    for (const [item, id] of Object.entries(ids))
      expect((await sendItem(batch, item, id)).status).toBe(201);
    let status: BatchStatus | undefined;
    for (let i = 0; i < 100; i++) {
      const answer = await invoke(batchStatus, "GET", `/api/batches/${batch}`, { batchId: batch });
      expect(answer.status).toBe(200);
      status = answer.json as BatchStatus;
      if (status.items.filter((s) => s.status === "INGESTED").length === 2) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status?.items.map((i) => [i.key, i.state, i.status, i.title])).toEqual([
      ["a.txt", "sent", "INGESTED", "Title of a.txt"],
      ["b.txt", "sent", "INGESTED", "Title of b.txt"],
      ["c.txt", "queued", null, "Title of c.txt"],
    ]);

    // The journal filtered by the batch (its route reads the process's database, so the query here).
    const viewer = { tenant: "demo", userId: "archivist", isAdmin: false };
    const page = await listSubmissions(
      live.harness.dashboard.db,
      viewer,
      JournalQuery.parse({ batch }),
    );
    const rows = page.entries;
    expect(rows.map((r) => r.packageId).sort()).toEqual(Object.values(ids).sort());
  });

  // The archive accepted the package and the batch marked it sent, but the dashboard stopped
  // before the journal heard of it (a group's records are written when the group ends).
  it("journals a sent package the journal misses when its status is read, as the batch owner's", async () => {
    const batch = await newBatch(["lost.txt"]);
    const packageId = `batch-${randomUUID()}`;
    expect((await sendItem(batch, "lost.txt", packageId)).status).toBe(201);
    const db = live.harness.dashboard.db;
    await db.delete(submissions).where(eq(submissions.packageId, packageId));

    let status: BatchStatus | undefined;
    for (let i = 0; i < 100; i++) {
      const answer = await invoke(batchStatus, "GET", `/api/batches/${batch}`, { batchId: batch });
      status = answer.json as BatchStatus;
      if (status.items[0]?.status === "INGESTED") break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status?.items.map((i) => [i.key, i.state, i.status])).toEqual([
      ["lost.txt", "sent", "INGESTED"],
    ]);
    const viewer = { tenant: "demo", userId: "archivist", isAdmin: false };
    const rows = (await listSubmissions(db, viewer, JournalQuery.parse({ batch }))).entries;
    expect(rows).toEqual([
      expect.objectContaining({
        packageId,
        profile: "default",
        user: expect.objectContaining({ id: "archivist" }),
        lastStatus: "INGESTED",
      }),
    ]);
  });

  it("answers a read sent with the cursor of the one before only the packages changed since", async () => {
    const batch = await newBatch(["a.txt", "b.txt", "c.txt"]);
    const read = async (since?: string) => {
      const path = `/api/batches/${batch}${since === undefined ? "" : `?since=${since}`}`;
      const answer = await invoke(batchStatus, "GET", path, { batchId: batch });
      expect(answer.status).toBe(200);
      return answer.json as BatchStatus;
    };
    const first = await read();
    expect(first.items.map((i) => i.key)).toEqual(["a.txt", "b.txt", "c.txt"]);
    expect((await read(first.cursor)).items).toEqual([]);

    expect((await sendItem(batch, "b.txt", `batch-${randomUUID()}`)).status).toBe(201);
    let last = await read(first.cursor);
    expect(last.items.map((i) => [i.key, i.state])).toEqual([["b.txt", "sent"]]);
    // The reader folds each answer into what it has, and sends the new cursor back.
    let known = withItems(first.items, last.items);
    for (let i = 0; i < 100 && known[1]?.status !== "INGESTED"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      last = await read(last.cursor);
      expect(last.items.every((item) => item.key === "b.txt")).toBe(true);
      known = withItems(known, last.items);
    }
    expect(known.map((i) => [i.key, i.state, i.status])).toEqual([
      ["a.txt", "queued", null],
      ["b.txt", "sent", "INGESTED"],
      ["c.txt", "queued", null],
    ]);
    // Once nothing changes, a read answers nothing.
    const settled = await read(last.cursor);
    expect((await read(settled.cursor)).items).toEqual([]);

    const bad = await invoke(batchStatus, "GET", `/api/batches/${batch}?since=x`, {
      batchId: batch,
    });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ error: { code: "VALIDATION_ERROR" } });
  });

  it("is the tenant's own: another tenant's session neither sees nor sends into it", async () => {
    const batch = await newBatch(["a.txt"]);
    live.harness.session = sessionOf("admin", { tenant: "research" });
    const status = await invoke(batchStatus, "GET", `/api/batches/${batch}`, { batchId: batch });
    expect(status.status).toBe(404);
    const sent = await sendItem(batch, "a.txt", `batch-${randomUUID()}`);
    expect(sent.status).toBe(404);
    const list = await invoke(listBatches, "GET", "/api/batches", {});
    expect((list.json as { batches: { id: string }[] }).batches.map((b) => b.id)).not.toContain(
      batch,
    );
  });

  it("sends no package it does not hold", async () => {
    const batch = await newBatch(["a.txt"]);
    const before = ingestCalls();
    const sent = await sendItem(batch, "z.txt", `batch-${randomUUID()}`);
    expect(sent.status).toBe(404);
    expect(ingestCalls()).toBe(before);
  });

  it("cancelled, sends no more of its packages", async () => {
    const batch = await newBatch(["a.txt"]);
    const cancel = await invoke(cancelBatch, "POST", `/api/batches/${batch}/cancel`, {
      batchId: batch,
    });
    expect(cancel.status).toBe(200);
    const before = ingestCalls();
    const sent = await sendItem(batch, "a.txt", `batch-${randomUUID()}`);
    expect(sent.status).toBe(409);
    expect(ingestCalls()).toBe(before);
  });

  it("names the package ids the tenant already has: ingested, or held by a batch under way", async () => {
    const ingested = `taken-${randomUUID()}`;
    const single = await invoke(
      ingestDocument,
      "PUT",
      "/api/ingest/document",
      {},
      { body: body(ingested, "Ingested alone") },
    );
    expect(single.status).toBe(201);
    const queued = `queued-${randomUUID()}`;
    const answer = await invoke(
      createBatch,
      "POST",
      "/api/batches",
      {},
      {
        body: {
          name: "Earlier batch",
          profile: "default",
          items: [{ key: "q.txt", title: null, packageId: queued }],
        },
      },
    );
    expect(answer.status).toBe(201);
    const free = `free-${randomUUID()}`;
    const ask = () =>
      invoke(
        takenIds,
        "POST",
        "/api/batches/taken-ids",
        {},
        { body: { packageIds: [free, queued, ingested, ingested] } },
      );
    const taken = await ask();
    expect(taken.status).toBe(200);
    expect(taken.json).toEqual({ taken: [ingested, queued].sort() });

    // Another tenant's ids are not this one's.
    live.harness.session = sessionOf("admin", { tenant: "research" });
    expect((await ask()).json).toEqual({ taken: [] });
  });

  it("refuses a batch without packages with a sentence", async () => {
    const answer = await invoke(
      createBatch,
      "POST",
      "/api/batches",
      {},
      {
        body: { name: "Empty", profile: "default", items: [] },
      },
    );
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ error: { code: "VALIDATION_ERROR" } });
  });

  it("sends several packages in one request, each once, each with its own answer and audit entry", async () => {
    const batch = await newBatch(["a.txt", "b.txt", "c.txt"]);
    const ids = {
      "a.txt": `group-${randomUUID()}`,
      "b.txt": `group-${randomUUID()}`,
      "z.txt": `group-${randomUUID()}`,
    };
    const first = await sendItem(batch, "a.txt", ids["a.txt"]);
    expect(first.status).toBe(201);
    const before = ingestCalls();
    const answer = await sendGroup(
      batch,
      Object.entries(ids).map(([item, packageId]) => ({ item, packageId })),
    );
    expect(answer.status).toBe(200);
    const { outcomes } = answer.json as {
      outcomes: { item: string; ok: boolean; status?: number; answer?: { packageId: string } }[];
    };
    // a.txt was sent alone before: its first SIP again; b.txt is new; z.txt is no package of it.
    expect(outcomes.map((o) => [o.item, o.ok, o.status, o.answer?.packageId])).toEqual([
      ["a.txt", true, 200, ids["a.txt"]],
      ["b.txt", true, 201, ids["b.txt"]],
      ["z.txt", false, 404, undefined],
    ]);
    expect(outcomes[2]).toMatchObject({ error: { code: "NOT_FOUND" } });
    expect(ingestCalls() - before).toBe(1);

    // Sent again (a page reloaded mid-request), nothing goes to the archive a second time.
    const again = await sendGroup(batch, [{ item: "b.txt", packageId: ids["b.txt"] }]);
    expect((again.json as { outcomes: unknown[] }).outcomes).toEqual([
      {
        item: "b.txt",
        ok: true,
        status: 200,
        answer: expect.objectContaining({ packageId: ids["b.txt"] }),
      },
    ]);
    expect(ingestCalls() - before).toBe(1);

    const entries = (await listAudit({ action: "ingest.document" }, live.harness.dashboard.db))
      .filter((e) => Object.values(ids).includes(e.target ?? ""))
      .map((e) => [e.target, e.outcome]);
    expect(entries.sort()).toEqual(
      [
        [ids["a.txt"], "success"],
        [ids["a.txt"], "success"],
        [ids["b.txt"], "success"],
        [ids["b.txt"], "success"],
        [ids["z.txt"], "failure"],
      ].sort(),
    );

    const status = await invoke(batchStatus, "GET", `/api/batches/${batch}`, { batchId: batch });
    expect((status.json as BatchStatus).items.map((i) => [i.key, i.state, i.packageId])).toEqual([
      ["a.txt", "sent", ids["a.txt"]],
      ["b.txt", "sent", ids["b.txt"]],
      ["c.txt", "queued", null],
    ]);
    // The package sent in the group is in the journal and in the holdings with its title.
    const viewer = { tenant: "demo", userId: "archivist", isAdmin: false };
    const journal = await listSubmissions(
      live.harness.dashboard.db,
      viewer,
      JournalQuery.parse({ batch }),
    );
    expect(journal.entries.map((e) => e.packageId).sort()).toEqual(
      [ids["a.txt"], ids["b.txt"]].sort(),
    );
    const held = await findObject(live.harness.dashboard.db, "demo", ids["b.txt"]);
    expect(held).toMatchObject({ title: "Title of b.txt" });
  });

  it("refuses a group naming a package twice, or none, before sending any", async () => {
    const batch = await newBatch(["a.txt"]);
    const before = ingestCalls();
    const twice = await sendGroup(batch, [
      { item: "a.txt", packageId: `group-${randomUUID()}` },
      { item: "a.txt", packageId: `group-${randomUUID()}` },
    ]);
    expect(twice.status).toBe(400);
    expect(twice.json).toMatchObject({ error: { code: "VALIDATION_ERROR", field: "packages" } });
    const none = await sendGroup(batch, []);
    expect(none.status).toBe(400);
    expect(ingestCalls()).toBe(before);
  });

  it("sends no package of a group into another tenant's batch", async () => {
    const batch = await newBatch(["a.txt"]);
    live.harness.session = sessionOf("admin", { tenant: "research" });
    const before = ingestCalls();
    const answer = await sendGroup(batch, [{ item: "a.txt", packageId: `group-${randomUUID()}` }]);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      outcomes: [{ item: "a.txt", ok: false, status: 404, error: { code: "NOT_FOUND" } }],
    });
    expect(ingestCalls()).toBe(before);
  });

  it("a package waiting for its turn at the archive when its caller goes is given back unsent", async () => {
    const batch = await newBatch(["a.txt", "b.txt"]);
    // Three packages of the batch are with the archive (another tab's, say).
    const others = await Promise.all([takeTurn(batch), takeTurn(batch), takeTurn(batch)]);
    const leaving = new AbortController();
    const before = ingestCalls();
    const packages = [
      { item: "a.txt", packageId: `group-${randomUUID()}` },
      { item: "b.txt", packageId: `group-${randomUUID()}` },
    ];
    const sending = sendGroup(batch, packages, leaving.signal).catch(() => {});
    await expect.poll(() => getBatchTurns().get(batch)?.waiting.length).toBe(1);
    leaving.abort();
    for (const giveBack of others) giveBack();
    await sending;
    expect(ingestCalls()).toBe(before);
    expect(getBatchTurns().has(batch)).toBe(false);
    const status = await invoke(batchStatus, "GET", `/api/batches/${batch}`, { batchId: batch });
    expect((status.json as BatchStatus).items.map((i) => [i.key, i.state])).toEqual([
      ["a.txt", "queued"],
      ["b.txt", "queued"],
    ]);
  });

  it("a group whose caller has gone sends nothing more and gives back the packages it took", async () => {
    const batch = await newBatch(["a.txt", "b.txt"]);
    const gone = new AbortController();
    gone.abort();
    const before = ingestCalls();
    const packages = [
      { item: "a.txt", packageId: `group-${randomUUID()}` },
      { item: "b.txt", packageId: `group-${randomUUID()}` },
    ];
    await sendGroup(batch, packages, gone.signal).catch(() => {});
    expect(ingestCalls()).toBe(before);
    const status = await invoke(batchStatus, "GET", `/api/batches/${batch}`, { batchId: batch });
    expect((status.json as BatchStatus).items.map((i) => [i.key, i.state])).toEqual([
      ["a.txt", "queued"],
      ["b.txt", "queued"],
    ]);
    // Sent again, both go.
    const again = await sendGroup(batch, packages);
    expect(
      (again.json as { outcomes: { status: number }[] }).outcomes.map((o) => o.status),
    ).toEqual([201, 201]);
  });
});
