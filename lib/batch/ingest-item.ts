import "server-only";
// PUT /api/ingest/document?batch=<id>&item=<key>: one package of a batch, sent at most once. The
// item is claimed first; a package already sent answers its first SIP again (200), one being sent
// answers 409. The upstream call is not cut off when the browser goes away (a reload mid-send):
// whatever the archive answers is recorded, so the reloaded page finds it in the batch's status.
import type { Enricher, IngestDocumentRequest } from "@scriptorium/contract/ingest/schemas";
import { ApiError } from "@/lib/api/errors";
import type { RouteContext } from "@/lib/api/handler";
import { acceptedAnswer, jsonAnswer } from "@/lib/api/ingest-route";
import { BatchItemRef, type BatchItemRef as Ref } from "./api-schemas";

// The batch and package an ingest belongs to, from its query; null for a single ingest.
export function batchItemOf(request: Request): Ref | null {
  const query = new URL(request.url).searchParams;
  if (!query.has("batch") && !query.has("item")) return null;
  const parsed = BatchItemRef.safeParse({ batch: query.get("batch"), item: query.get("item") });
  if (!parsed.success) {
    throw new ApiError(
      "VALIDATION_ERROR",
      "batch and item must name a batch by its id and one of its packages by its key.",
      { field: "batch" },
    );
  }
  return parsed.data;
}

export async function ingestBatchItem(
  ctx: RouteContext<unknown>,
  ref: Ref,
  request: IngestDocumentRequest,
  enrichers: Enricher[],
): Promise<Response> {
  const store = ctx.deps.batches;
  const claim = await store.claim(ctx.session.tenant, ref.batch, ref.item);
  ctx.audit.detail = { batch: ref.batch, item: ref.item };
  switch (claim.kind) {
    case "unknown":
      throw new ApiError(
        "NOT_FOUND",
        "This package is not part of a batch of your tenant. Start the batch again from its folder.",
      );
    case "cancelled":
      throw new ApiError(
        "CONFLICT",
        "This batch was cancelled: its remaining packages are not sent.",
      );
    case "busy":
      throw new ApiError(
        "CONFLICT",
        "This package of the batch is being sent already; the batch's status shows its answer.",
      );
    case "sent":
      ctx.audit.target = claim.packageId;
      return jsonAnswer({ packageId: claim.packageId, name: claim.submissionName ?? undefined });
  }
  const { token, tenant } = await ctx.upstream();
  try {
    const answer = await ctx.deps.ingest.ingestDocument({ token, tenant, enrichers }, request);
    await store.sent(ref.batch, ref.item, answer.body.packageId, answer.body.name ?? null);
    return await acceptedAnswer(ctx, answer, request.profile, request);
  } catch (error) {
    await store.failed(ref.batch, ref.item, error instanceof Error ? error.message : String(error));
    throw error;
  }
}
