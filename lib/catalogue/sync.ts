import "server-only";
// The sync: what the archive keeps that the catalogue does not know (archived by other systems,
// or while the dashboard was down), and what the catalogue holds that the archive no longer has.
//
// ETSI Search has no paging, so a tenant is walked by poId prefix (the embedded archive narrows
// `id=<prefix>*` in SQL). A prefix answering more than `pageSize` ids is split by the next
// character of the ids it answered, so every page stays small whatever the ids look like (UUIDs,
// names, numbers); the archive lists each object once per level of the split, O(n log n) in all.
// Ids the catalogue does not know are read with RetrievePO (and RetrieveTrace, for when and by
// whom the object came and its versions), `concurrency` at a time; rows of the prefix the archive
// did not list are read too, and an unknownPOID marks them deleted: the archive wins. Rows read
// longer ago than `refreshAfterMs` are read again, the oldest first and at most `refreshPerRun` a
// run, so a version or a title added elsewhere reaches the catalogue within days without a run
// re-reading everything. The rows and the cursor of each prefix are written in one transaction
// (sync-cursor.ts).
import { and, asc, eq, inArray, isNotNull, lt, ne, sql } from "drizzle-orm";
import type { DashboardDb } from "@/lib/db";
import { catalogueObjects, deletionRequests } from "@/lib/db/schema";
import type { CatalogueFacts } from "./merge";
import { mergeInto } from "./store";
import { advance, beginRun, endRun, type LastRun, type StepCounts } from "./sync-cursor";

// The archive as the sync reads it, for one tenant.
export interface SyncArchive {
  // The poIds a Search filter answers.
  search(filter: string): Promise<string[]>;
  // The facts RetrievePO (with RetrieveTrace, where answered) gives for an object; state
  // "deleted" (factsOfGone) when the archive answers unknownPOID.
  retrieve(poId: string): Promise<CatalogueFacts>;
}

export interface SyncOptions {
  db: DashboardDb;
  tenant: string;
  archive: SyncArchive;
  pageSize?: number;
  concurrency?: number;
  // Called after each prefix is written (progress lines, tests).
  onStep?: (step: { prefix: string; pending: number; counts: StepCounts }) => void;
  signal?: AbortSignal;
  // Rows whose full facts are older than this are read again (default SYNC_REFRESH_AFTER_MS).
  refreshAfterMs?: number;
  // At most this many of them a run (default SYNC_REFRESH_PER_RUN).
  refreshPerRun?: number;
}

export const SYNC_PAGE_SIZE = 500;
export const SYNC_CONCURRENCY = 4;
export const SYNC_REFRESH_AFTER_MS = 7 * 86_400_000;
export const SYNC_REFRESH_PER_RUN = 500;
const MAX_ID_LENGTH = 255;

// `id="<prefix>*"`: quoted, so a prefix may hold spaces; `"` and `\` escaped for the filter parser.
export const prefixFilter = (prefix: string) => `id="${prefix.replace(/["\\]/g, "\\$&")}*"`;

// LIKE pattern matching the ids that start with `prefix`, any case (as the archive matches).
const likePrefix = (prefix: string) => `${prefix.replace(/[\\%_]/g, "\\$&")}%`;

// Runs `work` over `items`, at most `limit` at a time.
async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
  };
  await Promise.all(Array.from({ length: Math.min(limit, queue.length) }, worker));
}

// How a listed prefix divides: the ids that are the prefix itself (a page of their own), and the
// distinct next characters of the rest, as the sub-prefixes to walk (sorted, so runs are alike).
// `held` are the catalogue's ids under the prefix: a sub-prefix only they have must be walked too,
// or rows of objects deleted elsewhere would never be corrected.
export function splitPrefix(prefix: string, ids: readonly string[], held: readonly string[] = []) {
  const exact = ids.filter((id) => id.toLowerCase() === prefix);
  const next = new Set<string>();
  for (const id of [...ids, ...held]) {
    const lower = id.toLowerCase();
    if (lower.length > prefix.length) next.add(prefix + [...lower.slice(prefix.length)][0]);
  }
  return { exact, children: [...next].sort() };
}

// The catalogue's live rows under `prefix`, cut to one character past it (what splitPrefix needs).
async function heldNextCharacters(db: DashboardDb, tenant: string, prefix: string) {
  const t = catalogueObjects;
  const cut = sql<string>`lower(substr(${t.poId}, 1, ${[...prefix].length + 1}))`;
  const rows = await db
    .selectDistinct({ id: cut })
    .from(t)
    .where(
      and(
        eq(t.tenant, tenant),
        sql`lower(${t.poId}) like ${likePrefix(prefix)}`,
        inArray(t.state, ["ingested", "deletion-requested"]),
      ),
    );
  return rows.map((r) => r.id);
}

// The rows of the tenant read longest ago, past the refresh age: this run reads them again.
async function staleRows(options: SyncOptions): Promise<Set<string>> {
  const limit = options.refreshPerRun ?? SYNC_REFRESH_PER_RUN;
  if (limit <= 0) return new Set();
  const t = catalogueObjects;
  const before = new Date(Date.now() - (options.refreshAfterMs ?? SYNC_REFRESH_AFTER_MS));
  const rows = await options.db
    .select({ poId: t.poId })
    .from(t)
    .where(and(eq(t.tenant, options.tenant), lt(t.detailsAt, before), ne(t.state, "deleted")))
    .orderBy(asc(t.detailsAt))
    .limit(limit);
  return new Set(rows.map((r) => r.poId));
}

// Of `ids` (rows showing a deletion request), those whose request no longer waits: withdrawn or
// rejected before the catalogue learnt it. Approved requests are being carried out.
async function requestsEnded(db: DashboardDb, tenant: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const r = deletionRequests;
  const waiting = await db
    .selectDistinct({ poId: r.poId })
    .from(r)
    .where(
      and(
        eq(r.tenant, tenant),
        inArray(r.poId, [...ids]),
        inArray(r.status, ["pending", "approved"]),
      ),
    );
  const still = new Set(waiting.map((w) => w.poId));
  return ids.filter((id) => !still.has(id));
}

// Walks one page of ids under `prefix` (exact: only the id equal to it): reads what the catalogue
// lacks, what the archive no longer lists and the `stale` rows it lists, then writes the rows and
// the cursor together.
async function syncPage(
  options: SyncOptions,
  prefix: string,
  exact: boolean,
  ids: readonly string[],
  pending: string[],
  stale: ReadonlySet<string>,
): Promise<StepCounts> {
  const { db, tenant, archive } = options;
  const t = catalogueObjects;
  const under = exact
    ? sql`lower(${t.poId}) = ${prefix}`
    : sql`lower(${t.poId}) like ${likePrefix(prefix)}`;
  const known = await db
    .select({ poId: t.poId, state: t.state, detailsAt: t.detailsAt })
    .from(t)
    .where(and(eq(t.tenant, tenant), under));
  const byId = new Map(known.map((r) => [r.poId, r]));
  const listed = new Set(ids);
  // Unknown, never read in full, or believed deleted while the archive lists it.
  const toRead = ids.filter((id) => {
    const row = byId.get(id);
    return !row || row.detailsAt === null || row.state === "deleted";
  });
  // Read long ago: a version or a title may have been added elsewhere since.
  const refresh = ids.filter((id) => stale.has(id) && !toRead.includes(id));
  // Rows the archive should list and did not: deleted elsewhere, unless RetrievePO says otherwise.
  const missing = known
    .filter(
      (r) => !listed.has(r.poId) && (r.state === "ingested" || r.state === "deletion-requested"),
    )
    .map((r) => r.poId);
  const reading = new Set([...toRead, ...refresh, ...missing]);
  const confirmed = ids.filter((id) => !reading.has(id) && byId.has(id));
  const ended = await requestsEnded(
    db,
    tenant,
    known.filter((r) => r.state === "deletion-requested").map((r) => r.poId),
  );

  const facts: CatalogueFacts[] = ended.map((poId) => ({ tenant, poId, deletionRequest: null }));
  const counts: StepCounts = {
    listed: ids.length,
    retrieved: 0,
    corrected: ended.length,
    failed: 0,
  };
  await inParallel([...reading], options.concurrency ?? SYNC_CONCURRENCY, async (id) => {
    if (options.signal?.aborted) return;
    try {
      const found = await archive.retrieve(id);
      facts.push({ ...found, tenant, poId: id });
      if (found.state !== "deleted") counts.retrieved++;
      else if (byId.get(id)?.state !== "deleted") counts.corrected++;
    } catch (error) {
      // Left as it is; the next run reads it again.
      counts.failed++;
      console.error(`catalogue sync: could not read ${id} in ${tenant}`, error);
    }
  });
  options.signal?.throwIfAborted();

  const now = new Date();
  await db.transaction(async (tx) => {
    await mergeInto(tx, facts, { now });
    if (confirmed.length > 0) {
      await tx
        .update(t)
        .set({ checkedAt: now })
        .where(and(eq(t.tenant, tenant), inArray(t.poId, confirmed), isNotNull(t.detailsAt)));
    }
    await advance(tx, tenant, pending, counts, now);
  });
  return counts;
}

// One run over `tenant`, resuming the last one if it did not finish. Throws when the archive fails
// a Search (the run stays resumable); returns the finished run's summary.
export async function syncTenant(options: SyncOptions): Promise<LastRun> {
  const { db, tenant, archive } = options;
  const pageSize = options.pageSize ?? SYNC_PAGE_SIZE;
  const { cursor } = await beginRun(db, tenant);
  const pending = [...cursor.pending];
  const stale = await staleRows(options);
  try {
    while (pending.length > 0) {
      options.signal?.throwIfAborted();
      const prefix = pending.at(-1)!;
      const ids = await archive.search(prefixFilter(prefix));
      const rest = pending.slice(0, -1);
      let counts: StepCounts;
      if (ids.length > pageSize && prefix.length < MAX_ID_LENGTH) {
        const { exact, children } = splitPrefix(
          prefix,
          ids,
          await heldNextCharacters(db, tenant, prefix),
        );
        // Depth first: the first child is walked next (the stack's last element).
        const next = [...rest, ...children.reverse()];
        counts = await syncPage(options, prefix, true, exact, next, stale);
        // The children list these ids again; count each object once.
        pending.splice(0, pending.length, ...next);
      } else {
        counts = await syncPage(options, prefix, false, ids, rest, stale);
        pending.pop();
      }
      options.onStep?.({ prefix, pending: pending.length, counts });
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await endRun(db, tenant, "stopped", message).catch(() => {});
    throw error;
  }
  return (await endRun(db, tenant, "finished", null))!;
}
