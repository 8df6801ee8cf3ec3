import "server-only";
// Deletion requests and the four-eyes setting in the dashboard database. Every change of status is
// a conditional UPDATE on the status it leaves, so two admins deciding at once cannot both win.
import { and, desc, eq, inArray, ne } from "drizzle-orm";
import type { DashboardDb } from "@/lib/db";
import { deletionRequests, settings, type DeletionStatus } from "@/lib/db/schema";
import { isUuid } from "@/lib/db/uuid";
import { FOUR_EYES_SETTING, type DeletionMode } from "./rules";

export type DeletionRequestRow = typeof deletionRequests.$inferSelect;

export interface Person {
  id: string;
  name: string;
}

// Whether deletions wait for a second admin; off until an admin turns it on.
export async function readFourEyes(db: DashboardDb): Promise<boolean> {
  const [row] = await db.select().from(settings).where(eq(settings.key, FOUR_EYES_SETTING));
  return row?.value === true;
}

// Sets the row directly, for tests and set-up: the routes go through four-eyes.ts, where
// switching it off needs a second administrator.
export async function writeFourEyes(db: DashboardDb, on: boolean): Promise<void> {
  await db
    .insert(settings)
    .values({ key: FOUR_EYES_SETTING, value: on })
    .onConflictDoUpdate({ target: settings.key, set: { value: on, updatedAt: new Date() } });
}

// A new request: `pending` when it waits for a second admin, else `approved` by the requester.
export async function insertRequest(
  db: DashboardDb,
  input: {
    tenant: string;
    poId: string;
    mode: DeletionMode;
    reason: string;
    crn?: string;
    by: Person;
    fourEyes: boolean;
  },
): Promise<DeletionRequestRow> {
  const now = new Date();
  const [row] = await db
    .insert(deletionRequests)
    .values({
      tenant: input.tenant,
      poId: input.poId,
      mode: input.mode,
      reason: input.reason,
      crn: input.crn ?? null,
      requestedById: input.by.id,
      requestedByName: input.by.name,
      status: input.fourEyes ? "pending" : "approved",
      ...(input.fourEyes
        ? {}
        : {
            decidedById: input.by.id,
            decidedByName: input.by.name,
            decidedAt: now,
            comment: null,
          }),
    })
    .returning();
  return row!;
}

// One request, or undefined (also for an id that is not a UUID, which names no request).
export async function findRequest(
  db: DashboardDb,
  id: string,
): Promise<DeletionRequestRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(deletionRequests).where(eq(deletionRequests.id, id));
  return row;
}

// Requests in the given tenants, newest first; only those with `status` (or of `poId`) when given.
export async function listRequests(
  db: DashboardDb,
  filter: { tenants: readonly string[]; status?: DeletionStatus; poId?: string; limit?: number },
): Promise<DeletionRequestRow[]> {
  if (filter.tenants.length === 0) return [];
  const conditions = [inArray(deletionRequests.tenant, [...filter.tenants])];
  if (filter.status) conditions.push(eq(deletionRequests.status, filter.status));
  if (filter.poId) conditions.push(eq(deletionRequests.poId, filter.poId));
  return db
    .select()
    .from(deletionRequests)
    .where(and(...conditions))
    .orderBy(desc(deletionRequests.requestedAt))
    .limit(Math.min(filter.limit ?? 50, 200));
}

// pending -> approved or rejected, by someone; undefined when the request is no longer pending
// (or, for an approval, when the decider is the requester).
export async function decideRequest(
  db: DashboardDb,
  id: string,
  decision: { status: "approved" | "rejected"; by: Person; comment: string },
): Promise<DeletionRequestRow | undefined> {
  const conditions = [eq(deletionRequests.id, id), eq(deletionRequests.status, "pending")];
  if (decision.status === "approved")
    conditions.push(ne(deletionRequests.requestedById, decision.by.id));
  const [row] = await db
    .update(deletionRequests)
    .set({
      status: decision.status,
      decidedById: decision.by.id,
      decidedByName: decision.by.name,
      decidedAt: new Date(),
      comment: decision.comment,
    })
    .where(and(...conditions))
    .returning();
  return row;
}

// approved -> done or failed, with what the archive answered.
export async function finishRequest(
  db: DashboardDb,
  id: string,
  status: "done" | "failed",
  outcome: unknown,
): Promise<DeletionRequestRow | undefined> {
  const [row] = await db
    .update(deletionRequests)
    .set({ status, outcome })
    .where(and(eq(deletionRequests.id, id), eq(deletionRequests.status, "approved")))
    .returning();
  return row;
}
