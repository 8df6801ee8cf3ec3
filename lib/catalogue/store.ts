import "server-only";
// Writing and reading catalogue rows. Every write goes through recordFacts: it reads the rows it
// touches (locked), merges what is new (merge.ts), and writes them back with their search vector,
// in one transaction, or in the caller's (the sync writes its cursor in the same one).
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DashboardDb } from "@/lib/db";
import { catalogueObjects } from "@/lib/db/schema";
import { findUnstorableText } from "@scriptorium/contract/storable-text";
import type { ObjectLabel } from "./labels";
import { mergeFacts, type CatalogueFacts, type CatalogueRowValues } from "./merge";
import { fold } from "./text";

export type CatalogueRow = typeof catalogueObjects.$inferSelect;

// The search document: title, description and keywords weighted A, B, C, all folded alike.
export function searchVector(row: CatalogueRowValues) {
  return sql`setweight(to_tsvector('simple', ${fold(row.title ?? "")}), 'A') || setweight(to_tsvector('simple', ${fold(row.description ?? "")}), 'B') || setweight(to_tsvector('simple', ${row.keywords}), 'C')`;
}

const COLUMNS = [
  "title",
  "description",
  "profile",
  "profileName",
  "files",
  "formats",
  "fileCount",
  "totalSize",
  "versionCount",
  "state",
  "lastSubmission",
  "createdAt",
  "changedAt",
  "submittedById",
  "submittedByName",
  "deletedAt",
  "deletedBy",
  "deletionReason",
  "evidenceKept",
  "deletionRequestedAt",
  "deletionRequestedBy",
  "stateBeforeRequest",
  "sortTitle",
  "keywords",
  "detailsAt",
  "checkedAt",
] as const satisfies readonly (keyof CatalogueRowValues & keyof CatalogueRow)[];

// A column's name in SQL, for `excluded.<name>`.
const sqlName = (key: (typeof COLUMNS)[number] | "search") =>
  key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

// Strings from the archive or a request may hold text no database stores (U+0000): such facts
// are dropped rather than failing the write of the others.
function storable(facts: CatalogueFacts): boolean {
  return findUnstorableText(facts) === undefined;
}

type Writer = Pick<DashboardDb, "select" | "insert">;

type Rows = Map<string, CatalogueRowValues>;
const keyOf = (tenant: string, poId: string) => `${tenant}\u0000${poId}`;

// The rows the catalogue holds of `facts`' objects, locked until the transaction ends.
async function lockedRows(
  tx: Writer,
  facts: readonly { tenant: string; poId: string }[],
): Promise<Rows> {
  const tenants = [...new Set(facts.map((f) => f.tenant))];
  const current: Rows = new Map();
  for (const tenant of tenants) {
    const ids = facts.filter((f) => f.tenant === tenant).map((f) => f.poId);
    const rows = await tx
      .select()
      .from(catalogueObjects)
      .where(and(eq(catalogueObjects.tenant, tenant), inArray(catalogueObjects.poId, ids)))
      .for("update");
    for (const row of rows) current.set(keyOf(row.tenant, row.poId), row);
  }
  return current;
}

// Merges `facts` into `current` (the rows as read) and writes the result.
async function writeMerged(
  tx: Writer,
  current: Rows,
  facts: readonly CatalogueFacts[],
  options: { onlyExisting?: boolean; now?: Date },
): Promise<CatalogueRowValues[]> {
  const now = options.now ?? new Date();
  const merged: Rows = new Map();
  for (const f of facts) {
    const key = keyOf(f.tenant, f.poId);
    const before = merged.get(key) ?? current.get(key) ?? null;
    if (!before && options.onlyExisting) continue;
    merged.set(key, mergeFacts(before, f, now));
  }
  const rows = [...merged.values()];
  if (rows.length === 0) return [];
  const set = Object.fromEntries([
    ...COLUMNS.map((c) => [c, sql.raw(`excluded.${sqlName(c)}`)]),
    ["search", sql.raw("excluded.search")],
    ["updatedAt", now],
  ]);
  await tx
    .insert(catalogueObjects)
    .values(rows.map((row) => ({ ...row, search: searchVector(row), updatedAt: now })))
    .onConflictDoUpdate({ target: [catalogueObjects.tenant, catalogueObjects.poId], set });
  return rows;
}

// Merges `facts` into their rows within the caller's transaction (or none). `onlyExisting`: facts
// about objects the catalogue does not hold are ignored (an unknown id in a failed read says
// nothing about this catalogue). Returns the rows as written.
export async function mergeInto(
  tx: Writer,
  list: readonly CatalogueFacts[],
  options: { onlyExisting?: boolean; now?: Date } = {},
): Promise<CatalogueRowValues[]> {
  const facts = list.filter(storable);
  if (facts.length === 0) return [];
  return writeMerged(tx, await lockedRows(tx, facts), facts, options);
}

// Merges `facts` into the catalogue in a transaction of its own.
export async function recordFacts(
  db: DashboardDb,
  facts: readonly CatalogueFacts[],
  options: { onlyExisting?: boolean } = {},
): Promise<CatalogueRowValues[]> {
  if (facts.length === 0) return [];
  return db.transaction((tx) => mergeInto(tx, facts, options));
}

// Merges the facts of objects of one tenant that depend on whether the catalogue holds them already
// (a new package's files are all it has), in a transaction of its own: their rows are read once,
// locked, both to decide and to merge into. An object named twice is merged once per naming, in
// turn (one statement may not write a row twice).
export async function recordFactsOf(
  db: DashboardDb,
  tenant: string,
  objects: readonly { poId: string; factsOf: (held: boolean) => CatalogueFacts }[],
): Promise<CatalogueRowValues[]> {
  const wanted = objects.filter(({ poId }) => !findUnstorableText({ tenant, poId }));
  if (wanted.length === 0) return [];
  if (new Set(wanted.map((o) => o.poId)).size < wanted.length) {
    const written: CatalogueRowValues[] = [];
    for (const object of wanted) written.push(...(await recordFactsOf(db, tenant, [object])));
    return written;
  }
  return db.transaction(async (tx) => {
    const current = await lockedRows(
      tx,
      wanted.map(({ poId }) => ({ tenant, poId })),
    );
    const facts = wanted
      .map(({ poId, factsOf }) => factsOf(current.has(keyOf(tenant, poId))))
      .filter(storable);
    return facts.length > 0 ? writeMerged(tx, current, facts, {}) : [];
  });
}

// One row, or null.
export async function findObject(
  db: DashboardDb,
  tenant: string,
  poId: string,
): Promise<CatalogueRow | null> {
  if (findUnstorableText(poId)) return null;
  const [row] = await db
    .select()
    .from(catalogueObjects)
    .where(and(eq(catalogueObjects.tenant, tenant), eq(catalogueObjects.poId, poId)));
  return row ?? null;
}

export type { ObjectLabel } from "./labels";

// Title and state of each of `ids` the catalogue holds in `tenant` (for lists that show ids).
export async function labelsOf(
  db: DashboardDb,
  tenant: string,
  ids: readonly string[],
): Promise<Map<string, ObjectLabel>> {
  const wanted = [...new Set(ids)].filter((id) => !findUnstorableText(id)).slice(0, 1_000);
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({
      poId: catalogueObjects.poId,
      title: catalogueObjects.title,
      state: catalogueObjects.state,
    })
    .from(catalogueObjects)
    .where(and(eq(catalogueObjects.tenant, tenant), inArray(catalogueObjects.poId, wanted)));
  return new Map(rows.map((r) => [r.poId, { title: r.title, state: r.state }]));
}
