"use client";
// Ingests per day as stacked bars: ingested, ingested with warnings, failed, in progress.
import { useCallback, useMemo, useState } from "react";
import uPlot from "uplot";
import { longDay, shortDay } from "@/lib/overview/days";
import type { DayCount } from "@/lib/overview/types";
import type { ChartColors } from "./chart-colors";
import { ChartCard, ChartLegend, tableClasses } from "./chart-card";
import { DAY_BANDS, dayParts, daysSentence, stackedDays, type DayBandKey } from "./day-series";
import { countAxis, indexAxis } from "./chart-axes";
import { UplotChart } from "./uplot-chart";

const BAND_COLOR: Record<DayBandKey, keyof ChartColors> = {
  ingested: "success",
  warned: "warning",
  failed: "danger",
  inProgress: "accent",
};
const BAND_SWATCH: Record<DayBandKey, string> = {
  ingested: "bg-success",
  warned: "bg-warning",
  failed: "bg-danger",
  inProgress: "bg-accent",
};

const bars = uPlot.paths.bars?.({ size: [0.72, 36], align: 0 });

// The chart with its legend, hover read-out and table; `days` oldest first.
export function IngestsPerDayChart({ days, windowDays }: { days: DayCount[]; windowDays: number }) {
  const [hovered, setHovered] = useState<number | null>(null);
  // The tallest band first: each later (lower) band is drawn over it.
  const bands = useMemo(() => [...DAY_BANDS].reverse(), []);
  const data = useMemo<uPlot.AlignedData>(() => {
    const { x, tops } = stackedDays(days);
    return [x, ...[...tops].reverse()];
  }, [days]);
  const labels = useMemo(() => days.map((d) => shortDay(d.day)), [days]);
  const options = useCallback(
    (c: ChartColors): Omit<uPlot.Options, "width" | "height"> => ({
      legend: { show: false },
      cursor: { points: { show: false }, drag: { x: false, y: false } },
      scales: {
        x: { time: false, range: [-0.5, Math.max(0.5, labels.length - 0.5)] },
        y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] },
      },
      axes: [indexAxis(c, labels), countAxis(c)],
      series: [
        {},
        ...bands.map((band) => ({
          label: band.label,
          fill: c[BAND_COLOR[band.key]],
          stroke: c[BAND_COLOR[band.key]],
          width: 0,
          points: { show: false },
          ...(bars ? { paths: bars } : {}),
        })),
      ],
      hooks: { setCursor: [(u: uPlot) => setHovered(u.cursor.idx ?? null)] },
    }),
    [bands, labels],
  );
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
        <UplotChart options={options} data={data} height={220} />
      </div>
    </ChartCard>
  );
}
