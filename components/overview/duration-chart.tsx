"use client";
// How long submissions took to reach INGESTED or FAILED, as a histogram, with median and 90th
// percentile beside it.
import { useMemo } from "react";
import { DURATION_AXIS_LABELS, durationSentence } from "@/lib/overview/durations";
import type { DurationSummary } from "@/lib/overview/types";
import { formatDuration } from "@/lib/upload/format";
import { BarChart } from "./bar-chart";
import { ChartCard, tableClasses } from "./chart-card";

const SWATCHES = ["bg-accent"];
const BAR_SIZE = [0.7, 56] as const;
const EVERY_LABEL = [1];

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
  const stacks = useMemo(() => durations.buckets.map((b) => [b.count]), [durations]);

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
      <BarChart
        labels={labels}
        stacks={stacks}
        swatches={SWATCHES}
        height={180}
        axisHeight={36}
        barSize={BAR_SIZE}
        labelSpace={10}
        labelSteps={EVERY_LABEL}
      />
    </ChartCard>
  );
}
