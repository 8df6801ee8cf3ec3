"use client";
// The overview's figures in the reader's time zone, laid out as tiles, charts and lists; a fresh
// archive gets a page that explains itself instead. The server sends them with the page when the
// browser has told it the zone (a cookie); otherwise they are fetched from /api/overview.
import { useSyncExternalStore } from "react";
import { useQuery } from "@tanstack/react-query";
import { plainButtonClasses } from "@/components/ui/button-variants";
import { browserTimeZone } from "@/lib/overview/time-zone-cookie";
import type { Overview } from "@/lib/overview/types";
import { overviewOptions } from "@/lib/queries/overview";
import { DurationChart } from "./duration-chart";
import { EmptyOverview } from "./empty-overview";
import { FormatsCard } from "./formats-card";
import { IngestsPerDayChart } from "./ingests-per-day-chart";
import { OutcomeTiles } from "./outcome-tiles";
import { OverviewSkeleton } from "./overview-skeleton";
import { RecentActivity } from "./recent-activity";

// The figures the server read for the page: in which zone, and when (ms since the epoch).
export interface OverviewSeed {
  timeZone: string;
  data: Overview;
  at: number;
}

const noSubscription = () => () => {};

// The whole body of the overview below its header.
export function OverviewDashboard({ tenant, seed }: { tenant: string; seed: OverviewSeed | null }) {
  // The server renders in the zone of the seed (none: the browser asks after hydration).
  const timeZone = useSyncExternalStore(
    noSubscription,
    browserTimeZone,
    () => seed?.timeZone ?? "",
  );
  const seeded = seed?.timeZone === timeZone ? seed : undefined;
  const overview = useQuery({
    ...overviewOptions(tenant, timeZone),
    enabled: timeZone !== "",
    initialData: seeded?.data,
    initialDataUpdatedAt: seeded?.at,
  });

  if (overview.isError) {
    return (
      <div
        role="alert"
        className="border-danger/30 bg-danger-soft text-danger flex flex-col items-start gap-3 rounded-xl border p-5 text-sm"
      >
        <p>The overview could not be loaded: {overview.error.message}</p>
        <button
          type="button"
          className={plainButtonClasses("secondary", "sm")}
          onClick={() => void overview.refetch()}
        >
          Try again
        </button>
      </div>
    );
  }
  const data = overview.data;
  if (!data) return <OverviewSkeleton />;
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
