import "server-only";
// Deletions as the admin routes carry them out: a request (held for a second admin when four-eyes
// is on), an approval or rejection, and DeletePO sent only once a request is approved. Every
// step's row is kept, and the deletion itself is written to the audit log as object.delete beside
// the route's own entry (deletion.request, deletion.approve).
import type { ApiSession } from "@/lib/api/deps";
import { ApiError } from "@/lib/api/errors";
import type { RouteContext } from "@/lib/api/handler";
import { recordFacts } from "@/lib/catalogue/store";
import type { CatalogueFacts } from "@/lib/catalogue/merge";
import { getDb, type DashboardDb } from "@/lib/db";
import type { AuditEntry } from "@/lib/journal/audit";
import { toApiError } from "@/lib/api/errors";
import type { DeletePORequest } from "@scriptorium/contract/preservation/schemas";
import {
  nextStatus,
  WITHDRAWN_COMMENT,
  type DeletionEvent,
  type DeletionRequestInput,
} from "./rules";
import {
  decideRequest,
  findRequest,
  finishRequest,
  insertRequest,
  readFourEyes,
  type DeletionRequestRow,
} from "./store";

export interface DeletionDeps {
  db: DashboardDb;
  session: ApiSession;
  // DeletePO on the archive, in the request's tenant; throws ApiError when it is refused.
  deletePO(tenant: string, request: DeletePORequest): Promise<unknown>;
  recordAudit(entry: AuditEntry): Promise<void>;
}

// What the archive answered to DeletePO, kept on the request row.
export interface DeletionOutcome {
  ok: boolean;
  code?: string;
  message?: string;
  result?: unknown;
}

// The dependencies of a route's deletion work: its session, audit log and archive client.
export async function deletionDeps(ctx: RouteContext<unknown>): Promise<DeletionDeps> {
  return {
    db: await getDb(),
    session: ctx.session,
    recordAudit: (entry) => ctx.deps.recordAudit(entry),
    // No abort signal: a deletion the archive has started must be recorded however the page fares.
    deletePO: async (tenant, request) =>
      ctx.deps.preservation.call(
        { token: await ctx.deps.getUpstreamToken(ctx.session), tenant },
        "DeletePO",
        request,
      ),
  };
}

const me = (session: ApiSession) => ({ id: session.user.id, name: session.user.name });

// Shows a request's progress in the holdings catalogue; never fails the deletion itself.
async function catalogue(
  deps: DeletionDeps,
  row: DeletionRequestRow,
  change: Partial<CatalogueFacts>,
) {
  try {
    await recordFacts(deps.db, [{ tenant: row.tenant, poId: row.poId, ...change }]);
  } catch (error) {
    console.error(`the catalogue could not record the deletion of ${row.poId}`, error);
  }
}

// Records a request and, without four-eyes, carries it out at once.
export async function requestDeletion(
  deps: DeletionDeps,
  input: DeletionRequestInput,
): Promise<DeletionRequestRow> {
  const fourEyes = await readFourEyes(deps.db);
  const row = await insertRequest(deps.db, {
    tenant: deps.session.tenant,
    poId: input.poId,
    mode: input.mode,
    reason: input.reason,
    ...(input.crn ? { crn: input.crn } : {}),
    by: me(deps.session),
    fourEyes,
  });
  if (!fourEyes) return carryOut(deps, row);
  await catalogue(deps, row, {
    state: "deletion-requested",
    deletionRequest: { at: row.requestedAt, by: row.requestedByName },
  });
  return row;
}

// A request the session may decide on: it exists in one of the user's tenants and allows `event`.
async function decidable(deps: DeletionDeps, id: string, event: DeletionEvent) {
  const row = await findRequest(deps.db, id);
  if (!row || !deps.session.user.tenants.includes(row.tenant)) {
    throw new ApiError("NOT_FOUND", "There is no such deletion request.");
  }
  const step = nextStatus(row, event);
  if (!step.ok) {
    // Someone else's waiting request is not theirs to withdraw: a refusal, not a bad request.
    const forbidden = event.type === "withdraw" && row.status === "pending";
    throw new ApiError(forbidden ? "FORBIDDEN" : "VALIDATION_ERROR", step.reason);
  }
  return row;
}

const decidedMeanwhile = () =>
  new ApiError(
    "VALIDATION_ERROR",
    "Another administrator decided on this request meanwhile. Reload the page.",
  );

// A second admin approves: the request is approved, then DeletePO is sent.
export async function approveDeletion(
  deps: DeletionDeps,
  id: string,
  comment: string,
): Promise<DeletionRequestRow> {
  await decidable(deps, id, { type: "approve", by: deps.session.user.id });
  const approved = await decideRequest(deps.db, id, {
    status: "approved",
    by: me(deps.session),
    comment,
  });
  if (!approved) throw decidedMeanwhile();
  return carryOut(deps, approved);
}

// An admin (the requester withdrawing, too) rejects: nothing is sent to the archive.
export async function rejectDeletion(
  deps: DeletionDeps,
  id: string,
  comment: string,
): Promise<DeletionRequestRow> {
  await decidable(deps, id, { type: "reject", by: deps.session.user.id });
  const rejected = await decideRequest(deps.db, id, {
    status: "rejected",
    by: me(deps.session),
    comment,
  });
  if (!rejected) throw decidedMeanwhile();
  await catalogue(deps, rejected, { deletionRequest: null });
  return rejected;
}

// The requester takes a waiting request back: nothing is sent to the archive.
export async function withdrawDeletion(
  deps: DeletionDeps,
  id: string,
): Promise<DeletionRequestRow> {
  await decidable(deps, id, { type: "withdraw", by: deps.session.user.id });
  const withdrawn = await decideRequest(deps.db, id, {
    status: "rejected",
    by: me(deps.session),
    comment: WITHDRAWN_COMMENT,
  });
  if (!withdrawn) throw decidedMeanwhile();
  await catalogue(deps, withdrawn, { deletionRequest: null });
  return withdrawn;
}

// Sends DeletePO for an approved request and records how it ended, on the row and in the audit log.
async function carryOut(deps: DeletionDeps, row: DeletionRequestRow): Promise<DeletionRequestRow> {
  let outcome: DeletionOutcome;
  try {
    await deps.deletePO(row.tenant, {
      poId: row.poId,
      mod: row.mode as DeletePORequest["mod"],
      reason: row.reason,
      ...(row.crn ? { crn: row.crn } : {}),
    });
    outcome = { ok: true };
  } catch (error) {
    const failure = toApiError(error);
    outcome = {
      ok: false,
      code: failure.code,
      message: failure.message,
      ...(failure.body?.result ? { result: failure.body.result } : {}),
    };
  }
  const finished = await finishRequest(deps.db, row.id, outcome.ok ? "done" : "failed", outcome);
  await catalogue(
    deps,
    row,
    outcome.ok
      ? {
          state: "deleted",
          fromArchive: true,
          deletion: {
            at: new Date(),
            by:
              row.decidedByName && row.decidedById !== row.requestedById
                ? `${row.requestedByName}, approved by ${row.decidedByName}`
                : row.requestedByName,
            reason: row.reason,
            evidenceKept: row.mode === "OnlySubDOs",
          },
        }
      : { deletionRequest: null },
  );
  await deps
    .recordAudit({
      actor: me(deps.session),
      action: "object.delete",
      target: row.poId,
      outcome: outcome.ok ? "success" : "failure",
      tenant: row.tenant,
      detail: {
        requestId: row.id,
        mode: row.mode,
        requestedBy: row.requestedByName,
        ...(row.decidedByName && row.decidedById !== row.requestedById
          ? { approvedBy: row.decidedByName }
          : {}),
        ...(outcome.code ? { code: outcome.code } : {}),
      },
    })
    .catch((error: unknown) =>
      console.error("audit entry for object.delete could not be written", error),
    );
  return finished ?? { ...row, status: outcome.ok ? "done" : "failed", outcome };
}
