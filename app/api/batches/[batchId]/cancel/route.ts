import { apiRoute } from "@/lib/api/handler";
import { jsonAnswer } from "@/lib/api/ingest-route";
import { otherMethods } from "@/lib/api/other-methods";
import { BATCH_ID, batchNotFound } from "@/lib/batch/batch-id";

type Params = { batchId: string };

// POST /api/batches/[batchId]/cancel – cancels the batch: packages not yet sent are not sent
export const POST = apiRoute<Params>({ role: "archivist", audit: "batch.cancel" }, async (ctx) => {
  ctx.audit.target = ctx.params.batchId;
  if (!BATCH_ID.test(ctx.params.batchId)) throw batchNotFound();
  const cancelled = await ctx.deps.batches.cancel(ctx.session.tenant, ctx.params.batchId);
  if (!cancelled && !(await ctx.deps.batches.status(ctx.session.tenant, ctx.params.batchId))) {
    throw batchNotFound();
  }
  return jsonAnswer({ cancelled: true });
});

// Any other method – 405 with the methods this address answers
const otherMethod = otherMethods("POST");
export { otherMethod as GET, otherMethod as PUT, otherMethod as PATCH, otherMethod as DELETE };
