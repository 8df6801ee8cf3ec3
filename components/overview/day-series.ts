// The ingests-per-day chart's bands and the sentences that say what the bars show. Pure.
import { longDay, shortDay } from "@/lib/overview/days";
import type { DayCount } from "@/lib/overview/types";

// Bottom to top, as stacked on the chart and listed in the legend.
export const DAY_BANDS = [
  { key: "ingested", label: "Ingested" },
  { key: "warned", label: "Ingested with warnings" },
  { key: "failed", label: "Failed" },
  { key: "inProgress", label: "In progress" },
] as const satisfies readonly { key: keyof Omit<DayCount, "day">; label: string }[];

export type DayBandKey = (typeof DAY_BANDS)[number]["key"];

const total = (d: DayCount) => d.ingested + d.warned + d.failed + d.inProgress;

// "3 ingested (1 with warnings), 1 failed, 2 in progress" – only the parts that are not zero.
export function dayParts(d: DayCount): string {
  const parts: string[] = [];
  const ingested = d.ingested + d.warned;
  if (ingested > 0)
    parts.push(`${ingested} ingested${d.warned > 0 ? ` (${d.warned} with warnings)` : ""}`);
  if (d.failed > 0) parts.push(`${d.failed} failed`);
  if (d.inProgress > 0) parts.push(`${d.inProgress} in progress`);
  return parts.length > 0 ? parts.join(", ") : "no submissions";
}

// One sentence for the whole chart: how many, over how many days, and the busiest day.
export function daysSentence(days: readonly DayCount[]): string {
  const sum = days.reduce((n, d) => n + total(d), 0);
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return "No days to show.";
  const span = `from ${shortDay(first.day)} to ${shortDay(last.day)}`;
  if (sum === 0) return `No submissions ${span}.`;
  const active = days.filter((d) => total(d) > 0);
  const busiest = [...active].sort((a, b) => total(b) - total(a))[0] as DayCount;
  const submissions = sum === 1 ? "1 submission" : `${sum} submissions`;
  const onDays = active.length === 1 ? "on 1 day" : `on ${active.length} days`;
  return `${submissions} ${span}, ${onDays}; the busiest was ${longDay(busiest.day)}: ${dayParts(busiest)}.`;
}
