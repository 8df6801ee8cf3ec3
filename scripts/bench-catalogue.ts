// npm run bench -- catalogue: the holdings catalogue.
// 1. Queries: 100,000 rows seeded (two tenants, titles, descriptions and file names from a mixed
//    Dutch/French/English vocabulary), then the holdings list as /objects asks for it (full-text
//    search + sort + one page + the filtered count), p50 / p95 over BENCH_QUERIES (300) random
//    queries, on PGlite and on PostgreSQL (BENCH_DATABASE_URL names a server on which a database is
//    created and dropped; the default is the local test server; "" skips it).
// 2. Sync: BENCH_SYNC_OBJECTS (5,000) objects preserved with PreservePO straight at an embedded
//    archive (a child process on a fresh data folder), then one sync into an empty catalogue: its
//    rate, and the archive's CPU and RSS meanwhile (sampled from /proc).
// Runs with --conditions=react-server: it reuses the dashboard's server modules.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import postgres from "postgres";
import { childToken, startChildArchive, type ChildArchive } from "@scriptorium/archive/testing";
import { HoldingsQuery } from "@/lib/catalogue/holdings-query";
import { mergeFacts, type CatalogueFacts } from "@/lib/catalogue/merge";
import { listHoldings } from "@/lib/catalogue/query";
import { searchVector } from "@/lib/catalogue/store";
import { catalogueObjects } from "@/lib/db/schema";
import { runCatalogueSync } from "@/lib/catalogue/sync-runner";
import { openDashboardDb, type OpenedDashboardDb } from "@/lib/db/client";
import { DEFAULT_UPSTREAM_SETTINGS } from "@/lib/api/upstream-fetch";
import { createPreservationClient } from "@/lib/preservation/client";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 300);
const SYNC_OBJECTS = Number(process.env.BENCH_SYNC_OBJECTS ?? 5_000);
const PG_URL =
  process.env.BENCH_DATABASE_URL ?? "postgres://scriptorium:scriptorium@127.0.0.1:5433/scriptorium";
const PORT = Number(process.env.BENCH_PORT ?? 4460);
const PROFILE = "urn:scriptorium:profile:general:1.0";
const DC = "http://purl.org/dc/elements/1.1/";

const WORDS = (
  "board minutes notulen raad bestuur proces verbal assemblee annual report jaarverslag rapport " +
  "annuel budget begroting contract overeenkomst invoice factuur facture letter brief lettre " +
  "personnel dossier personeel archive archief policy beleid politique meeting vergadering reunion " +
  "audit controle subsidie subvention grant plan map carte kaart photo foto survey enquete " +
  "correspondence correspondentie memo nota decision besluit decision charter statuten statuts"
).split(" ");
const PROFILES = ["general", "records-10y", "records-30y", "permanent", "photos"];
const MIMES = [
  ["fmt/95", "application/pdf"],
  ["fmt/353", "image/tiff"],
  ["x-fmt/111", "text/plain"],
  ["fmt/412", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
] as const;

// A small deterministic generator, so every run seeds the same rows.
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
const random = rng(42);
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
const phrase = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(" ");

function row(i: number): CatalogueFacts {
  const [puid, mimeType] = pick(MIMES);
  const profile = pick(PROFILES);
  const year = 1990 + Math.floor(random() * 35);
  return {
    tenant: i % 5 === 0 ? "research" : "demo",
    poId: `bench-${i.toString().padStart(6, "0")}-${randomBytes(4).toString("hex")}`,
    state: random() < 0.03 ? "deleted" : "ingested",
    fromArchive: true,
    details: true,
    title: `${phrase(3)} ${year}`.replace(/^./, (c) => c.toUpperCase()),
    description: phrase(10),
    keywords: `hr-${year}-${i} ${phrase(2)}.pdf`,
    profile,
    profileName: profile,
    files: [{ name: `${phrase(1)}-${i}.pdf`, puid, mimeType, formatName: null, size: 1_000 + i }],
    createdAt: new Date(Date.UTC(year, Math.floor(random() * 12), 1 + Math.floor(random() * 28))),
    submittedBy: { id: random() < 0.5 ? "archivist" : "admin", name: "Someone" },
  };
}

// Rows as the catalogue's merge would write them, inserted 1,000 per statement (a fresh table).
async function seed(db: OpenedDashboardDb["db"]) {
  const started = performance.now();
  const BATCH = 1_000;
  const now = new Date();
  for (let from = 0; from < ROWS; from += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, ROWS - from) }, (_, k) =>
      mergeFacts(null, row(from + k), now),
    );
    await db
      .insert(catalogueObjects)
      .values(rows.map((r) => ({ ...r, search: searchVector(r), updatedAt: now })));
  }
  // Fresh statistics, as autovacuum would gather them on a table this size.
  await db.execute("analyze catalogue_objects");
  return (performance.now() - started) / 1000;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

// The list as /objects asks for it: a search of one or two words, a sort, a page, the count (exact
// up to 1,000 matches).
function randomQuery() {
  const sorts = ["relevance", "title", "date", "size", "profile", "state"] as const;
  const words = random() < 0.5 ? pick(WORDS) : `${pick(WORDS)} ${pick(WORDS)}`;
  return {
    // /objects and /api/catalogue list the session's one tenant (demo holds four rows in five).
    tenants: random() < 0.5 ? ["demo"] : ["research"],
    query: HoldingsQuery.parse({
      q: random() < 0.15 ? undefined : random() < 0.2 ? pick(WORDS).slice(0, 4) : words,
      sort: pick(sorts),
      dir: random() < 0.5 ? "asc" : "desc",
      page: 1 + Math.floor(random() * 5),
      ...(random() < 0.2 ? { profile: pick(PROFILES) } : {}),
      ...(random() < 0.1 ? { state: "deleted" } : {}),
    }),
  };
}

async function measureQueries(db: OpenedDashboardDb["db"]) {
  for (let i = 0; i < 20; i++) {
    const { tenants, query } = randomQuery();
    await listHoldings(db, tenants, query);
  }
  const times: number[] = [];
  for (let i = 0; i < QUERIES; i++) {
    const { tenants, query } = randomQuery();
    const started = performance.now();
    await listHoldings(db, tenants, query);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95), max: times.at(-1) ?? 0 };
}

// BENCH_EXPLAIN=1: the plans of a broad search ("board", a fifth of the rows) on stderr.
async function explain(db: OpenedDashboardDb["db"]) {
  const match = `tenant = 'demo' and search @@ to_tsquery('simple', '(board:*)')`;
  const statements = {
    "count, exact": `select count(*) from catalogue_objects where ${match}`,
    "count, capped": `select count(*) from (select 1 from catalogue_objects where ${match} limit 1001) m`,
    "page by title": `select po_id from catalogue_objects where ${match} order by sort_title, po_id limit 25 offset 50`,
    "page by relevance": `select po_id from catalogue_objects where ${match} order by ts_rank(search, to_tsquery('simple', '(board:*)')) desc, sort_title, po_id limit 25 offset 50`,
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
  const seconds = await seed(opened.db);
  if (process.env.BENCH_EXPLAIN) await explain(opened.db);
  const r = await measureQueries(opened.db);
  return `| ${label} | ${ROWS.toLocaleString("en")} rows seeded in ${seconds.toFixed(0)} s | p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, max ${r.max.toFixed(0)} ms (${QUERIES} queries) |`;
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
    say(await queryBench("search + sort + page, PGlite", pglite));
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
      say(await queryBench("search + sort + page, PostgreSQL", pg));
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
