import "server-only";
// Where the sync of each tenant got to, in the dashboard database. A run pops one id prefix at a
// time; the rows of that prefix and the cursor (the prefixes left, the counts) are written in one
// transaction, so a run killed at any moment resumes at the first prefix whose rows are not in.
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { DashboardDb } from "@/lib/db";
import { catalogueSync } from "@/lib/db/schema";
import type { TenantSyncStatus } from "./sync-status";

export type SyncCursor = typeof catalogueSync.$inferSelect;
type Tx = Parameters<Parameters<DashboardDb["transaction"]>[0]>[0];

import type { LastRun, StepCounts } from "./sync-cursor-types";

export type { LastRun, StepCounts } from "./sync-cursor-types";

// Starts a run of `tenant`, or resumes the one a dead process left "running" (same prefixes,
// same counts). Returns the cursor as it now stands.
export async function beginRun(db: DashboardDb, tenant: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(catalogueSync)
      .where(eq(catalogueSync.tenant, tenant))
      .for("update");
    if (row?.status === "running" && row.pending.length > 0) {
      const [resumed] = await tx
        .update(catalogueSync)
        .set({ updatedAt: now, lastError: null })
        .where(eq(catalogueSync.tenant, tenant))
        .returning();
      return { cursor: resumed!, resumed: true };
    }
    const fresh = {
      status: "running" as const,
      runId: randomUUID(),
      startedAt: now,
      updatedAt: now,
      // "" is every id: the walk splits it by the ids' next characters when it is too large.
      pending: [""],
      prefixesDone: 0,
      listed: 0,
      retrieved: 0,
      corrected: 0,
      failed: 0,
      lastError: null,
    };
    const [started] = await tx
      .insert(catalogueSync)
      .values({ tenant, ...fresh })
      .onConflictDoUpdate({ target: catalogueSync.tenant, set: fresh })
      .returning();
    return { cursor: started!, resumed: false };
  });
}

// Moves the cursor past `prefix` (inside the transaction that wrote its rows): its sub-prefixes,
// when it was split, become the next ones to walk.
export async function advance(
  tx: Tx,
  tenant: string,
  pending: string[],
  counts: StepCounts,
  now = new Date(),
) {
  await tx
    .update(catalogueSync)
    .set({
      pending,
      updatedAt: now,
      prefixesDone: sql`${catalogueSync.prefixesDone} + 1`,
      listed: sql`${catalogueSync.listed} + ${counts.listed}`,
      retrieved: sql`${catalogueSync.retrieved} + ${counts.retrieved}`,
      corrected: sql`${catalogueSync.corrected} + ${counts.corrected}`,
      failed: sql`${catalogueSync.failed} + ${counts.failed}`,
    })
    .where(eq(catalogueSync.tenant, tenant));
}

// Ends a run: with every prefix walked ("finished"), or stopped by an error that the next run
// resumes after (the prefixes left stay, the status stays "running").
export async function endRun(
  db: DashboardDb,
  tenant: string,
  outcome: LastRun["outcome"],
  message: string | null,
  now = new Date(),
): Promise<LastRun | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(catalogueSync)
      .where(eq(catalogueSync.tenant, tenant))
      .for("update");
    if (!row) return null;
    const lastRun: LastRun = {
      startedAt: (row.startedAt ?? now).toISOString(),
      finishedAt: now.toISOString(),
      outcome,
      message,
      listed: row.listed,
      retrieved: row.retrieved,
      corrected: row.corrected,
      failed: row.failed,
    };
    await tx
      .update(catalogueSync)
      .set(
        outcome === "finished"
          ? { status: "idle", pending: [], updatedAt: now, lastError: null, lastRun }
          : { updatedAt: now, lastError: message, lastRun },
      )
      .where(eq(catalogueSync.tenant, tenant));
    return lastRun;
  });
}

// Every tenant's cursor, for the admin page.
export async function syncCursors(db: DashboardDb): Promise<SyncCursor[]> {
  return db.select().from(catalogueSync).orderBy(catalogueSync.tenant);
}

// A cursor as the admin page shows it.
export function statusOf(cursor: SyncCursor): TenantSyncStatus {
  return {
    tenant: cursor.tenant,
    status: cursor.status,
    startedAt: cursor.startedAt?.toISOString() ?? null,
    updatedAt: cursor.updatedAt.toISOString(),
    prefixesDone: cursor.prefixesDone,
    prefixesLeft: cursor.pending.length,
    listed: cursor.listed,
    retrieved: cursor.retrieved,
    corrected: cursor.corrected,
    failed: cursor.failed,
    lastError: cursor.lastError,
    lastRun: (cursor.lastRun as LastRun | null) ?? null,
  };
}
