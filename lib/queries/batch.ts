// The batch page's calls to the dashboard: record a batch, send one of its packages (at most once),
// read what changed in the batch, cancel it. Browser code: dashboard /api paths only.
import type { IngestDocumentRequest, IngestResponse } from "@scriptorium/contract/ingest/schemas";
import { queryOptions } from "@tanstack/react-query";
import type {
  BatchStatus,
  BatchSummary,
  CreateBatchRequest,
  GroupOutcome,
} from "@/lib/batch/api-schemas";
import { getJson, sendJson } from "./api-client";

const segment = encodeURIComponent;

// The batch answers' schemas load with the first answer to check: they and zod stay out of the
// journal's and the batch page's first script.
const schemas = () => import("@/lib/batch/api-schemas");
const ingestAnswer = () => import("./ingest-answer").then((m) => m.ingestAnswer);

// POST /api/batches – the batch's id.
export async function createBatch(request: CreateBatchRequest): Promise<string> {
  return (
    await sendJson("/api/batches", "POST", request, {
      schema: () => schemas().then((m) => m.CreatedBatch),
    })
  ).id;
}

// POST /api/batches/taken-ids – which of `packageIds` (sorted, each once) the tenant already has.
export function takenPackageIdsOptions(packageIds: readonly string[]) {
  return queryOptions({
    queryKey: ["batches", "taken-ids", packageIds],
    queryFn: async ({ signal }): Promise<ReadonlySet<string>> => {
      const answer = await sendJson(
        "/api/batches/taken-ids",
        "POST",
        { packageIds },
        { signal, schema: () => schemas().then((m) => m.TakenIds) },
      );
      return new Set(answer.taken);
    },
    enabled: packageIds.length > 0,
    staleTime: 30_000,
  });
}

// PUT /api/ingest/document?batch=&item= – one package of the batch; sent again, it answers the
// package's first SIP.
export function ingestBatchPackage(
  batchId: string,
  key: string,
  body: IngestDocumentRequest,
  signal?: AbortSignal,
): Promise<IngestResponse> {
  const path = `/api/ingest/document?batch=${segment(batchId)}&item=${segment(key)}`;
  return sendJson(path, "PUT", body, { signal, schema: ingestAnswer });
}

// GET /api/batches/[batchId]?since= – the state and SIP status of the packages changed since the
// read whose cursor is `since` (of every package when null), and the cursor for the next read.
// `settling`: every package is sent, so the read may ask the archive about more of them at once.
export function batchStatus(
  batchId: string,
  since: string | null,
  options: { settling?: boolean; signal?: AbortSignal } = {},
): Promise<BatchStatus> {
  const query = new URLSearchParams();
  if (since !== null) query.set("since", since);
  if (options.settling) query.set("settling", "1");
  const search = query.size > 0 ? `?${query}` : "";
  return getJson(`/api/batches/${segment(batchId)}${search}`, {
    signal: options.signal,
    cache: "no-store",
  });
}

// POST /api/batches/[batchId]/cancel – packages not yet sent are not sent.
export async function cancelBatch(batchId: string): Promise<void> {
  await sendJson(`/api/batches/${segment(batchId)}/cancel`, "POST", {});
}

// GET /api/batches – the tenant's batches, newest first (the journal's batch filter).
export function batchListOptions() {
  return queryOptions({
    queryKey: ["batches", "list"],
    queryFn: ({ signal }) => getJson<{ batches: BatchSummary[] }>("/api/batches", { signal }),
    staleTime: 30_000,
  });
}

// POST /api/batches/[batchId]/packages – several small packages of the batch at once, each sent at
// most once; each package's outcome (those left out were not sent: the request ended early).
export async function sendBatchPackages(
  batchId: string,
  packages: readonly { item: string; request: IngestDocumentRequest }[],
  signal?: AbortSignal,
): Promise<GroupOutcome[]> {
  const answer = await sendJson(
    `/api/batches/${segment(batchId)}/packages`,
    "POST",
    { packages },
    { signal, schema: () => schemas().then((m) => m.GroupAnswer) },
  );
  return answer.outcomes;
}
