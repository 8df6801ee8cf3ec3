import { directLane } from "@/lib/server/direct-lane";
import { apiRoute } from "@/lib/api/handler";
import { acceptedAnswer, requestedEnrichers } from "@/lib/api/ingest-route";
import { parseOrThrow, readJsonBody } from "@/lib/api/request";
import { batchItemOf, ingestBatchItem } from "@/lib/batch/ingest-item";
import { IngestDocumentRequest } from "@scriptorium/contract/ingest/schemas";
import { otherMethods } from "@/lib/api/other-methods";

// PUT /api/ingest/document – ingest a package (or a delta SIP of one) from documents and metadata;
// with ?batch=&item= as one package of a batch, sent at most once
export const PUT = apiRoute({ role: "archivist", audit: "ingest.document" }, async (ctx) => {
  const enrichers = requestedEnrichers(ctx.request);
  const batchItem = batchItemOf(ctx.request);
  const request = parseOrThrow(IngestDocumentRequest, await readJsonBody(ctx.request));
  ctx.audit.target = request.packageId;
  if (batchItem) return ingestBatchItem(ctx, batchItem, request, enrichers);
  const answer = await ctx.deps.ingest.ingestDocument(
    { ...(await ctx.upstream()), enrichers },
    request,
  );
  return acceptedAnswer(ctx, answer, request.profile, request);
});

// Any other method – 405 with the methods this address answers
const otherMethod = otherMethods("PUT");
export { otherMethod as GET, otherMethod as POST, otherMethod as PATCH, otherMethod as DELETE };

// Answered without Next.js's router once the session is known (lib/server/direct-lane.ts)
directLane("/api/ingest/document", { PUT });
