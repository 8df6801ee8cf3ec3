import type { Metadata } from "next";
import Link from "next/link";
import { OverviewDashboard } from "@/components/overview/overview-dashboard";
import { FirstRunTour, TakeTourButton } from "@/components/tour/first-run-tour";
import { buttonClasses } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { requireSession } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { OVERVIEW_WINDOW_DAYS } from "@/lib/overview/types";
import { readTourDismissed } from "@/lib/overview/tour-store";

export const metadata: Metadata = { title: "Overview" };

// The archive at a glance for the signed-in reader: their ingests (an admin: the tenant's) over
// the last days, with the first-run tour offered on the embedded archive.
export default async function OverviewPage() {
  const session = await requireSession("/");
  const offerTour =
    env.embeddedArchive && !(await readTourDismissed(await getDb(), session.user.id));
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
      <OverviewDashboard tenant={session.tenant} />
    </div>
  );
}
