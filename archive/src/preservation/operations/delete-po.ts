// DeletePO, for admins only. OnlySubDOs removes the data objects and keeps the evidence (RetrievePO
// with sor Evidence still answers it); SubDOsAndEvidence, the default, removes both. The trace,
// with the claimed requestor and the reason, outlives the object either way.
import type { DeletePORequest } from "@scriptorium/contract/preservation/schemas";
import { removeUnreferencedBlobs } from "../../blobs/references";
import { appendTrace } from "../../ingest/store";
import type { Operation } from "../context";
import { deletePackageData, type DeletionMode } from "../deletion";
import { PreservationError, unknownPoId } from "../errors";
import { lookupPackage } from "../objects";

export const DELETE_ROLE = "admin";

// POST /preservation/DeletePO – delete an object (admins)
export const deletePO: Operation<DeletePORequest> = async (request, ctx) => {
  if (!ctx.caller.roles.includes(DELETE_ROLE)) {
    throw new PreservationError(
      "RequesterError",
      "noPermission",
      `Only an ${DELETE_ROLE} may delete preservation objects.`,
      403,
    );
  }
  // The schema admits only the two ETSI modes; its inferred type is just wider.
  const mode = (request.mod ?? "SubDOsAndEvidence") as DeletionMode;
  const { db } = ctx.services;
  const key = { tenant: ctx.caller.tenant, packageId: request.poId };
  const freed = await db.transaction(async (tx) => {
    const pkg = await lookupPackage(tx, key.tenant, key.packageId, true);
    if (!pkg || pkg.deletedAt) throw unknownPoId(request.poId);
    const blobs = await deletePackageData(tx, key, mode, ctx.now);
    const detail = [
      `mode ${mode}`,
      ...(request.crn !== undefined ? [`claimed requestor: ${request.crn}`] : []),
      ...(request.reason !== undefined ? [`reason: ${request.reason}`] : []),
      `reqId ${ctx.reqId}`,
    ];
    await appendTrace(tx, {
      ...key,
      subject: ctx.caller.sub,
      operation: "DeletePO",
      object: request.poId,
      detail: detail.join("; "),
    });
    return blobs;
  });
  await ctx.services.syncDatabase();
  await removeUnreferencedBlobs(db, ctx.services.blobs, freed);
  return {};
};
