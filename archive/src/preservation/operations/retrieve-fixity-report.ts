// RetrieveFixityReport (an extension of the archive, not an ETSI operation): the fixity audits of
// the caller's tenant, for administrators.
import type { RetrieveFixityReportRequest } from "@scriptorium/contract/preservation/extensions";
import { fixityPolicy } from "../../jobs/schedules";
import { fixityReport } from "../../fixity/report";
import type { Operation } from "../context";
import { PreservationError } from "../errors";

// POST /preservation/RetrieveFixityReport – how the tenant's fixity audits went (admins)
export const retrieveFixityReport: Operation<RetrieveFixityReportRequest> = async (
  _request,
  ctx,
) => {
  if (!ctx.caller.roles.includes("admin")) {
    throw new PreservationError(
      "RequesterError",
      "noPermission",
      "Only an admin may read the fixity report.",
      403,
    );
  }
  const report = await fixityReport(
    ctx.services.db,
    ctx.caller.tenant,
    fixityPolicy(ctx.services.config),
  );
  return { body: { report } };
};
