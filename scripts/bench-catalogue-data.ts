// The catalogue benchmark's rows and queries. Rows: ROWS objects in two tenants (demo holds four in five), titles,
// descriptions and file names from a mixed Dutch/French/English vocabulary, seeded from a fixed
// seed so every run (and every database) holds the same rows.
import { and, count } from "drizzle-orm";
import { HOLDINGS_PAGE_SIZE, HoldingsQuery } from "@/lib/catalogue/holdings-query";
import { holdingsConditions, listHoldings } from "@/lib/catalogue/query";
import type { OpenedDashboardDb } from "@/lib/db/client";
import { mergeFacts, type CatalogueFacts } from "@/lib/catalogue/merge";
import { searchVector } from "@/lib/catalogue/store";
import { catalogueObjects } from "@/lib/db/schema";

export const WORDS = (
  "board minutes notulen raad bestuur proces verbal assemblee annual report jaarverslag rapport " +
  "annuel budget begroting contract overeenkomst invoice factuur facture letter brief lettre " +
  "personnel dossier personeel archive archief policy beleid politique meeting vergadering reunion " +
  "audit controle subsidie subvention grant plan map carte kaart photo foto survey enquete " +
  "correspondence correspondentie memo nota decision besluit decision charter statuten statuts"
).split(" ");
export const PROFILES = ["general", "records-10y", "records-30y", "permanent", "photos"];
export const MIMES = [
  ["fmt/95", "application/pdf"],
  ["fmt/353", "image/tiff"],
  ["x-fmt/111", "text/plain"],
  ["fmt/412", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
] as const;
export const SUBMITTERS = ["archivist", "admin"];
export const FIRST_YEAR = 1990;
export const YEARS = 35;

// A small deterministic generator.
export function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export function generator(seed: number) {
  const random = rng(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const phrase = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(" ");
  return { random, pick, phrase };
}

// The facts of row `i` (the same for the same `i` and generator state).
export function benchRow(g: ReturnType<typeof generator>, i: number): CatalogueFacts {
  const { random, pick, phrase } = g;
  const [puid, mimeType] = pick(MIMES);
  const profile = pick(PROFILES);
  const year = FIRST_YEAR + Math.floor(random() * YEARS);
  const hex = Math.floor(random() * 2 ** 32)
    .toString(16)
    .padStart(8, "0");
  return {
    tenant: i % 5 === 0 ? "research" : "demo",
    poId: `bench-${i.toString().padStart(6, "0")}-${hex}`,
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
    submittedBy: { id: pick(SUBMITTERS), name: "Someone" },
  };
}

// `rows` rows as the catalogue's merge would write them, 1,000 per statement, into a fresh table;
// returns the seconds it took.
export async function seedCatalogue(db: OpenedDashboardDb["db"], rows: number): Promise<number> {
  const started = performance.now();
  const g = generator(42);
  const BATCH = 1_000;
  const now = new Date();
  for (let from = 0; from < rows; from += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, rows - from) }, (_, k) =>
      mergeFacts(null, benchRow(g, from + k), now),
    );
    await db
      .insert(catalogueObjects)
      .values(batch.map((r) => ({ ...r, search: searchVector(r), updatedAt: now })));
  }
  // Fresh statistics, as autovacuum would gather them on a table this size.
  await db.execute("analyze catalogue_objects");
  return (performance.now() - started) / 1000;
}

// The queries: random views as /objects asks for them, of three kinds (bench-catalogue.ts).
const { random, pick } = generator(7);

export type Db = OpenedDashboardDb["db"];
export type Kind = "search" | "filters" | "deep";
interface BenchQuery {
  kind: Kind;
  // /objects and /api/catalogue list the session's one tenant (demo holds four rows in five).
  tenants: string[];
  query: HoldingsQuery;
}

const SORTS = ["title", "date", "size", "profile", "state"] as const;
const words = () =>
  random() < 0.2
    ? pick(WORDS).slice(0, 4)
    : random() < 0.5
      ? pick(WORDS)
      : `${pick(WORDS)} ${pick(WORDS)}`;
const dir = () => (random() < 0.5 ? "asc" : "desc");
const page = () => 1 + Math.floor(random() * 5);
const tenants = () => (random() < 0.5 ? ["demo"] : ["research"]);

// A format, a span of years and/or a submitter: at least one of them.
function filters(): Record<string, string> {
  const chosen: Record<string, string> = {};
  while (Object.keys(chosen).length === 0) {
    if (random() < 0.5) chosen.format = pick(MIMES)[random() < 0.5 ? 0 : 1];
    if (random() < 0.5) {
      const from = FIRST_YEAR + Math.floor(random() * YEARS);
      const to = Math.min(FIRST_YEAR + YEARS - 1, from + Math.floor(random() * 5));
      chosen.from = `${from}-01-01`;
      chosen.to = `${to}-12-31`;
    }
    if (random() < 0.5) chosen.submitter = pick(SUBMITTERS);
  }
  return chosen;
}

function randomQuery(): Omit<BenchQuery, "query"> & { input: Record<string, unknown> } {
  const kind: Kind = random() < 0.5 ? "search" : random() < 0.6 ? "filters" : "deep";
  if (kind === "search") {
    return {
      kind,
      tenants: tenants(),
      input: {
        q: words(),
        // Relevance is what a search is sorted by until a person picks another sort.
        sort: random() < 0.5 ? "relevance" : pick(SORTS),
        dir: dir(),
        page: page(),
        ...(random() < 0.2 ? { profile: pick(PROFILES) } : {}),
        ...(random() < 0.1 ? { state: "deleted" } : {}),
      },
    };
  }
  if (kind === "filters") {
    const q = random() < 0.3 ? words() : undefined;
    return {
      kind,
      tenants: tenants(),
      input: {
        q,
        sort: q && random() < 0.3 ? "relevance" : pick(SORTS),
        dir: dir(),
        page: page(),
        ...filters(),
      },
    };
  }
  // The page is drawn once the view's last page is known.
  const filter = random() < 0.5 ? {} : random() < 0.5 ? filters() : { profile: pick(PROFILES) };
  return { kind, tenants: tenants(), input: { sort: pick(SORTS), dir: dir(), ...filter } };
}

// How many rows a view holds (untimed), for drawing a deep page.
const totals = new Map<string, number>();
async function viewTotal(db: Db, tenants: string[], query: HoldingsQuery) {
  const key = JSON.stringify([tenants, { ...query, page: 1, sort: undefined, dir: undefined }]);
  if (!totals.has(key)) {
    const [n] = await db
      .select({ n: count() })
      .from(catalogueObjects)
      .where(and(...holdingsConditions(tenants, query)));
    totals.set(key, Number(n?.n ?? 0));
  }
  return totals.get(key)!;
}

async function nextQuery(db: Db): Promise<BenchQuery> {
  const { kind, tenants, input } = randomQuery();
  let query = HoldingsQuery.parse(input);
  if (kind === "deep") {
    const last = Math.max(1, Math.ceil((await viewTotal(db, tenants, query)) / HOLDINGS_PAGE_SIZE));
    query = { ...query, page: 1 + Math.floor(random() * last) };
  }
  return { kind, tenants, query };
}

export const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

export function summary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return `p50 ${quantile(sorted, 0.5).toFixed(1)} ms, p95 ${quantile(sorted, 0.95).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(0)} ms (${sorted.length})`;
}

export async function measureQueries(db: Db, queries: number) {
  for (let i = 0; i < 20; i++) {
    const { tenants, query } = await nextQuery(db);
    await listHoldings(db, tenants, query);
  }
  const times: Record<Kind | "all", number[]> = { all: [], search: [], filters: [], deep: [] };
  // CPU time of this process per query: PGlite runs in it, so for PGlite this is the query's own
  // work, which the machine's load hardly changes (wall time is what a person waits).
  const cpu: number[] = [];
  const slowest: { ms: number; cpu: number; q: BenchQuery }[] = [];
  for (let i = 0; i < queries; i++) {
    const next = await nextQuery(db);
    const used = process.cpuUsage();
    const started = performance.now();
    await listHoldings(db, next.tenants, next.query);
    const ms = performance.now() - started;
    const spent = process.cpuUsage(used);
    cpu.push((spent.user + spent.system) / 1000);
    slowest.push({ ms, cpu: cpu.at(-1)!, q: next });
    times.all.push(ms);
    times[next.kind].push(ms);
  }
  if (process.env.BENCH_SLOWEST) {
    // BENCH_SLOWEST=<n>: the n slowest queries, on stderr.
    slowest.sort((a, b) => b.ms - a.ms);
    for (const { ms, cpu, q } of slowest.slice(0, Number(process.env.BENCH_SLOWEST))) {
      console.error(
        `${ms.toFixed(0)} ms (CPU ${cpu.toFixed(0)} ms) ${q.kind} ${q.tenants[0]} ${JSON.stringify(q.query)}`,
      );
    }
  }
  return { times, cpu };
}
