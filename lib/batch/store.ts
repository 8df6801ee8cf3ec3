import "server-only";
// The batches table and its items over the dashboard database. An item is claimed before its
// ingest is sent and marked sent with the archive's answer, so a package sent again (a reload, a
// retry after a lost answer) gets the first answer instead of becoming a second SIP.
import { SIP_TERMINAL_STATUSES } from "@scriptorium/contract/ingest/schemas";
import {
  and,
  asc,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lt,
  notInArray,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import type { DashboardDb } from "@/lib/db";
import { batches, batchItems, catalogueObjects, submissions } from "@/lib/db/schema";
import type { BatchItemStatus, BatchStatus, BatchSummary, CreateBatchRequest } from "./api-schemas";

export interface BatchOwner {
  tenant: string;
  user: { id: string; name: string };
}

export type Claim =
  | { kind: "claimed" }
  | { kind: "sent"; packageId: string; submissionName: string | null }
  | { kind: "busy" }
  | { kind: "cancelled" }
  | { kind: "unknown" };

// A claim older than this is taken to be a request that died with its server: the upstream
// timeout is at most 10 minutes (lib/env.ts).
const CLAIM_EXPIRES_MS = 11 * 60_000;

const INSERT_CHUNK = 1000;
// Ids asked about per query: an IN list of this many stays well inside PostgreSQL's limits.
const LOOKUP_CHUNK = 1000;

// Batch packages that hold their id: being sent, or sent (a queued one will be).
const HOLDING_STATES = ["queued", "sending", "sent"] as const;

const itemColumns = {
  key: batchItems.itemKey,
  title: batchItems.title,
  packageId: batchItems.packageId,
  submissionName: batchItems.submissionName,
  state: batchItems.state,
  message: batchItems.message,
  status: submissions.lastStatus,
};

const itemStatus = (row: {
  [K in keyof typeof itemColumns]: BatchItemStatus[K];
}): BatchItemStatus => ({ ...row, status: row.status ?? null });

// An item's SIP in the journal.
const journalRowOf = (tenant: string) =>
  and(
    eq(submissions.tenant, tenant),
    eq(submissions.packageId, batchItems.packageId),
    eq(submissions.submissionName, batchItems.submissionName),
  );

// Whether `table`'s row was written by a transaction that had not ended when the cursor `since`
// (a snapshot's xmin, a 64-bit transaction id) was taken. A row's xmin holds the low 32 bits of
// its writer's id, compared the way PostgreSQL compares them, modulo 2^32; a row the left join
// did not find (xmin null) counts as unchanged.
function writtenSince(table: typeof batchItems | typeof submissions, since: string): SQL {
  return sql`((${table}.xmin::text::bigint - ${since}::bigint % 4294967296 + 4294967296) % 4294967296) < 2147483648`;
}

// A batch's items that also meet `where`, in key order, each with its SIP's journal status.
async function itemsOf(
  database: DashboardDb,
  tenant: string,
  batchId: string,
  where: SQL | undefined,
): Promise<BatchItemStatus[]> {
  const rows = await database
    .select(itemColumns)
    .from(batchItems)
    .leftJoin(submissions, journalRowOf(tenant))
    .where(and(eq(batchItems.batchId, batchId), where))
    .orderBy(asc(batchItems.itemKey));
  return rows.map(itemStatus);
}

export function createBatchStore(db: () => Promise<DashboardDb>) {
  // claim() for several items of one batch: one statement takes those that can be taken, and
  // one read says why of the others.
  async function claimMany(
    tenant: string,
    batchId: string,
    keys: readonly string[],
  ): Promise<Map<string, Claim>> {
    const database = await db();
    const now = new Date();
    const stale = new Date(now.getTime() - CLAIM_EXPIRES_MS);
    const claims = new Map<string, Claim>();
    const claimed = await database
      .update(batchItems)
      .set({ state: "sending", claimedAt: now, updatedAt: now, message: null })
      .from(batches)
      .where(
        and(
          eq(batches.id, batchItems.batchId),
          eq(batches.id, batchId),
          eq(batches.tenant, tenant),
          isNull(batches.cancelledAt),
          eq(batchItems.batchId, batchId),
          inArray(batchItems.itemKey, [...keys]),
          or(
            inArray(batchItems.state, ["queued", "failed"]),
            and(eq(batchItems.state, "sending"), lt(batchItems.claimedAt, stale)),
          ),
        ),
      )
      .returning({ key: batchItems.itemKey });
    for (const { key } of claimed) claims.set(key, { kind: "claimed" });
    const others = keys.filter((key) => !claims.has(key));
    if (others.length === 0) return claims;
    const found = await database
      .select({
        cancelledAt: batches.cancelledAt,
        key: batchItems.itemKey,
        state: batchItems.state,
        packageId: batchItems.packageId,
        submissionName: batchItems.submissionName,
      })
      .from(batches)
      .leftJoin(
        batchItems,
        and(eq(batchItems.batchId, batches.id), inArray(batchItems.itemKey, others)),
      )
      .where(and(eq(batches.id, batchId), eq(batches.tenant, tenant)));
    if (found.length === 0) return claims;
    const cancelled = found[0]!.cancelledAt !== null;
    const rows = new Map(found.flatMap((row) => (row.key === null ? [] : [[row.key, row]])));
    for (const key of others) {
      const row = rows.get(key);
      if (cancelled) claims.set(key, { kind: "cancelled" });
      else if (!row?.state) continue;
      else if (row.state === "sent" && row.packageId) {
        claims.set(key, {
          kind: "sent",
          packageId: row.packageId,
          submissionName: row.submissionName,
        });
      } else if (row.state === "cancelled") claims.set(key, { kind: "cancelled" });
      else claims.set(key, { kind: "busy" });
    }
    return claims;
  }

  return {
    async create(owner: BatchOwner, request: CreateBatchRequest): Promise<string> {
      const database = await db();
      return database.transaction(async (tx) => {
        const [row] = await tx
          .insert(batches)
          .values({
            tenant: owner.tenant,
            userId: owner.user.id,
            userName: owner.user.name,
            name: request.name,
            profile: request.profile,
            total: request.items.length,
          })
          .returning({ id: batches.id });
        const id = row!.id;
        for (let i = 0; i < request.items.length; i += INSERT_CHUNK) {
          await tx.insert(batchItems).values(
            request.items.slice(i, i + INSERT_CHUNK).map((item) => ({
              batchId: id,
              itemKey: item.key,
              title: item.title ?? null,
              packageId: item.packageId ?? null,
            })),
          );
        }
        return id;
      });
    },

    // The batches of a tenant, newest first.
    async list(tenant: string, limit = 50): Promise<BatchSummary[]> {
      const database = await db();
      const rows = await database
        .select()
        .from(batches)
        .where(eq(batches.tenant, tenant))
        .orderBy(desc(batches.createdAt))
        .limit(limit);
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        profile: r.profile,
        total: r.total,
        createdAt: r.createdAt.toISOString(),
      }));
    },

    // Which of `ids` the tenant already has: a package in the holdings catalogue (deleted ones
    // too, whose ids the archive never gives again), a submission in the journal, or a package of
    // a batch not cancelled. Sending one of them would add a version to that package.
    async takenPackageIds(tenant: string, ids: readonly string[]): Promise<string[]> {
      const database = await db();
      const taken = new Set<string>();
      const wanted = [...new Set(ids)];
      for (let i = 0; i < wanted.length; i += LOOKUP_CHUNK) {
        const chunk = wanted.slice(i, i + LOOKUP_CHUNK);
        const [held, journal, queued] = await Promise.all([
          database
            .select({ id: catalogueObjects.poId })
            .from(catalogueObjects)
            .where(and(eq(catalogueObjects.tenant, tenant), inArray(catalogueObjects.poId, chunk))),
          database
            .selectDistinct({ id: submissions.packageId })
            .from(submissions)
            .where(and(eq(submissions.tenant, tenant), inArray(submissions.packageId, chunk))),
          database
            .selectDistinct({ id: batchItems.packageId })
            .from(batchItems)
            .innerJoin(batches, eq(batches.id, batchItems.batchId))
            .where(
              and(
                eq(batches.tenant, tenant),
                inArray(batchItems.packageId, chunk),
                inArray(batchItems.state, HOLDING_STATES),
              ),
            ),
        ]);
        for (const row of [...held, ...journal, ...queued]) if (row.id) taken.add(row.id);
      }
      return [...taken].sort();
    },

    // Takes an item for sending, unless it is sent, being sent, cancelled, or not in this tenant's
    // batch: one statement when it can be taken (the usual case), a read to say why when not.
    async claim(tenant: string, batchId: string, key: string): Promise<Claim> {
      return (await claimMany(tenant, batchId, [key])).get(key) ?? { kind: "unknown" };
    },

    claimMany,

    // Gives back items claimed and then not sent (a group that stopped early): free to be sent.
    async release(batchId: string, keys: readonly string[]) {
      if (keys.length === 0) return;
      const database = await db();
      await database
        .update(batchItems)
        .set({ state: "queued", claimedAt: null, updatedAt: new Date() })
        .where(
          and(
            eq(batchItems.batchId, batchId),
            inArray(batchItems.itemKey, [...keys]),
            eq(batchItems.state, "sending"),
          ),
        );
    },

    async sent(batchId: string, key: string, packageId: string, submissionName: string | null) {
      const database = await db();
      await database
        .update(batchItems)
        .set({ state: "sent", packageId, submissionName, updatedAt: new Date(), message: null })
        .where(and(eq(batchItems.batchId, batchId), eq(batchItems.itemKey, key)));
    },

    async failed(batchId: string, key: string, message: string) {
      const database = await db();
      await database
        .update(batchItems)
        .set({ state: "failed", message, updatedAt: new Date() })
        .where(and(eq(batchItems.batchId, batchId), eq(batchItems.itemKey, key)));
    },

    // Stops the batch: items not yet sent are cancelled; a package under way finishes.
    async cancel(tenant: string, batchId: string): Promise<boolean> {
      const database = await db();
      const [row] = await database
        .update(batches)
        .set({ cancelledAt: new Date() })
        .where(
          and(eq(batches.id, batchId), eq(batches.tenant, tenant), isNull(batches.cancelledAt)),
        )
        .returning({ id: batches.id });
      if (!row) return false;
      await database
        .update(batchItems)
        .set({ state: "cancelled", updatedAt: new Date() })
        .where(
          and(eq(batchItems.batchId, batchId), inArray(batchItems.state, ["queued", "failed"])),
        );
      return true;
    },

    // A batch with its items changed since the cursor `since` of an earlier read (every item
    // without one), each with the journal's last known status of its SIP, the cursor for the next
    // read, and its owner (not part of the answer). An item counts as changed when its row or its
    // SIP's journal row was written since.
    async status(
      tenant: string,
      batchId: string,
      since?: string,
    ): Promise<(BatchStatus & { owner: { id: string; name: string } }) | null> {
      const database = await db();
      // The cursor comes from a snapshot taken before the items are read: a write the read
      // misses belongs to a transaction still open then, and the next read includes it.
      const [batch] = await database
        .select({
          row: batches,
          cursor: sql<string>`pg_snapshot_xmin(pg_current_snapshot())::text`,
        })
        .from(batches)
        .where(and(eq(batches.id, batchId), eq(batches.tenant, tenant)));
      if (!batch) return null;
      const rows = await itemsOf(
        database,
        tenant,
        batchId,
        since === undefined
          ? undefined
          : or(writtenSince(batchItems, since), writtenSince(submissions, since)),
      );
      const { row } = batch;
      return {
        id: row.id,
        name: row.name,
        profile: row.profile,
        total: row.total,
        createdAt: row.createdAt.toISOString(),
        cancelledAt: row.cancelledAt?.toISOString() ?? null,
        items: rows,
        cursor: batch.cursor,
        // Who sends its packages: the journal's user of a SIP the status read finds unjournalled.
        owner: { id: row.userId, name: row.userName },
      };
    },

    // The batch's sent items whose SIP has no final status in the journal yet: the ones worth
    // asking the archive about.
    async openItems(tenant: string, batchId: string): Promise<BatchItemStatus[]> {
      return itemsOf(
        await db(),
        tenant,
        batchId,
        and(
          eq(batchItems.state, "sent"),
          isNotNull(batchItems.packageId),
          isNotNull(batchItems.submissionName),
          or(
            isNull(submissions.lastStatus),
            notInArray(submissions.lastStatus, [...SIP_TERMINAL_STATUSES]),
          ),
        ),
      );
    },
  };
}

export type BatchStore = ReturnType<typeof createBatchStore>;
