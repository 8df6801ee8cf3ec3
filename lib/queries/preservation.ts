// React Query options for the preservation pages. Every call goes to the dashboard's own
// /api/preservation/<Operation> route (never to the archive); a refusal becomes an ApiCallError
// carrying the HTTP status (so 401 is never retried), the error code and the archive's `result`.
import { queryOptions } from "@tanstack/react-query";
import type {
  PreservationOperation,
  PreservationRequest,
  PreservationResponse,
  Result,
} from "@scriptorium/contract/preservation/schemas";

// A refused /api call, with what the route said.
export class ApiCallError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field?: string;
  // The archive's ETSI result, when the refusal came from the archive.
  readonly result?: Result;

  constructor(
    status: number,
    code: string,
    message: string,
    extra: { field?: string; result?: Result } = {},
  ) {
    super(message);
    this.name = "ApiCallError";
    this.status = status;
    this.code = code;
    this.field = extra.field;
    this.result = extra.result;
  }
}

type ErrorBody = { error?: { code?: string; message?: string; field?: string }; result?: Result };

// The JSON of a dashboard /api answer, or an ApiCallError for any refusal.
export async function readApiAnswer<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => null)) as (T & ErrorBody) | null;
  if (response.ok && body !== null) return body;
  const error = body?.error;
  throw new ApiCallError(
    response.status,
    error?.code ?? "UNKNOWN",
    error?.message ?? `The dashboard answered ${response.status} without saying why. Try again.`,
    {
      ...(error?.field ? { field: error.field } : {}),
      ...(body?.result ? { result: body.result } : {}),
    },
  );
}

// Sends JSON to a dashboard /api route and reads the answer.
export async function sendJson<T>(
  url: string,
  method: "POST" | "PUT",
  body: unknown,
  signal?: AbortSignal,
): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
    signal,
  });
  return readApiAnswer<T>(response);
}

// POST /api/preservation/<operation> with a request of the contract.
export function callPreservation<Op extends PreservationOperation>(
  operation: Op,
  request: PreservationRequest<Op>,
  signal?: AbortSignal,
): Promise<PreservationResponse<Op>> {
  return sendJson(`/api/preservation/${operation}`, "POST", request, signal);
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
