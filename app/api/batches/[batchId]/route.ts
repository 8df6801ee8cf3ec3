import { apiRoute } from "@/lib/api/handler";
import { jsonAnswer } from "@/lib/api/ingest-route";
import { otherMethods } from "@/lib/api/other-methods";
import { BATCH_ID, batchNotFound } from "@/lib/batch/batch-id";
import { refreshBatchItems } from "@/lib/batch/refresh";

type Params = { batchId: string };

// GET /api/batches/[batchId] – every package of the batch with its state and SIP status; the
// unfinished ones are asked about upstream in bulk, a bounded number per read
export const GET = apiRoute<Params>({}, async (ctx) => {
  if (!BATCH_ID.test(ctx.params.batchId)) throw batchNotFound();
  const status = await ctx.deps.batches.status(ctx.session.tenant, ctx.params.batchId);
  if (!status) throw batchNotFound();
  await refreshBatchItems(status.id, status.items, ctx.session, ctx.deps, ctx.request.signal);
  return jsonAnswer(status);
});

// Any other method – 405 with the methods this address answers
const otherMethod = otherMethods("GET");
export { otherMethod as POST, otherMethod as PUT, otherMethod as PATCH, otherMethod as DELETE };
