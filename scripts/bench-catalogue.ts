// npm run bench -- catalogue: the holdings catalogue.
// 1. Queries: 100,000 rows seeded (two tenants, titles, descriptions and file names from a mixed
//    Dutch/French/English vocabulary; scripts/bench-catalogue-data.ts), vacuumed and analysed as
//    autovacuum (PostgreSQL) or the sync's maintenance (PGlite) leaves them, then the holdings list
//    as /objects asks for it (search + filters + sort + one page + the count, exact up to 1,000):
//    BENCH_QUERIES (400) random queries of three kinds, p50 / p95 of each kind and of all, on
//    PGlite and on PostgreSQL (BENCH_DATABASE_URL names a server on which a database is created and
//    dropped; the default is the local test server; "" skips it).
//      search  1 or 2 words or a 4-letter prefix, any sort (relevance too), pages 1-5, sometimes a
//              profile or state filter;
//      filters format, date range and/or submitter, with or without words, any sort, pages 1-5;
//      deep    no words, sometimes a filter, any other sort, any page up to the last (3,200 pages
//              of demo's 80,000 rows).
// 2. Sync: BENCH_SYNC_OBJECTS (5,000) objects preserved with PreservePO straight at an embedded
//    archive (a child process on a fresh data folder, port BENCH_PORT, 4460), then one sync into an
//    empty catalogue: its rate, and the archive's CPU and RSS meanwhile (sampled from /proc).
// BENCH_PART=queries or sync runs one half. Runs with --conditions=react-server: it reuses the
// dashboard's server modules.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { childToken, startChildArchive, type ChildArchive } from "@scriptorium/archive/testing";
import { runCatalogueSync } from "@/lib/catalogue/sync-runner";
import { openDashboardDb, type OpenedDashboardDb } from "@/lib/db/client";
import { DEFAULT_UPSTREAM_SETTINGS } from "@/lib/api/upstream-fetch";
import { createPreservationClient } from "@/lib/preservation/client";
import { generator, measureQueries, seedCatalogue, summary } from "./bench-catalogue-data";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 400);
const SYNC_OBJECTS = Number(process.env.BENCH_SYNC_OBJECTS ?? 5_000);
const PG_URL =
  process.env.BENCH_DATABASE_URL ?? "postgres://scriptorium:scriptorium@127.0.0.1:5433/scriptorium";
const PORT = Number(process.env.BENCH_PORT ?? 4460);
const PROFILE = "urn:scriptorium:profile:general:1.0";
const DC = "http://purl.org/dc/elements/1.1/";

const { phrase } = generator(7);

// BENCH_EXPLAIN=1: the plans of a broad search ("board", a fifth of the rows) and of the last
// page, on stderr.
async function explain(db: OpenedDashboardDb["db"]) {
  const match = `tenant = 'demo' and search @@ to_tsquery('simple', '(board:*)')`;
  const statements = {
    "count, capped": `select count(*) from (select 1 from catalogue_objects where ${match} limit 1001) m`,
    "page by title": `select po_id from catalogue_objects where ${match} order by sort_title, po_id limit 25 offset 50`,
    "page by relevance (the 1,000 newest matches ranked)": `select po_id from (select po_id, sort_title, search from catalogue_objects where ${match} order by created_at desc, po_id desc limit 1000) c order by ts_rank(search, to_tsquery('simple', '(board:*)')) desc, sort_title, po_id limit 25 offset 50`,
    "keys of the last page by date": `select po_id from catalogue_objects where tenant = 'demo' order by created_at desc, po_id desc limit 25 offset 79975`,
  };
  for (const [name, statement] of Object.entries(statements)) {
    const result = (await db.execute(`explain (analyze, costs off) ${statement}`)) as unknown;
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
      string,
      string
    >[];
    console.error(`-- ${name}\n${rows.map((r) => Object.values(r)[0]).join("\n")}`);
  }
}

async function queryBench(label: string, opened: OpenedDashboardDb) {
  const seconds = await seedCatalogue(opened.db, ROWS);
  // As autovacuum (PostgreSQL) or the sync's maintenance (PGlite, lib/catalogue/maintenance.ts)
  // leaves the table: visibility map set, statistics fresh.
  const vacuumed = performance.now();
  await opened.db.execute(sql`vacuum (analyze) catalogue_objects`);
  const vacuumSeconds = (performance.now() - vacuumed) / 1000;
  if (process.env.BENCH_EXPLAIN) await explain(opened.db);
  const { times, cpu } = await measureQueries(opened.db, QUERIES);
  const setting = `${ROWS.toLocaleString("en")} rows seeded in ${seconds.toFixed(0)} s, vacuumed in ${vacuumSeconds.toFixed(1)} s`;
  return [
    `| search + sort + page, ${label}, all | ${setting} | ${summary(times.all)} |`,
    `| search + sort + page, ${label}, search | words, any sort, pages 1-5 | ${summary(times.search)} |`,
    `| search + sort + page, ${label}, filters | format, dates, submitter | ${summary(times.filters)} |`,
    `| search + sort + page, ${label}, deep pages | up to the last page | ${summary(times.deep)} |`,
    ...(opened.kind === "pglite"
      ? [
          `| search + sort + page, ${label}, CPU time | all queries, in this process | ${summary(cpu)} |`,
        ]
      : []),
  ];
}

// CPU time (user + system, in clock ticks) and RSS (pages) of a process, from /proc.
function processStat(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return { ticks: Number(fields[11]) + Number(fields[12]), rssPages: Number(fields[21]) };
}

async function syncBench() {
  const dir = await mkdtemp("/tmp/catalogue-bench-");
  let archive: ChildArchive | undefined;
  let opened: OpenedDashboardDb | undefined;
  try {
    archive = await startChildArchive({ port: PORT, dataDir: path.join(dir, "archive") });
    const base = archive.url;
    let token = await childToken(base, "demo-admin", "demo-admin-secret");
    let tokenAt = Date.now();
    const fresh = async () => {
      if (Date.now() - tokenAt > 120_000) {
        token = await childToken(base, "demo-admin", "demo-admin-secret");
        tokenAt = Date.now();
      }
      return token;
    };
    const seeded = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < SYNC_OBJECTS) {
          const i = next++;
          const dc = `<metadata xmlns:dc="${DC}"><dc:title>${phrase(3)} ${i}</dc:title></metadata>`;
          const response = await fetch(`${base}/preservation/PreservePO`, {
            method: "POST",
            headers: {
              Authorization: `Bearer ${await fresh()}`,
              "Content-Type": "application/json",
              "X-Vendor-Repository": "demo",
            },
            body: JSON.stringify({
              pro: PROFILE,
              po: [
                {
                  id: `doc-${i}.txt`,
                  binaryData: { value: Buffer.from(phrase(20)).toString("base64") },
                },
                {
                  id: "dc.xml",
                  formatId: DC,
                  xmlData: { b64Content: Buffer.from(dc).toString("base64") },
                },
              ],
            }),
          });
          const json = (await response.json()) as { result: { maj: string } };
          if (!json.result.maj.endsWith("Success")) throw new Error(JSON.stringify(json));
        }
      }),
    );
    const seedSeconds = (performance.now() - seeded) / 1000;

    opened = await openDashboardDb({ dataDir: path.join(dir, "dashboard") });
    const pid = archive.pid;
    const ticksPerSecond = 100;
    const pageSize = 4096;
    const before = processStat(pid);
    let peakRss = before.rssPages;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, processStat(pid).rssPages);
    }, 200);
    const started = performance.now();
    const summary = await runCatalogueSync({
      db: opened.db,
      client: createPreservationClient({
        ...DEFAULT_UPSTREAM_SETTINGS,
        baseUrl: `${base}/preservation`,
        tenantHeader: "X-Vendor-Repository",
        timeoutMs: 60_000,
        tokenMode: "service",
      }),
      token: fresh,
      tenants: ["demo"],
    });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const after = processStat(pid);
    const run = summary.tenants.demo;
    if (!run || "error" in run || run.retrieved !== SYNC_OBJECTS) {
      throw new Error(`the sync did not read every object: ${JSON.stringify(summary)}`);
    }
    const cpu = ((after.ticks - before.ticks) / ticksPerSecond / seconds) * 100;
    const mib = (pages: number) => ((pages * pageSize) / 2 ** 20).toFixed(0);
    return [
      `| seeding the archive: ${SYNC_OBJECTS.toLocaleString("en")} PreservePO, 8 at a time | ${seedSeconds.toFixed(0)} s (${(SYNC_OBJECTS / seedSeconds).toFixed(0)}/s) |`,
      `| sync of ${SYNC_OBJECTS.toLocaleString("en")} objects into an empty catalogue (PGlite), RetrievePO 4 at a time | ${seconds.toFixed(1)} s, ${(SYNC_OBJECTS / seconds).toFixed(0)} objects/s |`,
      `| the archive during that sync | CPU ${cpu.toFixed(0)}% of one core, RSS ${mib(before.rssPages)} MiB before, ${mib(peakRss)} MiB at peak |`,
    ];
  } catch (error) {
    console.error(`the archive said:\n${archive?.output().slice(-3_000) ?? "(not started)"}`);
    throw error;
  } finally {
    await opened?.close();
    await archive?.kill("SIGTERM");
    await rm(dir, { recursive: true, force: true });
  }
}

// Each row as soon as it is measured.
const say = (line: string) => console.log(line);
say("| catalogue | setting | figure |");
say("| --- | --- | --- |");
const only = process.env.BENCH_PART;
if (only !== "sync") {
  const pglite = await openDashboardDb({});
  try {
    for (const line of await queryBench("PGlite", pglite)) say(line);
  } finally {
    await pglite.close();
  }
  if (PG_URL) {
    const name = `scriptorium_bench_${randomBytes(5).toString("hex")}`;
    const admin = postgres(PG_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name}`);
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    const pg = await openDashboardDb({ databaseUrl: url.toString() });
    try {
      for (const line of await queryBench("PostgreSQL", pg)) say(line);
    } finally {
      await pg.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }
}
if (only !== "queries") {
  for (const line of await syncBench()) say(line.replace(/^\| /, "| sync | "));
}
