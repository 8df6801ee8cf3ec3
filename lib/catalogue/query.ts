import "server-only";
// The holdings list in SQL: every query is scoped to the tenants the caller holds, then filtered,
// searched (full text over the GIN index), sorted and cut into pages.
//
// Pages are OFFSET pages: the address names a page ("page 7 of 40"), which a person can bookmark
// and share. The count beside it is exact up to HOLDINGS_COUNT_CAP (or just past the page, when the
// page lies further on) and says "more than" beyond: a broad search ("report") matches a quarter of
// 100,000 rows, and counting them all read every match for a number nobody pages through. Every
// sort has an index that starts with the tenant and ends with the id; a page takes its 25 keys from
// it first and then reads those 25 rows, so a deep offset skips index entries (an index-only scan
// on a vacuumed table), not whole rows. The export walks the same order by keyset instead, so
// exporting 100,000 rows never re-skips.
import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { DashboardDb } from "@/lib/db";
import { catalogueObjects } from "@/lib/db/schema";
import {
  effectiveSort,
  HOLDINGS_COUNT_CAP,
  HOLDINGS_PAGE_SIZE,
  type HoldingsFacets,
  type HoldingsPage,
  type HoldingsQuery,
  type HoldingsRow,
  type HoldingsSort,
} from "./holdings-query";
import { toTsQuery } from "./text";

const t = catalogueObjects;
type Row = typeof catalogueObjects.$inferSelect;

const tsQuery = (q: string) => sql`to_tsquery('simple', ${q})`;

// The conditions of a query within `tenants`; null when the search words hold nothing searchable.
export function holdingsConditions(tenants: readonly string[], query: HoldingsQuery): SQL[] {
  const conditions: SQL[] = [inArray(t.tenant, tenants.length > 0 ? [...tenants] : [""])];
  if (query.q) {
    const tsq = toTsQuery(query.q);
    // Nothing searchable (only punctuation, only exclusions): no row is what was asked for.
    conditions.push(tsq ? sql`${t.search} @@ ${tsQuery(tsq)}` : sql`false`);
  }
  if (query.profile) conditions.push(eq(t.profile, query.profile));
  if (query.format) conditions.push(sql`${t.formats} @> array[${query.format}]::text[]`);
  if (query.state) conditions.push(eq(t.state, query.state));
  if (query.from) conditions.push(gte(t.createdAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) {
    const next = new Date(`${query.to}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    conditions.push(lt(t.createdAt, next));
  }
  if (query.submitter) conditions.push(eq(t.submittedById, query.submitter));
  return conditions;
}

// The sort key of each sort; every one is non-null, so keyset comparisons hold.
function sortKey(sort: Exclude<HoldingsSort, "relevance">): SQL {
  switch (sort) {
    case "title":
      return sql`${t.sortTitle}`;
    case "date":
      return sql`${t.createdAt}`;
    case "profile":
      // As catalogue_objects_profile_idx has it.
      return sql`coalesce(${t.profileName}, '')`;
    case "size":
      return sql`${t.totalSize}`;
    case "state":
      return sql`${t.state}`;
  }
}

// The order of a sort other than relevance: its index's columns after the tenant.
function orderOf(sort: Exclude<HoldingsSort, "relevance">, dir: "asc" | "desc"): SQL[] {
  const by = dir === "asc" ? asc : desc;
  // Profile and state hold many equal values: the title orders within them.
  const within = sort === "profile" || sort === "state" ? [by(t.sortTitle)] : [];
  return [by(sortKey(sort)), ...within, by(t.poId)];
}

// A row as the browser gets it.
export function toHoldingsRow(row: Row): HoldingsRow {
  return {
    poId: row.poId,
    title: row.title,
    description: row.description,
    profile: row.profile,
    profileName: row.profileName,
    files: row.files,
    formats: row.formats,
    fileCount: row.fileCount,
    totalSize: row.totalSize,
    versionCount: row.versionCount,
    state: row.state,
    createdAt: row.createdAt.toISOString(),
    changedAt: row.changedAt.toISOString(),
    submittedBy: row.submittedByName,
    deletedAt: row.deletedAt?.toISOString() ?? null,
    deletedBy: row.deletedBy,
    deletionReason: row.deletionReason,
  };
}

// What the list shows: no keywords or search vector, which can be large.
const LISTED = {
  tenant: t.tenant,
  poId: t.poId,
  title: t.title,
  description: t.description,
  profile: t.profile,
  profileName: t.profileName,
  files: t.files,
  formats: t.formats,
  fileCount: t.fileCount,
  totalSize: t.totalSize,
  versionCount: t.versionCount,
  state: t.state,
  createdAt: t.createdAt,
  changedAt: t.changedAt,
  submittedByName: t.submittedByName,
  deletedAt: t.deletedAt,
  deletedBy: t.deletedBy,
  deletionReason: t.deletionReason,
  sortTitle: t.sortTitle,
};

type Where = SQL | undefined;

// `limit` rows from `offset` in `order`: the keys first, from the sort's index (an index-only
// scan where the table is vacuumed), then those rows. A deep page skips index entries, not rows:
// read whole, the last of 3,200 pages cost PGlite over half a second (Performance, README).
async function rowsInOrder(
  db: DashboardDb,
  where: Where,
  order: SQL[],
  offset: number,
  limit: number,
): Promise<Row[]> {
  if (limit <= 0) return [];
  const keys = db
    .select({ tenant: t.tenant, key: t.poId })
    .from(t)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset)
    .as("page_keys");
  return (await db
    .select(LISTED)
    .from(t)
    .innerJoin(keys, and(eq(t.tenant, keys.tenant), eq(t.poId, keys.key)))
    .orderBy(...order)) as Row[];
}

// A page sorted by relevance. Every match is ranked: ts_rank reads each one's search document and
// no index orders by it, so this is the dearest list (a word found in a third of 100,000 rows:
// about 100 ms on PGlite, Performance in the README). Ranking only some of the matches was tried
// (the newest 1,000, found through the search index or by walking the date index) and cost about
// as much, for an order a person could not predict.
async function relevanceRows(
  db: DashboardDb,
  where: Where,
  tsq: string,
  dir: "asc" | "desc",
  offset: number,
  limit: number,
): Promise<Row[]> {
  const by = dir === "asc" ? asc : desc;
  const rank = sql`ts_rank(${t.search}, ${tsQuery(tsq)})`;
  const rows = await db
    .select(LISTED)
    .from(t)
    .where(where)
    .orderBy(by(rank), asc(t.sortTitle), asc(t.poId))
    .limit(limit)
    .offset(offset);
  return rows as Row[];
}

// One page of the holdings within `tenants`, with the number of rows the filters match: exact up
// to `countCap` rows, or to the end of this page when that is further; beyond, a lower bound.
export async function listHoldings(
  db: DashboardDb,
  tenants: readonly string[],
  query: HoldingsQuery,
  pageSize = HOLDINGS_PAGE_SIZE,
  countCap = HOLDINGS_COUNT_CAP,
): Promise<HoldingsPage> {
  const where = and(...holdingsConditions(tenants, query));
  const offset = (query.page - 1) * pageSize;
  const counted = Math.max(countCap, offset + pageSize);
  const matching = db
    .select({ one: sql`1` })
    .from(t)
    .where(where)
    .limit(counted + 1)
    .as("matching");
  const { sort, dir } = effectiveSort(query);
  const tsq = sort === "relevance" ? toTsQuery(query.q ?? "") : null;
  const [rows, [n]] = await Promise.all([
    sort !== "relevance"
      ? rowsInOrder(db, where, orderOf(sort, dir), offset, pageSize)
      : tsq
        ? relevanceRows(db, where, tsq, dir, offset, pageSize)
        : Promise.resolve([]),
    db.select({ n: count() }).from(matching),
  ]);
  const total = Number(n?.n ?? 0);
  return {
    rows: rows.map(toHoldingsRow),
    total: Math.min(total, counted),
    more: total > counted,
    page: query.page,
    pageSize,
  };
}

// The values the filters offer, from the rows of `tenants`.
export async function holdingsFacets(
  db: DashboardDb,
  tenants: readonly string[],
): Promise<HoldingsFacets> {
  const scope = inArray(t.tenant, tenants.length > 0 ? [...tenants] : [""]);
  const [profiles, formats, submitters] = await Promise.all([
    db
      .selectDistinct({ id: t.profile, name: t.profileName })
      .from(t)
      .where(and(scope, sql`${t.profile} is not null`))
      .orderBy(t.profileName),
    db.execute<{ format: string }>(
      sql`select distinct unnest(${t.formats}) as format from ${t} where ${scope} order by 1 limit 500`,
    ),
    db
      .selectDistinct({ id: t.submittedById, name: t.submittedByName })
      .from(t)
      .where(and(scope, sql`${t.submittedById} is not null`))
      .orderBy(t.submittedByName),
  ]);
  // postgres-js answers a list of rows, PGlite an object holding them.
  const raw = formats as unknown;
  const formatRows = (Array.isArray(raw) ? raw : (raw as { rows: unknown[] }).rows) as {
    format: string;
  }[];
  // One entry per submitter: rows the sync took from the archive's trace name a person by their
  // id only, so a name the dashboard recorded wins.
  const named = new Map<string, { id: string; name: string }>();
  for (const s of submitters) {
    const held = named.get(s.id!);
    if (!held || held.name === held.id) named.set(s.id!, { id: s.id!, name: s.name ?? s.id! });
  }
  return {
    profiles: profiles.map((p) => ({ id: p.id!, name: p.name ?? p.id! })),
    formats: formatRows.map((r) => r.format),
    submitters: [...named.values()],
  };
}

const EXPORT_BATCH = 500;

// Every row the query matches, in batches along the list's order (by title when it is by
// relevance, which has no stable key), so memory stays flat however many rows there are.
export async function* holdingsBatches(
  db: DashboardDb,
  tenants: readonly string[],
  query: HoldingsQuery,
): AsyncGenerator<HoldingsRow[]> {
  const chosen = effectiveSort(query);
  const sort = chosen.sort === "relevance" ? "title" : chosen.sort;
  const dir = chosen.sort === "relevance" ? "asc" : chosen.dir;
  const key = sortKey(sort);
  const base = holdingsConditions(tenants, query);
  const by = dir === "asc" ? asc : desc;
  const within = sort === "profile" || sort === "state";
  let after: Row | null = null;
  for (;;) {
    const conditions = [...base];
    if (after) conditions.push(keysetAfter(sort, dir, after));
    const rows = (await db
      .select(LISTED)
      .from(t)
      .where(and(...conditions))
      .orderBy(by(key), ...(within ? [by(t.sortTitle)] : []), by(t.poId))
      .limit(EXPORT_BATCH)) as Row[];
    if (rows.length === 0) return;
    yield rows.map(toHoldingsRow);
    if (rows.length < EXPORT_BATCH) return;
    after = rows.at(-1)!;
  }
}

// Rows after `row` in the export order: (key[, title], id) compared as one tuple.
function keysetAfter(sort: Exclude<HoldingsSort, "relevance">, dir: "asc" | "desc", row: Row): SQL {
  const op = sql.raw(dir === "asc" ? ">" : "<");
  const value: Record<typeof sort, unknown> = {
    title: row.sortTitle,
    date: row.createdAt,
    profile: row.profileName ?? "",
    size: row.totalSize,
    state: row.state,
  };
  if (sort === "profile" || sort === "state") {
    return sql`(${sortKey(sort)}, ${t.sortTitle}, ${t.poId}) ${op} (${value[sort]}, ${row.sortTitle}, ${row.poId})`;
  }
  return sql`(${sortKey(sort)}, ${t.poId}) ${op} (${value[sort]}, ${row.poId})`;
}
