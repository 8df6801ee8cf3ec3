import { apiRoute } from "@/lib/api/handler";
import { jsonAnswer } from "@/lib/api/ingest-route";
import { otherMethods } from "@/lib/api/other-methods";
import { parseOrThrow, readJsonBody } from "@/lib/api/request";
import { TakenIdsRequest } from "@/lib/batch/api-schemas";

// POST /api/batches/taken-ids – which of the given package ids the tenant already has (holdings
// catalogue, journal, batches under way): a batch planner refuses them before anything is sent.
// POST because a batch names thousands; it changes nothing, so it is not audited
export const POST = apiRoute({ audit: null }, async (ctx) => {
  const request = parseOrThrow(TakenIdsRequest, await readJsonBody(ctx.request));
  const taken = await ctx.deps.batches.takenPackageIds(ctx.session.tenant, request.packageIds);
  return jsonAnswer({ taken });
});

// Any other method – 405 with the methods this address answers
const otherMethod = otherMethods("POST");
export { otherMethod as GET, otherMethod as PUT, otherMethod as PATCH, otherMethod as DELETE };
