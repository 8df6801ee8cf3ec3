import { z } from "zod";
import { apiRoute } from "@/lib/api/handler";
import { jsonAnswer } from "@/lib/api/ingest-route";
import { parseOrThrow, readJsonBody } from "@/lib/api/request";
import { labelsOf } from "@/lib/catalogue/store";
import { getDb } from "@/lib/db";
import { otherMethods } from "@/lib/api/other-methods";

const TitlesRequest = z.strictObject({
  ids: z
    .array(z.string().max(300), { error: "ids must be a list of object IDs" })
    .max(500, "Ask for at most 500 IDs at a time."),
});

// POST /api/catalogue/titles – the title and state of each named object the catalogue holds in
// the session's tenant, for lists that only know IDs (the archive's Search): { labels: { id: { title, state } } }
export const POST = apiRoute({ audit: null }, async (ctx) => {
  const { ids } = parseOrThrow(TitlesRequest, await readJsonBody(ctx.request));
  const labels = await labelsOf(await getDb(), ctx.session.tenant, ids);
  return jsonAnswer({ labels: Object.fromEntries(labels) });
});

// Any other method – 405 with the methods this address answers
const otherMethod = otherMethods("POST");
export { otherMethod as GET, otherMethod as PUT, otherMethod as PATCH, otherMethod as DELETE };
