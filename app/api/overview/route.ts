import { apiRoute } from "@/lib/api/handler";
import { safeTimeZone } from "@/lib/overview/days";
import { readOverview } from "@/lib/overview/read";
import { otherMethods } from "@/lib/api/other-methods";

// GET /api/overview?tz=<IANA zone> – the overview's figures for the signed-in reader: the journal
// (their own submissions, or the tenant's for admins) per day in their zone, and the formats and
// storage of the latest ingested packages as the archive reports them
export const GET = apiRoute({}, async (ctx) => {
  const timeZone = safeTimeZone(new URL(ctx.request.url).searchParams.get("tz"));
  const overview = await readOverview(ctx.session, ctx.deps, timeZone, ctx.request.signal);
  return Response.json(overview, { headers: { "Cache-Control": "no-store" } });
});

// Any other method – 405 with the methods this address answers
const otherMethod = otherMethods("GET");
export { otherMethod as POST, otherMethod as PUT, otherMethod as PATCH, otherMethod as DELETE };
