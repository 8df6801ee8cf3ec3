import { apiRoute } from "@/lib/api/handler";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { safeTimeZone } from "@/lib/overview/days";
import { buildOverview } from "@/lib/overview/service";

// GET /api/overview?tz=<IANA zone> – the overview's figures for the signed-in reader: the journal
// (their own submissions, or the tenant's for admins) per day in their zone, and the formats and
// storage of the latest ingested packages as the archive reports them
export const GET = apiRoute({}, async (ctx) => {
  const { session } = ctx;
  const overview = await buildOverview(
    {
      db: await getDb(),
      viewer: { tenant: session.tenant, userId: session.user.id, isAdmin: session.isAdmin },
      ingest: ctx.deps.ingest,
      upstreamToken: async () => (await ctx.upstream()).token,
      embeddedArchive: env.embeddedArchive,
    },
    { timeZone: safeTimeZone(new URL(ctx.request.url).searchParams.get("tz")) },
  );
  return Response.json(overview, { headers: { "Cache-Control": "no-store" } });
});
