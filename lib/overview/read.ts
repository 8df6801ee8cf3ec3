import "server-only";
// The overview for one signed-in reader in one time zone, read the same way by GET /api/overview
// and by the overview page's server render: stale journal rows asked about first, then the figures.
import type { ApiDeps, ApiSession } from "@/lib/api/deps";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { refreshStale } from "@/lib/ingest/watch/refresh-journal";
import { buildOverview } from "./service";
import type { Overview } from "./types";

export async function readOverview(
  session: ApiSession,
  deps: ApiDeps,
  timeZone: string,
  signal: AbortSignal,
): Promise<Overview> {
  const db = await getDb();
  const viewer = { tenant: session.tenant, userId: session.user.id, isAdmin: session.isAdmin };
  // A row changes only while someone watches its SIP: ask about stale ones first, as the journal does.
  await refreshStale(db, viewer, session, deps, signal);
  return buildOverview(
    {
      db,
      viewer,
      ingest: deps.ingest,
      upstreamToken: () => deps.getUpstreamToken(session),
      embeddedArchive: env.embeddedArchive,
    },
    { timeZone },
  );
}
