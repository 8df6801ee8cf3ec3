import "server-only";
// The archive's fixity report for one tenant, as the admin's fixity page and GET /api/admin/fixity
// both give it: the report, or why this archive has none.
import type { ApiDeps } from "@/lib/api/deps";
import type { PreservationCall } from "@/lib/preservation/client";
import type { FixityReport } from "@scriptorium/contract/preservation/extensions";
import { isMissingExtension } from "./extension";

export type FixityAnswer =
  { available: true; report: FixityReport } | { available: false; reason: string };

const NO_REPORT =
  "This archive does not report fixity audits (it has no RetrieveFixityReport operation). Its own tools may show them.";

// RetrieveFixityReport (an extension of the embedded archive); other refusals are thrown.
export async function readFixityReport(
  preservation: ApiDeps["preservation"],
  call: PreservationCall,
): Promise<FixityAnswer> {
  try {
    const answer = await preservation.extension(call, "RetrieveFixityReport", {});
    if (!answer.report) throw new Error("The archive's fixity answer carries no report.");
    return { available: true, report: answer.report };
  } catch (error) {
    if (!isMissingExtension(error)) throw error;
    return { available: false, reason: NO_REPORT };
  }
}
