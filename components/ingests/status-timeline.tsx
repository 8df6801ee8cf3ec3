"use client";
// The status timeline: submitted, then each status the dashboard saw, with its local time.
import type { SipSnapshot } from "@/lib/ingest/watch/snapshot";
import { timelineOf } from "@/lib/ingest/watch/timeline";
import { cn } from "@/lib/utils";
import { LocalTime } from "./local-time";

const DOT = {
  neutral: "bg-line-strong",
  progress: "bg-accent",
  success: "bg-success",
  danger: "bg-danger",
} as const;

// An ordered list, oldest first.
export function StatusTimeline({
  snapshot,
}: {
  snapshot: Pick<SipSnapshot, "submissionDate" | "history">;
}) {
  const items = timelineOf(snapshot);
  if (items.length === 0) return <p className="text-ink-muted text-sm">Nothing seen yet.</p>;
  return (
    <ol
      aria-label="Status timeline"
      className="border-line ml-1.5 flex flex-col gap-4 border-l pl-5"
    >
      {items.map((item, i) => (
        <li key={`${item.label}-${i}`} className="relative flex flex-col gap-0.5">
          <span
            aria-hidden="true"
            className={cn("absolute top-1.5 -left-[1.6rem] size-2.5 rounded-full", DOT[item.tone])}
          />
          <p className="text-ink text-sm font-medium">{item.label}</p>
          <p className="text-ink-muted text-xs">
            <LocalTime iso={item.at} /> · {item.note}
          </p>
        </li>
      ))}
    </ol>
  );
}
