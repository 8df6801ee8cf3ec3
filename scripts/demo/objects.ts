// The demo's preservation side, idempotently: objects preserved through PreservePO (found again
// by Search), a deletion carried out through the dashboard's deletion requests (found again in
// the object's trace, which outlives it), and a review in the journal.
import { and, eq } from "drizzle-orm";
import { toApiError } from "@/lib/api/errors";
import type { CurrentSession } from "@/lib/auth/session";
import type { DashboardDb } from "@/lib/db";
import { deletionRequests, submissions } from "@/lib/db/schema";
import { approveDeletion, requestDeletion, type DeletionDeps } from "@/lib/deletions/service";
import { recordAudit } from "@/lib/journal/audit";
import { markReviewed } from "@/lib/journal/submissions";
import type { PreservationClient } from "@/lib/preservation/client";
import { base64 } from "./files";
import type { DemoUser } from "./upstream";
import type { Actor, DemoDeletion, DemoPreservation, DemoReview } from "./types";

export interface ObjectContext {
  db: DashboardDb;
  preservation: PreservationClient;
  token(actor: Actor): Promise<string>;
  users: Record<Actor, DemoUser> & { admin2: DemoUser };
}

export interface StepResult {
  what: string;
  action: "done" | "present" | "skipped";
  ok: boolean;
  note?: string;
}

const absent = (error: unknown) => ["NOT_FOUND", "NOT_SUPPORTED"].includes(toApiError(error).code);

// True when the object's trace records a DeletePO: the package existed and was deleted.
export async function wasDeleted(
  ctx: ObjectContext,
  tenant: string,
  poId: string,
  actor: Actor,
): Promise<boolean> {
  try {
    const { body } = await ctx.preservation.call(
      { token: await ctx.token(actor), tenant },
      "RetrieveTrace",
      { poId },
    );
    return (body.trace?.event ?? []).some((e) => e.op === "DeletePO");
  } catch (error) {
    if (absent(error)) return false;
    throw error;
  }
}

// PreservePO once: Search for the marker PO id first.
export async function ensurePreserved(
  ctx: ObjectContext,
  item: DemoPreservation,
): Promise<StepResult> {
  const call = { token: await ctx.token(item.actor), tenant: item.tenant };
  try {
    const { body } = await ctx.preservation.call(call, "Search", { fi: `id=${item.marker}` });
    if ((body.poId ?? []).length > 0)
      return { what: item.about, action: "present", ok: true, note: body.poId?.join(", ") };
  } catch (error) {
    if (toApiError(error).code === "NOT_SUPPORTED") {
      return {
        what: item.about,
        action: "skipped",
        ok: true,
        note: "the archive offers no Search to find it again",
      };
    }
    throw error;
  }
  const { body } = await ctx.preservation.call(call, "PreservePO", {
    pro: item.profile,
    po: item.pos.map((po) => ({
      id: po.id,
      binaryData: { value: base64(po.bytes) },
      ...(po.mimeType ? { mimeType: po.mimeType } : {}),
      ...(po.formatId ? { formatId: po.formatId } : {}),
      ...(po.relObj ? { relObj: po.relObj } : {}),
    })),
  });
  await recordAudit(
    {
      actor: ctx.users[item.actor],
      action: "object.preserve",
      target: body.poId ?? null,
      outcome: "success",
      tenant: item.tenant,
      detail: { via: "npm run demo" },
    },
    ctx.db,
  );
  return { what: item.about, action: "done", ok: true, note: body.poId };
}

const sessionOf = (user: DemoUser, tenant: string): CurrentSession => ({
  id: `demo-${user.id}`,
  user: { id: user.id, name: user.name, roles: ["admin", "archivist"], tenants: [tenant] },
  tenant,
  isAdmin: true,
  expiresAt: new Date(Date.now() + 3_600_000),
});

// A deletion request by the admin (approved by the second admin when four-eyes is on), once.
export async function ensureDeleted(ctx: ObjectContext, item: DemoDeletion): Promise<StepResult> {
  const what = `delete ${item.poId}`;
  if (await wasDeleted(ctx, item.tenant, item.poId, "admin"))
    return { what, action: "present", ok: true, note: "deleted earlier" };
  const deps = (user: DemoUser): DeletionDeps => ({
    db: ctx.db,
    session: sessionOf(user, item.tenant),
    deletePO: async (tenant, request) =>
      ctx.preservation.call({ token: await ctx.token("admin"), tenant }, "DeletePO", request),
    recordAudit: (entry) => recordAudit(entry, ctx.db),
  });
  // A request a previous run left waiting for a second admin is approved, not made again.
  const [waiting] = await ctx.db
    .select()
    .from(deletionRequests)
    .where(
      and(
        eq(deletionRequests.poId, item.poId),
        eq(deletionRequests.tenant, item.tenant),
        eq(deletionRequests.status, "pending"),
      ),
    );
  let row = waiting;
  if (!row) {
    row = await requestDeletion(deps(ctx.users.admin), {
      poId: item.poId,
      mode: item.mode,
      reason: item.reason,
      confirm: item.poId,
    });
    await recordAudit(
      {
        actor: ctx.users.admin,
        action: "deletion.request",
        target: item.poId,
        outcome: "success",
        tenant: item.tenant,
        detail: { requestId: row.id, mode: item.mode, via: "npm run demo" },
      },
      ctx.db,
    );
  }
  if (row.status === "pending") {
    row = await approveDeletion(
      deps(ctx.users.admin2),
      row.id,
      "Approved for the demo: the draft was never meant to be kept.",
    );
    await recordAudit(
      {
        actor: ctx.users.admin2,
        action: "deletion.approve",
        target: item.poId,
        outcome: "success",
        tenant: item.tenant,
        detail: { requestId: row.id, via: "npm run demo" },
      },
      ctx.db,
    );
  }
  return {
    what,
    action: "done",
    ok: row.status === "done",
    note: row.status === "done" ? undefined : `request ${row.status}`,
  };
}

// Marks a journal row reviewed by the admin, unless someone already did.
export async function ensureReviewed(ctx: ObjectContext, item: DemoReview): Promise<StepResult> {
  const what = `review ${item.packageId}/${item.submission}`;
  const key = { tenant: item.tenant, packageId: item.packageId, submissionName: item.submission };
  const [row] = await ctx.db
    .select({ reviewedAt: submissions.reviewedAt })
    .from(submissions)
    .where(
      and(
        eq(submissions.tenant, key.tenant),
        eq(submissions.packageId, key.packageId),
        eq(submissions.submissionName, key.submissionName),
      ),
    );
  if (!row) return { what, action: "skipped", ok: false, note: "no journal row to review" };
  if (row.reviewedAt) return { what, action: "present", ok: true };
  await markReviewed(ctx.db, key, { name: ctx.users.admin.name }, item.note);
  await recordAudit(
    {
      actor: ctx.users.admin,
      action: "ingest.review",
      target: item.packageId,
      outcome: "success",
      tenant: item.tenant,
      detail: { submissionName: item.submission, via: "npm run demo" },
    },
    ctx.db,
  );
  return { what, action: "done", ok: true };
}
