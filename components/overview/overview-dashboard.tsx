"use client";
// The overview's figures, fetched from /api/overview in the reader's time zone and laid out as
// tiles, charts and lists; a fresh archive gets a page that explains itself instead.
import { useSyncExternalStore } from "react";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { overviewOptions } from "@/lib/queries/overview";
import { DurationChart } from "./duration-chart";
import { EmptyOverview } from "./empty-overview";
import { FormatsCard } from "./formats-card";
import { IngestsPerDayChart } from "./ingests-per-day-chart";
import { OutcomeTiles } from "./outcome-tiles";
import { RecentActivity } from "./recent-activity";

const noSubscription = () => () => {};
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

// The whole body of the overview below its header.
export function OverviewDashboard({ tenant }: { tenant: string }) {
  // The server knows no reader's zone: ask only in the browser, after hydration.
  const timeZone = useSyncExternalStore(noSubscription, browserZone, () => "");
  const overview = useQuery({ ...overviewOptions(tenant, timeZone), enabled: timeZone !== "" });

  if (overview.isError) {
    return (
      <div
        role="alert"
        className="border-danger/30 bg-danger-soft text-danger flex flex-col items-start gap-3 rounded-xl border p-5 text-sm"
      >
        <p>The overview could not be loaded: {overview.error.message}</p>
        <Button variant="secondary" size="sm" onClick={() => void overview.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const data = overview.data;
  if (!data) {
    return (
      <div aria-busy="true" className="flex flex-col gap-4">
        <p className="sr-only" role="status">
          Loading the overview…
        </p>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} className="bg-surface-muted h-20 animate-pulse rounded-xl" />
          ))}
        </div>
        <div className="bg-surface-muted h-72 animate-pulse rounded-xl" />
      </div>
    );
  }
  if (data.journalTotal === 0) {
    return (
      <EmptyOverview
        scope={data.scope}
        tenant={data.tenant}
        embeddedArchive={data.embeddedArchive}
      />
    );
  }
  const now = new Date(overview.dataUpdatedAt);
  return (
    <div className="flex flex-col gap-6">
      <OutcomeTiles
        outcomes={data.outcomes}
        windowDays={data.windowDays}
        reviewQueue={data.reviewQueue}
      />
      <IngestsPerDayChart days={data.days} windowDays={data.windowDays} />
      <div className="grid gap-6 lg:grid-cols-2">
        <DurationChart durations={data.durations} windowDays={data.windowDays} />
        <FormatsCard sample={data.formats} now={now} />
      </div>
      <RecentActivity recent={data.recent} scope={data.scope} now={now} />
    </div>
  );
}
