import "server-only";
// The four-eyes setting and the one way to switch it off. Switching it on takes effect at once;
// switching it off is a request that another administrator approves, so one administrator can
// never turn the approval off and then delete alone. The request waits in the settings table
// beside the setting; approving it is one transaction that takes the request away only if it is
// still the one approved and another administrator filed it, then turns the setting off.
import { randomUUID } from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { DashboardDb } from "@/lib/db";
import { settings } from "@/lib/db/schema";
import { FOUR_EYES_OFF_REQUEST, FOUR_EYES_SETTING } from "./rules";
import type { Person } from "./store";

export interface FourEyesOffRequest {
  id: string;
  requestedById: string;
  requestedByName: string;
  requestedAt: string;
}

export interface FourEyesState {
  fourEyes: boolean;
  // A request to switch four-eyes off, waiting for another administrator.
  pendingOff: FourEyesOffRequest | null;
}

function asRequest(value: unknown): FourEyesOffRequest | null {
  if (typeof value !== "object" || value === null) return null;
  const { id, requestedById, requestedByName, requestedAt } = value as Record<string, unknown>;
  if (typeof id !== "string" || typeof requestedById !== "string") return null;
  return {
    id,
    requestedById,
    requestedByName: typeof requestedByName === "string" ? requestedByName : requestedById,
    requestedAt: typeof requestedAt === "string" ? requestedAt : "",
  };
}

type Executor = Pick<DashboardDb, "select" | "insert" | "delete">;

async function writeSetting(db: Executor, key: string, value: unknown): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}

// The setting and any waiting request to switch it off.
export async function readFourEyesState(db: DashboardDb): Promise<FourEyesState> {
  const rows = await db
    .select()
    .from(settings)
    .where(sql`${settings.key} in (${FOUR_EYES_SETTING}, ${FOUR_EYES_OFF_REQUEST})`);
  const value = (key: string) => rows.find((row) => row.key === key)?.value;
  const fourEyes = value(FOUR_EYES_SETTING) === true;
  return { fourEyes, pendingOff: fourEyes ? asRequest(value(FOUR_EYES_OFF_REQUEST)) : null };
}

// Four-eyes on, at once; a waiting request to switch it off is withdrawn with it (returned).
export async function switchFourEyesOn(
  db: DashboardDb,
): Promise<{ state: FourEyesState; withdrawn: FourEyesOffRequest | null }> {
  return db.transaction(async (tx) => {
    await writeSetting(tx, FOUR_EYES_SETTING, true);
    const [dropped] = await tx
      .delete(settings)
      .where(eq(settings.key, FOUR_EYES_OFF_REQUEST))
      .returning();
    return { state: { fourEyes: true, pendingOff: null }, withdrawn: asRequest(dropped?.value) };
  });
}

// Asks for four-eyes off: while it is on, a request another administrator must approve (the
// waiting one, if there is one already); when it is already off, nothing changes.
export async function askFourEyesOff(db: DashboardDb, by: Person): Promise<FourEyesState> {
  const current = await readFourEyesState(db);
  if (!current.fourEyes || current.pendingOff) return current;
  const request: FourEyesOffRequest = {
    id: randomUUID(),
    requestedById: by.id,
    requestedByName: by.name,
    requestedAt: new Date().toISOString(),
  };
  // A request filed meanwhile by someone else stays: the first one waits.
  await db
    .insert(settings)
    .values({ key: FOUR_EYES_OFF_REQUEST, value: request })
    .onConflictDoNothing();
  return readFourEyesState(db);
}

const decidedMeanwhile = () =>
  new ApiError(
    "NOT_FOUND",
    "There is no such request to switch four-eyes approval off: it was decided meanwhile. Reload the page.",
  );

// Why `by` cannot approve request `id` in `state`, or null.
function approvalRefusal(state: FourEyesState, id: string, by: Person): ApiError | null {
  if (!state.pendingOff || state.pendingOff.id !== id) return decidedMeanwhile();
  if (state.pendingOff.requestedById === by.id) {
    return new ApiError(
      "FORBIDDEN",
      "Another administrator must approve switching four-eyes approval off: you asked for it yourself.",
    );
  }
  return null;
}

// Another administrator approves request `id`: four-eyes approval is off from now on.
export async function approveFourEyesOff(
  db: DashboardDb,
  id: string,
  by: Person,
): Promise<{ state: FourEyesState; request: FourEyesOffRequest }> {
  const refused = approvalRefusal(await readFourEyesState(db), id, by);
  if (refused) throw refused;
  // Checked again inside: another administrator may have decided since the read above.
  const approved = await db.transaction(async (tx) => {
    const [taken] = await tx
      .delete(settings)
      .where(
        and(
          eq(settings.key, FOUR_EYES_OFF_REQUEST),
          sql`${settings.value}->>'id' = ${id}`,
          ne(sql`${settings.value}->>'requestedById'`, by.id),
        ),
      )
      .returning();
    const request = asRequest(taken?.value);
    if (request) await writeSetting(tx, FOUR_EYES_SETTING, false);
    return request;
  });
  if (!approved) throw decidedMeanwhile();
  return { state: { fourEyes: false, pendingOff: null }, request: approved };
}

// Any administrator rejects request `id` (its requester withdrawing it, too): four-eyes stays on.
export async function rejectFourEyesOff(
  db: DashboardDb,
  id: string,
): Promise<{ state: FourEyesState; request: FourEyesOffRequest }> {
  const [taken] = await db
    .delete(settings)
    .where(and(eq(settings.key, FOUR_EYES_OFF_REQUEST), sql`${settings.value}->>'id' = ${id}`))
    .returning();
  const request = asRequest(taken?.value);
  if (!request) throw decidedMeanwhile();
  return { state: await readFourEyesState(db), request };
}
