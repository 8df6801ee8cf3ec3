// The sync against the real embedded archive: objects preserved straight at the archive (as
// another system would) come into the catalogue with their titles, an object deleted behind the
// dashboard's back is corrected, and `npm run catalogue:sync` killed with SIGKILL mid-run resumes
// where it stopped, listing and reading every object once (on PGlite, and on PostgreSQL when
// ARCHIVE_TEST_DATABASE_URL names a server).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, eq, inArray } from "drizzle-orm";
import { childToken } from "@scriptorium/archive/testing";
import { openDashboardDb, type OpenedDashboardDb } from "@/lib/db/client";
import { catalogueObjects, catalogueSync, deletionRequests } from "@/lib/db/schema";
import { DEFAULT_UPSTREAM_SETTINGS } from "@/lib/api/upstream-fetch";
import { startTestArchive, type TestArchive } from "@/lib/api/testing/archive";
import { createPreservationClient } from "@/lib/preservation/client";
import { findObject, recordFacts } from "./store";
import { runCatalogueSync } from "./sync-runner";

const root = fileURLToPath(new URL("../..", import.meta.url));
const PROFILE = "urn:scriptorium:profile:general:1.0";
const DC = "http://purl.org/dc/elements/1.1/";
const b64 = (text: string) => Buffer.from(text).toString("base64");

let archive: TestArchive;
let token: string;

async function preservation(op: string, body: unknown, tenant = "demo") {
  const send = () =>
    fetch(`${archive.url}/preservation/${op}`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${token}`,
        "Content-Type": "application/json",
        "X-Vendor-Repository": tenant,
      },
      body: JSON.stringify(body),
    });
  // A kept-alive connection the archive closed while this process was busy opening the dashboard's
  // database (PGlite holds the event loop) is reset under the next request, which the archive
  // never read: that fixture request is sent once more.
  const response = await send().catch(send);
  const json = (await response.json()) as {
    poId?: string;
    versionId?: string;
    trace?: { event?: { time: string; sub: string; op: string }[] };
    result: { maj: string };
  };
  if (!json.result.maj.endsWith("Success")) throw new Error(`${op}: ${JSON.stringify(json)}`);
  return json;
}

// An object with a Dublin Core title, preserved as another system would (no dashboard involved).
async function preserve(title: string, tenant = "demo"): Promise<string> {
  const dc = `<metadata xmlns:dc="${DC}"><dc:title>${title}</dc:title></metadata>`;
  const answer = await preservation(
    "PreservePO",
    {
      pro: PROFILE,
      po: [
        { id: "letter.txt", binaryData: { value: b64(`${title}\n`) } },
        { id: "dc.xml", formatId: DC, xmlData: { b64Content: b64(dc) } },
      ],
    },
    tenant,
  );
  return answer.poId!;
}

// A new version with a new title, added straight at the archive.
async function retitle(poId: string, title: string) {
  const dc = `<metadata xmlns:dc="${DC}"><dc:title>${title}</dc:title></metadata>`;
  await preservation("UpdatePOC", {
    poId,
    deltaPoc: [{ id: "dc.xml", formatId: DC, xmlData: { b64Content: b64(dc) } }],
  });
}

// When and by whom the archive says an object came.
async function firstEvent(poId: string) {
  const { trace } = await preservation("RetrieveTrace", { poId });
  const first = trace?.event?.find((e) => e.op === "PreservePO");
  return { at: new Date(first!.time), by: first!.sub };
}

const client = () =>
  createPreservationClient({
    ...DEFAULT_UPSTREAM_SETTINGS,
    baseUrl: `${archive.url}/preservation`,
    tenantHeader: "X-Vendor-Repository",
    timeoutMs: 15_000,
    tokenMode: "service",
  });

beforeAll(async () => {
  archive = await startTestArchive();
  token = await childToken(archive.url, "demo-admin", "demo-admin-secret");
}, 120_000);

afterAll(async () => {
  await archive?.close();
});

describe("catalogue sync", () => {
  let opened: OpenedDashboardDb;
  beforeAll(async () => {
    opened = await openDashboardDb({});
  }, 60_000);
  afterAll(async () => opened?.close());

  it("brings in what other systems archived, in pages, and lets the archive win on deletions", async () => {
    const titles = Array.from(
      { length: 12 },
      (_, i) => `Letter ${i} ${randomBytes(3).toString("hex")}`,
    );
    const ids = await Promise.all(titles.map((t) => preserve(t)));
    const elsewhere = await preserve("Research notes", "research");
    const sync = (options: { refreshPerRun?: number } = {}) =>
      runCatalogueSync({
        db: opened.db,
        client: client(),
        token: async () => token,
        tenants: ["demo"],
        pageSize: 4,
        ...options,
      });

    const first = await sync();
    expect(first.outcome).toBe("finished");
    expect(first.tenants.demo).toMatchObject({ outcome: "finished", listed: ids.length });
    for (const [i, id] of ids.entries()) {
      // Created when the archive says, by whom it says, not when the sync came by.
      const came = await firstEvent(id);
      const row = await findObject(opened.db, "demo", id);
      expect(row).toMatchObject({
        title: titles[i],
        state: "ingested",
        fileCount: 1,
        versionCount: 1,
        submittedById: came.by,
      });
      expect(row?.createdAt.toISOString()).toBe(came.at.toISOString());
    }
    // Only the tenants asked for.
    expect(await findObject(opened.db, "research", elsewhere)).toBeNull();

    // Deleted behind the dashboard's back; and a row the archive never had.
    await preservation("DeletePO", { poId: ids[0]!, reason: "Scanned twice" });
    await recordFacts(opened.db, [{ tenant: "demo", poId: `${ids[1]}-x`, state: "ingested" }]);
    const second = await sync();
    expect(second.tenants.demo).toMatchObject({ listed: ids.length - 1, retrieved: 0 });
    expect(await findObject(opened.db, "demo", ids[0]!)).toMatchObject({ state: "deleted" });
    expect(await findObject(opened.db, "demo", `${ids[1]}-x`)).toMatchObject({ state: "deleted" });
    expect(await findObject(opened.db, "demo", ids[2]!)).toMatchObject({ state: "ingested" });

    // Rows read long ago are read again, oldest first, a bounded number a run: a version and a
    // title added elsewhere come in. Rows read lately are not.
    await retitle(ids[3]!, "Letter, second version");
    await retitle(ids[4]!, "Letter, also retitled");
    await retitle(ids[5]!, "Letter, retitled last");
    const t = catalogueObjects;
    const age = async (id: string, days: number) =>
      opened.db
        .update(t)
        .set({ detailsAt: new Date(Date.now() - days * 86_400_000) })
        .where(and(eq(t.tenant, "demo"), eq(t.poId, id)));
    await age(ids[3]!, 30);
    await age(ids[4]!, 20);
    await age(ids[5]!, 2);
    const third = await sync({ refreshPerRun: 1 });
    expect(third.tenants.demo).toMatchObject({ retrieved: 1, corrected: 0 });
    expect(await findObject(opened.db, "demo", ids[3]!)).toMatchObject({
      title: "Letter, second version",
      versionCount: 2,
    });
    expect((await findObject(opened.db, "demo", ids[4]!))?.title).toBe(titles[4]);
    const fourth = await sync();
    expect(fourth.tenants.demo).toMatchObject({ retrieved: 1 });
    expect((await findObject(opened.db, "demo", ids[4]!))?.title).toBe("Letter, also retitled");
    // Read two days ago: not yet.
    expect((await findObject(opened.db, "demo", ids[5]!))?.title).toBe(titles[5]);
  }, 120_000);

  it("ends a deletion request the catalogue still shows after it was withdrawn or rejected", async () => {
    const [waiting, withdrawn] = await Promise.all([preserve("Waiting"), preserve("Withdrawn")]);
    const sync = () =>
      runCatalogueSync({
        db: opened.db,
        client: client(),
        token: async () => token,
        tenants: ["demo"],
      });
    await sync();
    const asked = { at: new Date(), by: "Alan Admin" };
    const requests = [waiting, withdrawn].map((poId, i) => ({
      tenant: "demo",
      poId,
      mode: "OnlySubDOs",
      reason: "Twice",
      requestedById: "admin",
      requestedByName: "Alan Admin",
      status: i === 0 ? ("pending" as const) : ("rejected" as const),
    }));
    await opened.db.insert(deletionRequests).values(requests);
    // As a withdrawal before the fix left it: the row still says a request waits.
    await recordFacts(
      opened.db,
      [waiting, withdrawn].map((poId) => ({
        tenant: "demo",
        poId,
        state: "deletion-requested" as const,
        deletionRequest: asked,
      })),
    );
    const run = await sync();
    expect(run.tenants.demo).toMatchObject({ corrected: 1 });
    expect(await findObject(opened.db, "demo", withdrawn)).toMatchObject({
      state: "ingested",
      deletionRequestedAt: null,
    });
    expect((await findObject(opened.db, "demo", waiting))?.state).toBe("deletion-requested");
  }, 120_000);
});

const adminUrl = process.env.ARCHIVE_TEST_DATABASE_URL;
const PAGE_SIZE = 3;

// Runs `npm run catalogue:sync` in a process group of its own, so SIGKILL reaches tsx's node too.
function runScript(env: Record<string, string>, killAfterSteps?: number) {
  const child = spawn(
    "npm",
    ["run", "--silent", "catalogue:sync", "--", "--tenant=demo", `--page-size=${PAGE_SIZE}`],
    { cwd: root, env: { ...process.env, ...env }, detached: true },
  );
  let output = "";
  return new Promise<{ output: string; killed: boolean; code: number | null }>((resolve) => {
    let killed = false;
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      // Steps that listed ids: a prefix too large to list is split first, and writes none.
      const steps = output.match(/prefix ".*" written: [1-9]\d* listed/g)?.length ?? 0;
      if (killAfterSteps !== undefined && !killed && steps >= killAfterSteps) {
        killed = true;
        process.kill(-child.pid!, "SIGKILL");
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("exit", (code) => resolve({ output, killed, code }));
  });
}

// What the step lines of a run's output add up to: ids listed and objects read.
function stepTotals(output: string) {
  const totals = { listed: 0, read: 0 };
  for (const [, listed, read] of output.matchAll(/written: (\d+) listed, (\d+) read/g)) {
    totals.listed += Number(listed);
    totals.read += Number(read);
  }
  return totals;
}

// How often the archive served RetrievePO for `poId` (its trace records every read).
async function readsOf(poId: string): Promise<number> {
  const { trace } = await preservation("RetrieveTrace", { poId });
  return trace?.event?.filter((e) => e.op === "RetrievePO").length ?? 0;
}

// The script killed with SIGKILL after two prefixes that listed ids, then run again: the second run
// resumes at the first unwritten prefix. Counted on both sides: the steps of the second run list
// exactly what the first had not written, and the archive served RetrievePO once per object,
// twice at most for the few of the page in flight when the first run died.
async function killAndResume(target: {
  env: Record<string, string>;
  open: () => Promise<OpenedDashboardDb>;
}) {
  const withDb = async <T>(work: (db: OpenedDashboardDb["db"]) => Promise<T>) => {
    const opened = await target.open();
    try {
      return await work(opened.db);
    } finally {
      await opened.close();
    }
  };
  const demo = eq(catalogueSync.tenant, "demo");
  const before = await withDb((db) =>
    runCatalogueSync({ db, client: client(), token: async () => token, tenants: ["demo"] }),
  );
  const already = (before.tenants.demo as { listed: number }).listed;
  const fresh = await Promise.all(Array.from({ length: 20 }, (_, i) => preserve(`Minutes ${i}`)));
  const total = already + fresh.length;
  const env = {
    ...target.env,
    PRESERVATION_API_URL: `${archive.url}/preservation`,
    INGEST_API_URL: `${archive.url}/ingest`,
    OIDC_ISSUER: `${archive.url}/oidc`,
    CATALOGUE_SYNC_MINUTES: "0",
  };

  const killed = await runScript(env, 2);
  expect(killed.killed, killed.output).toBe(true);
  const stopped = await withDb(async (db) => {
    const [cursor] = await db.select().from(catalogueSync).where(demo);
    const rows = await db
      .select({ poId: catalogueObjects.poId })
      .from(catalogueObjects)
      .where(and(eq(catalogueObjects.tenant, "demo"), inArray(catalogueObjects.poId, fresh)));
    return { cursor: cursor!, written: rows.map((r) => r.poId) };
  });
  // Stopped mid-way: some prefixes written, some left.
  expect(stopped.cursor).toMatchObject({ status: "running" });
  expect(stopped.cursor.pending.length).toBeGreaterThan(0);
  expect(stopped.cursor.listed).toBeGreaterThan(0);
  expect(stopped.cursor.listed).toBeLessThan(total);
  expect(stopped.written.length).toBe(stopped.cursor.retrieved);

  const resumed = await runScript(env);
  expect(resumed.code, resumed.output).toBe(0);
  // The second run walked only what the first had not written.
  expect(stepTotals(resumed.output)).toEqual({
    listed: total - stopped.cursor.listed,
    read: fresh.length - stopped.cursor.retrieved,
  });
  expect(resumed.output).toContain(`demo: done: ${total} listed, ${fresh.length} read`);
  const reads = await Promise.all(fresh.map(readsOf));
  for (const [i, id] of fresh.entries()) {
    // Written before the kill: never read again. The rest: once by the second run, and perhaps
    // once by the first, in the page it did not live to write.
    const expected = stopped.written.includes(id) ? [1] : [1, 2];
    expect(expected, `${id} was read ${reads[i]} times`).toContain(reads[i]);
  }
  const again = reads.reduce((sum, n) => sum + n, 0) - fresh.length;
  expect(again).toBeLessThanOrEqual(PAGE_SIZE);

  await withDb(async (db) => {
    const [rows] = await db
      .select({ n: count() })
      .from(catalogueObjects)
      .where(eq(catalogueObjects.tenant, "demo"));
    expect(rows?.n).toBe(total);
    const [after] = await db.select().from(catalogueSync).where(demo);
    expect(after).toMatchObject({ status: "idle", pending: [] });
  });
}

describe("npm run catalogue:sync killed mid-run (PGlite)", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "scriptorium-sync-kill-"));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("resumes after SIGKILL, reading and counting every object once", async () => {
    await killAndResume({
      env: { DATABASE_URL: "", DASHBOARD_DATA_DIR: dataDir },
      open: () => openDashboardDb({ dataDir }),
    });
  }, 300_000);
});

describe.skipIf(!adminUrl)("npm run catalogue:sync killed mid-run (PostgreSQL)", () => {
  const name = `scriptorium_sync_${randomBytes(6).toString("hex")}`;
  let databaseUrl: string;

  beforeAll(async () => {
    const admin = postgres(adminUrl!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name}`).finally(() => admin.end());
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }, 60_000);

  afterAll(async () => {
    const admin = postgres(adminUrl!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => admin.end());
  }, 60_000);

  it("resumes after SIGKILL, reading and counting every object once", async () => {
    await killAndResume({
      env: { DATABASE_URL: databaseUrl },
      open: () => openDashboardDb({ databaseUrl }),
    });
  }, 300_000);
});
