import { apiRoute } from "@/lib/api/handler";
import { jsonAnswer } from "@/lib/api/ingest-route";
import { listHoldings } from "@/lib/catalogue/query";
import { holdingsQueryOf } from "@/lib/catalogue/request-query";
import { getDb } from "@/lib/db";
import { otherMethods } from "@/lib/api/other-methods";

// GET /api/catalogue – one page of the holdings in the session's tenant: ?q (full text), profile,
// format, state, from, to, submitter, sort (relevance, title, date, profile, size, state), dir, page
export const GET = apiRoute({}, async (ctx) => {
  const query = holdingsQueryOf(ctx.request);
  return jsonAnswer(await listHoldings(await getDb(), [ctx.session.tenant], query));
});

// Any other method – 405 with the methods this address answers
const otherMethod = otherMethods("GET");
export { otherMethod as POST, otherMethod as PUT, otherMethod as PATCH, otherMethod as DELETE };
