// RenewEvidence (an extension of the archive, not an ETSI operation): renews the evidence of every
// version of one object, for administrators. `mode` timestamp (default) adds a time-stamp to each
// record's last chain; hashtree starts a new SHA-512 chain over the data objects and the records.
import type { RenewEvidenceRequest } from "@scriptorium/contract/preservation/extensions";
import type { Operation } from "../context";
import { PreservationError, requesterError, unknownPoId } from "../errors";
import { lookupPackage, sealDeps } from "../objects";
import { renewObject, RenewalRefused } from "../renewal";

export const RENEW_ROLE = "admin";

// POST /preservation/RenewEvidence – renew an object's evidence (admins)
export const renewEvidence: Operation<RenewEvidenceRequest> = async (request, ctx) => {
  if (!ctx.caller.roles.includes(RENEW_ROLE)) {
    throw new PreservationError(
      "RequesterError",
      "noPermission",
      `Only an ${RENEW_ROLE} may renew evidence.`,
      403,
    );
  }
  const pkg = await lookupPackage(ctx.services.db, ctx.caller.tenant, request.poId);
  if (!pkg || pkg.latestVersion === null) throw unknownPoId(request.poId);
  const mode = request.mode ?? "timestamp";
  try {
    const renewed = await renewObject(
      { ...sealDeps(ctx.services) },
      ctx.caller.tenant,
      request.poId,
      mode,
      ctx.caller.sub,
    );
    if (renewed.length === 0) throw unknownPoId(request.poId);
    return { body: { renewed } };
  } catch (error) {
    if (error instanceof RenewalRefused) throw requesterError("parameterError", error.message);
    throw error;
  }
};
