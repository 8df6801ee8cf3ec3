// React Query options for the preservation pages. Every call goes to the dashboard's own
// /api/preservation/<Operation> route (never to the archive); a refusal becomes an ApiError
// carrying the HTTP status (so 401 is never retried), the error code and the archive's `result`.
import { queryOptions } from "@tanstack/react-query";
import type {
  PreservationOperation,
  PreservationRequest,
  PreservationResponse,
} from "@scriptorium/contract/preservation/schemas";
import { sendJson } from "./api-client";

// POST /api/preservation/<operation> with a request of the contract.
export function callPreservation<Op extends PreservationOperation>(
  operation: Op,
  request: PreservationRequest<Op>,
  signal?: AbortSignal,
): Promise<PreservationResponse<Op>> {
  return sendJson(`/api/preservation/${operation}`, "POST", request, { signal });
}

export type ProfileStatus = "active" | "inactive" | "all";

// RetrieveInfo: the profiles with the given status.
export function profilesOptions(stat: ProfileStatus = "all") {
  return queryOptions({
    queryKey: ["preservation", "profiles", stat],
    queryFn: ({ signal }) => callPreservation("RetrieveInfo", { stat }, signal),
    staleTime: 5 * 60_000,
  });
}

// RetrievePO of one version (the latest when none is named), data objects only.
export function objectVersionOptions(poId: string, version?: string) {
  return queryOptions({
    queryKey: ["preservation", "object", poId, "version", version ?? "latest"],
    queryFn: ({ signal }) =>
      callPreservation(
        "RetrievePO",
        { poId, sor: "PO", ...(version ? { versionId: [version] } : {}) },
        signal,
      ),
  });
}

// RetrievePO of one version's evidence records in one format ("" for the archive's default).
export function evidenceOptions(poId: string, version: string | undefined, format: string) {
  return queryOptions({
    queryKey: ["preservation", "object", poId, "evidence", version ?? "latest", format],
    queryFn: ({ signal }) =>
      callPreservation(
        "RetrievePO",
        {
          poId,
          sor: "Evidence",
          ...(format ? { evFormat: format } : {}),
          ...(version ? { versionId: [version] } : {}),
        },
        signal,
      ),
  });
}

// RetrieveTrace: everything the archive recorded on the object (it outlives the object).
export function traceOptions(poId: string) {
  return queryOptions({
    queryKey: ["preservation", "object", poId, "trace"],
    queryFn: ({ signal }) => callPreservation("RetrieveTrace", { poId }, signal),
    staleTime: 0,
  });
}

// Search with a filter expression.
export function searchOptions(fi: string) {
  return queryOptions({
    queryKey: ["preservation", "search", fi],
    queryFn: ({ signal }) => callPreservation("Search", { fi }, signal),
    enabled: fi.trim() !== "",
  });
}
