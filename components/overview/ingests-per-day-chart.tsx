"use client";
// Ingests per day as stacked bars: ingested, ingested with warnings, failed, in progress.
import { useMemo, useState } from "react";
import { longDay, shortDay } from "@/lib/overview/days";
import type { DayCount } from "@/lib/overview/types";
import { BarChart } from "./bar-chart";
import { ChartCard, ChartLegend, tableClasses } from "./chart-card";
import { DAY_BANDS, dayParts, daysSentence, type DayBandKey } from "./day-series";

const BAND_SWATCH: Record<DayBandKey, string> = {
  ingested: "bg-success",
  warned: "bg-warning",
  failed: "bg-danger",
  inProgress: "bg-accent",
};

const SWATCHES = DAY_BANDS.map((b) => BAND_SWATCH[b.key]);
const BAR_SIZE = [0.72, 36] as const;
const LABEL_STEPS = [1, 2, 3, 5, 7, 10, 14];

// The chart with its legend, hover read-out and table; `days` oldest first.
export function IngestsPerDayChart({ days, windowDays }: { days: DayCount[]; windowDays: number }) {
  const [hovered, setHovered] = useState<number | null>(null);
  const labels = useMemo(() => days.map((d) => shortDay(d.day)), [days]);
  const stacks = useMemo(() => days.map((d) => DAY_BANDS.map((b) => d[b.key])), [days]);
  const active = days.filter((d) => d.ingested + d.warned + d.failed + d.inProgress > 0);
  const hoveredDay = hovered === null ? undefined : days[hovered];

  return (
    <ChartCard
      id="ingests-per-day"
      title="Ingests per day"
      summary={daysSentence(days)}
      table={
        <table className={tableClasses.table}>
          <caption className={tableClasses.caption}>
            Submissions per day over the last {windowDays} days; days without any are left out.
          </caption>
          <thead>
            <tr>
              <th scope="col" className={tableClasses.th}>
                Day
              </th>
              {DAY_BANDS.map((b) => (
                <th key={b.key} scope="col" className={tableClasses.th}>
                  {b.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {active.length === 0 ? (
              <tr>
                <td colSpan={DAY_BANDS.length + 1} className={tableClasses.td}>
                  No submissions.
                </td>
              </tr>
            ) : (
              active.map((d) => (
                <tr key={d.day}>
                  <th scope="row" className={tableClasses.td}>
                    {longDay(d.day)}
                  </th>
                  {DAY_BANDS.map((b) => (
                    <td key={b.key} className={tableClasses.td}>
                      {d[b.key]}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      }
    >
      <div className="flex flex-col gap-2">
        <ChartLegend
          items={DAY_BANDS.map((b) => ({ label: b.label, swatch: BAND_SWATCH[b.key] }))}
        />
        <p className="text-ink-muted min-h-5 text-xs" aria-hidden="true">
          {hoveredDay
            ? `${longDay(hoveredDay.day)}: ${dayParts(hoveredDay)}`
            : "Point at a bar to see its day."}
        </p>
        <BarChart
          labels={labels}
          stacks={stacks}
          swatches={SWATCHES}
          height={220}
          axisHeight={50}
          barSize={BAR_SIZE}
          labelSpace={48}
          labelSteps={LABEL_STEPS}
          onHover={setHovered}
        />
      </div>
    </ChartCard>
  );
}
