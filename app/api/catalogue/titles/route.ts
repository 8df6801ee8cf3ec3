import { z } from "zod";
import { apiRoute } from "@/lib/api/handler";
import { jsonAnswer } from "@/lib/api/ingest-route";
import { parseOrThrow, readJsonBody } from "@/lib/api/request";
import { otherMethods } from "@/lib/api/other-methods";
import { couldBeObjectId } from "@/lib/catalogue/labels";

const TitlesRequest = z.strictObject({
  ids: z
    .array(z.string(), { error: "ids must be a list of object IDs" })
    .max(500, "Ask for at most 500 IDs at a time."),
});

// POST /api/catalogue/titles – the title and state of each named object the catalogue holds in
// the session's tenant, for lists that only know IDs (the archive's Search, the audit log's
// targets): { labels: { id: { title, state } } }. An id the catalogue cannot hold (longer than
// any object id) is absent from the answer like any unknown one: a list of what a request named,
// as the audit log keeps it, may hold anything, and the other titles are still wanted.
export const POST = apiRoute({ audit: null }, async (ctx) => {
  const { ids } = parseOrThrow(TitlesRequest, await readJsonBody(ctx.request));
  const labels = await ctx.deps.catalogue.labels(ctx.session.tenant, ids.filter(couldBeObjectId));
  return jsonAnswer({ labels: Object.fromEntries(labels) });
});

// Any other method – 405 with the methods this address answers
const otherMethod = otherMethods("POST");
export { otherMethod as GET, otherMethod as PUT, otherMethod as PATCH, otherMethod as DELETE };
