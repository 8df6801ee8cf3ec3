"use client";
// How long submissions took to reach INGESTED or FAILED, as a histogram, with median and 90th
// percentile beside it.
import { useCallback, useMemo } from "react";
import uPlot from "uplot";
import { DURATION_AXIS_LABELS, durationSentence } from "@/lib/overview/durations";
import type { DurationSummary } from "@/lib/overview/types";
import { formatDuration } from "@/lib/upload/format";
import type { ChartColors } from "./chart-colors";
import { countAxis, indexAxis } from "./chart-axes";
import { ChartCard, tableClasses } from "./chart-card";
import { UplotChart } from "./uplot-chart";

const bars = uPlot.paths.bars?.({ size: [0.7, 56], align: 0 });

// The histogram card; the time is what the journal recorded (submission to the status it last saw).
export function DurationChart({
  durations,
  windowDays,
}: {
  durations: DurationSummary;
  windowDays: number;
}) {
  const labels = useMemo(
    () => durations.buckets.map((b, i) => DURATION_AXIS_LABELS[i] ?? b.label),
    [durations],
  );
  const data = useMemo<uPlot.AlignedData>(
    () => [durations.buckets.map((_, i) => i), durations.buckets.map((b) => b.count)],
    [durations],
  );
  const options = useCallback(
    (c: ChartColors): Omit<uPlot.Options, "width" | "height"> => ({
      legend: { show: false },
      cursor: { show: false },
      scales: {
        x: { time: false, range: [-0.5, labels.length - 0.5] },
        y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] },
      },
      axes: [{ ...indexAxis(c, labels), incrs: [1], space: 10, size: 36 }, countAxis(c)],
      series: [
        {},
        {
          label: "Submissions",
          fill: c.accent,
          stroke: c.accent,
          width: 0,
          points: { show: false },
          ...(bars ? { paths: bars } : {}),
        },
      ],
    }),
    [labels],
  );

  return (
    <ChartCard
      id="time-to-final"
      title="Time to a final status"
      summary={durationSentence(durations, windowDays)}
      table={
        <table className={tableClasses.table}>
          <caption className={tableClasses.caption}>
            Submissions by the time from submission to INGESTED or FAILED, as the journal recorded
            it.
          </caption>
          <thead>
            <tr>
              <th scope="col" className={tableClasses.th}>
                Time taken
              </th>
              <th scope="col" className={tableClasses.th}>
                Submissions
              </th>
            </tr>
          </thead>
          <tbody>
            {durations.buckets.map((b) => (
              <tr key={b.label}>
                <th scope="row" className={tableClasses.td}>
                  {b.label}
                </th>
                <td className={tableClasses.td}>{b.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <dl className="grid grid-cols-2 gap-3">
        <div className="bg-surface-muted rounded-lg px-3 py-2">
          <dt className="text-ink-muted text-xs">Half finished within</dt>
          <dd className="text-ink text-lg font-semibold tabular-nums">
            {formatDuration(durations.medianSeconds)}
          </dd>
        </div>
        <div className="bg-surface-muted rounded-lg px-3 py-2">
          <dt className="text-ink-muted text-xs">Nine in ten within</dt>
          <dd className="text-ink text-lg font-semibold tabular-nums">
            {formatDuration(durations.p90Seconds)}
          </dd>
        </div>
      </dl>
      <UplotChart options={options} data={data} height={180} />
    </ChartCard>
  );
}
