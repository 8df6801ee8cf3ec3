import { apiRoute } from "@/lib/api/handler";
import { exportHoldings } from "@/lib/catalogue/export";
import { holdingsQueryOf } from "@/lib/catalogue/request-query";
import { getDb } from "@/lib/db";
import { otherMethods } from "@/lib/api/other-methods";

// GET /api/catalogue/export – every object of the filtered holdings list as CSV, streamed, in
// the session's tenant (the same parameters as GET /api/catalogue; the page is ignored)
export const GET = apiRoute({}, async (ctx) => {
  const query = holdingsQueryOf(ctx.request);
  const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-");
  const stream = exportHoldings(await getDb(), [ctx.session.tenant], { ...query, page: 1 });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="holdings-${ctx.session.tenant.replace(/[^\w.-]/g, "_")}-${stamp}.csv"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
});

// Any other method – 405 with the methods this address answers
const otherMethod = otherMethods("GET");
export { otherMethod as POST, otherMethod as PUT, otherMethod as PATCH, otherMethod as DELETE };
