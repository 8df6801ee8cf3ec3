import type { Metadata } from "next";
import { cookies } from "next/headers";
import Link from "next/link";
import { OverviewDashboard, type OverviewSeed } from "@/components/overview/overview-dashboard";
import { FirstRunTour, TakeTourButton } from "@/components/tour/first-run-tour";
import { buttonClasses } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { apiDeps } from "@/lib/api/deps";
import { requireSession, type CurrentSession } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { safeTimeZone } from "@/lib/overview/days";
import { readOverview } from "@/lib/overview/read";
import { TIME_ZONE_COOKIE } from "@/lib/overview/time-zone-cookie";
import { OVERVIEW_WINDOW_DAYS } from "@/lib/overview/types";
import { readTourDismissed } from "@/lib/overview/tour-store";

// How long the archive's answers about stale journal rows are waited for (a request's own signal
// bounds them in /api/overview).
const SERVER_READ_MS = 5_000;

// The figures in the zone the reader's browser remembered (app/providers.tsx), so the page arrives
// complete; null (the browser asks /api/overview) without that cookie or when reading fails.
async function serverOverview(session: CurrentSession): Promise<OverviewSeed | null> {
  const zone = (await cookies()).get(TIME_ZONE_COOKIE)?.value;
  if (!zone || !session.user.tenants.includes(session.tenant)) return null;
  const timeZone = safeTimeZone(zone);
  try {
    const signal = AbortSignal.timeout(SERVER_READ_MS);
    const data = await readOverview(session, await apiDeps(), timeZone, signal);
    return { timeZone, data, at: Date.now() };
  } catch {
    return null;
  }
}

export const metadata: Metadata = { title: "Overview" };

// The archive at a glance for the signed-in reader: their ingests (an admin: the tenant's) over
// the last days, with the first-run tour offered on the embedded archive.
export default async function OverviewPage() {
  const session = await requireSession("/");
  const [offerTour, seed] = await Promise.all([
    env.embeddedArchive
      ? getDb().then(async (db) => !(await readTourDismissed(db, session.user.id)))
      : false,
    serverOverview(session),
  ]);
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title="Overview"
        description={
          session.isAdmin
            ? `Ingests in the tenant ${session.tenant} over the last ${OVERVIEW_WINDOW_DAYS} days, everyone's, and what the archive holds from them.`
            : `Your ingests in the tenant ${session.tenant} over the last ${OVERVIEW_WINDOW_DAYS} days, and what the archive holds from them.`
        }
        actions={
          <>
            <TakeTourButton />
            <Link href="/ingest" className={buttonClasses("primary")}>
              New ingest
            </Link>
          </>
        }
      />
      <FirstRunTour offer={offerTour} />
      <OverviewDashboard tenant={session.tenant} seed={seed} />
    </div>
  );
}
