// Time from submission to a final status (INGESTED or FAILED), as the journal recorded it: the
// histogram's buckets and the sentences that describe them. Pure.
import { formatDuration } from "@/lib/upload/format";
import type { DurationBucket, DurationSummary } from "./types";

// Upper bounds in seconds; a last, open bucket holds everything slower.
export const DURATION_BOUNDS = [10, 30, 60, 300, 1800] as const;

const LABELS = ["up to 10 s", "10–30 s", "30 s–1 min", "1–5 min", "5–30 min", "over 30 min"];
// The same buckets in the few characters a chart axis has room for.
export const DURATION_AXIS_LABELS = [
  "≤ 10 s",
  "10–30 s",
  "30–60 s",
  "1–5 min",
  "5–30 min",
  "> 30 min",
];

// The buckets with their counts; `counts` is in bucket order (missing ones count zero).
export function durationBuckets(counts: readonly number[]): DurationBucket[] {
  const bounds: (number | null)[] = [...DURATION_BOUNDS, null];
  return bounds.map((upToSeconds, i) => ({
    label: LABELS[i] as string,
    upToSeconds,
    count: counts[i] ?? 0,
  }));
}

// The bucket index of a duration (seconds), for code that counts in memory.
export function bucketIndex(seconds: number): number {
  const index = DURATION_BOUNDS.findIndex((bound) => seconds <= bound);
  return index === -1 ? DURATION_BOUNDS.length : index;
}

// One sentence for readers who do not see the chart.
export function durationSentence(summary: DurationSummary, windowDays: number): string {
  if (summary.count === 0) {
    return `No submission reached a final status in the last ${windowDays} days.`;
  }
  const finished =
    summary.count === 1 ? "1 submission reached" : `${summary.count} submissions reached`;
  const median = formatDuration(summary.medianSeconds);
  const p90 = formatDuration(summary.p90Seconds);
  const busiest = [...summary.buckets].sort((a, b) => b.count - a.count)[0];
  return (
    `${finished} a final status in the last ${windowDays} days; half of them within ${median}, ` +
    `nine in ten within ${p90}. Most took ${busiest?.label ?? "an unknown time"}.`
  );
}
