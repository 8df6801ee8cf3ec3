import { apiRoute } from "@/lib/api/handler";
import { jsonAnswer } from "@/lib/api/ingest-route";
import { otherMethods } from "@/lib/api/other-methods";
import { parseOrThrow } from "@/lib/api/request";
import { BatchStatusQuery } from "@/lib/batch/api-schemas";
import { BATCH_ID, batchNotFound } from "@/lib/batch/batch-id";
import { refreshBatchItems } from "@/lib/batch/refresh";
import { withItems } from "@/lib/batch/status-items";

type Params = { batchId: string };

// GET /api/batches/[batchId]?since=&settling=1 – the packages changed since an earlier read (every
// one without `since`) with their state and SIP status, and the cursor for the next read; the
// unfinished ones are asked about upstream in bulk, a bounded number per read (more once the page
// says every package is sent)
export const GET = apiRoute<Params>({}, async (ctx) => {
  if (!BATCH_ID.test(ctx.params.batchId)) throw batchNotFound();
  const query = new URL(ctx.request.url).searchParams;
  const { since, settling } = parseOrThrow(BatchStatusQuery, {
    since: query.get("since") ?? undefined,
    settling: query.get("settling") ?? undefined,
  });
  const { tenant } = ctx.session;
  const found = await ctx.deps.batches.status(tenant, ctx.params.batchId, since);
  if (!found) throw batchNotFound();
  const { owner, ...status } = found;
  const open = await ctx.deps.batches.openItems(tenant, status.id);
  const refreshed = await refreshBatchItems(
    { id: status.id, profile: status.profile, owner },
    open,
    ctx.session,
    ctx.deps,
    ctx.request.signal,
    { settling: settling !== undefined },
  );
  return jsonAnswer({ ...status, items: withItems(status.items, refreshed) });
});

// Any other method – 405 with the methods this address answers
const otherMethod = otherMethods("GET");
export { otherMethod as POST, otherMethod as PUT, otherMethod as PATCH, otherMethod as DELETE };
