import { ApiError } from "@/lib/api/errors";
import { apiRoute } from "@/lib/api/handler";
import { jsonAnswer } from "@/lib/api/ingest-route";
import { otherMethods } from "@/lib/api/other-methods";
import { refreshBatchItems } from "@/lib/batch/refresh";

type Params = { batchId: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const notFound = () =>
  new ApiError("NOT_FOUND", "There is no such batch in this tenant. Open it from the batch list.");

// GET /api/batches/[batchId] – every package of the batch with its state and SIP status; the
// unfinished ones are asked about upstream in bulk, a bounded number per read
export const GET = apiRoute<Params>({}, async (ctx) => {
  if (!UUID.test(ctx.params.batchId)) throw notFound();
  const status = await ctx.deps.batches.status(ctx.session.tenant, ctx.params.batchId);
  if (!status) throw notFound();
  await refreshBatchItems(status.id, status.items, ctx.session, ctx.deps, ctx.request.signal);
  return jsonAnswer(status);
});

// DELETE /api/batches/[batchId] – cancels the batch: packages not yet sent are not sent
export const DELETE = apiRoute<Params>(
  { role: "archivist", audit: "batch.cancel" },
  async (ctx) => {
    ctx.audit.target = ctx.params.batchId;
    if (!UUID.test(ctx.params.batchId)) throw notFound();
    const cancelled = await ctx.deps.batches.cancel(ctx.session.tenant, ctx.params.batchId);
    if (!cancelled && !(await ctx.deps.batches.status(ctx.session.tenant, ctx.params.batchId))) {
      throw notFound();
    }
    return jsonAnswer({ cancelled: true });
  },
);

// Any other method – 405 with the methods this address answers
const otherMethod = otherMethods("GET", "DELETE");
export { otherMethod as POST, otherMethod as PUT, otherMethod as PATCH };
