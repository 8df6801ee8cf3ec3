import { apiRoute } from "@/lib/api/handler";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { refreshStale } from "@/lib/ingest/watch/refresh-journal";
import { safeTimeZone } from "@/lib/overview/days";
import { buildOverview } from "@/lib/overview/service";
import { otherMethods } from "@/lib/api/other-methods";

// GET /api/overview?tz=<IANA zone> – the overview's figures for the signed-in reader: the journal
// (their own submissions, or the tenant's for admins) per day in their zone, and the formats and
// storage of the latest ingested packages as the archive reports them
export const GET = apiRoute({}, async (ctx) => {
  const { session } = ctx;
  const db = await getDb();
  const viewer = { tenant: session.tenant, userId: session.user.id, isAdmin: session.isAdmin };
  // A row changes only while someone watches its SIP: ask about stale ones first, as the journal does.
  await refreshStale(db, viewer, session, ctx.deps, ctx.request.signal);
  const overview = await buildOverview(
    {
      db,
      viewer,
      ingest: ctx.deps.ingest,
      upstreamToken: async () => (await ctx.upstream()).token,
      embeddedArchive: env.embeddedArchive,
    },
    { timeZone: safeTimeZone(new URL(ctx.request.url).searchParams.get("tz")) },
  );
  return Response.json(overview, { headers: { "Cache-Control": "no-store" } });
});

// Any other method – 405 with the methods this address answers
const otherMethod = otherMethods("GET");
export { otherMethod as POST, otherMethod as PUT, otherMethod as PATCH, otherMethod as DELETE };
