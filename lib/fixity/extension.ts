import "server-only";
// The archive's extension operations (RenewEvidence, RetrieveFixityReport) are the embedded
// archive's own: another archive may lack them. Such a refusal becomes an answer saying so.
import { toApiError } from "@/lib/api/errors";
import { RESULT_MINOR } from "@scriptorium/contract/preservation/result-codes";

const ABSENT_STATUSES = new Set([404, 405, 501]);

// Whether an error thrown by the preservation client means "the archive has no such operation".
export function isMissingExtension(error: unknown): boolean {
  const api = toApiError(error);
  if (api.code === "NOT_SUPPORTED" || api.upstream?.min === RESULT_MINOR.notSupported) return true;
  return (
    api.upstream !== undefined &&
    ABSENT_STATUSES.has(api.upstream.status) &&
    api.upstream.min !== RESULT_MINOR.unknownPOID
  );
}
