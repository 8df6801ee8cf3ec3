"use client";
// The archive's trace of an object (RetrieveTrace), oldest first, each step in words with who did
// it and the archive's own detail. It outlives the object, so it still tells a deleted object's story.
import type { TraceEvent } from "@scriptorium/contract/preservation/schemas";
import { traceStepName } from "./object-view";

const WHEN = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "medium",
  timeZone: "UTC",
});

function when(time: string): string {
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? time : `${WHEN.format(date)} UTC`;
}

// An ordered list of the events.
export function TraceTimeline({ events }: { events: readonly TraceEvent[] }) {
  if (events.length === 0)
    return <p className="text-ink-muted text-sm">The archive has recorded nothing yet.</p>;
  return (
    <ol aria-label="Trace" className="border-line flex flex-col gap-4 border-l-2 pl-5">
      {events.map((event, index) => (
        <li key={`${event.time}-${index}`} className="relative flex flex-col gap-0.5">
          <span
            aria-hidden="true"
            className="bg-accent absolute top-1.5 -left-[1.6rem] size-2.5 rounded-full"
          />
          <p className="text-ink text-sm">
            <span className="font-medium">{traceStepName(event.op)}</span>
            {event.op !== traceStepName(event.op) ? (
              <span className="text-ink-muted font-mono text-xs"> ({event.op})</span>
            ) : null}
          </p>
          <p className="text-ink-muted text-xs">
            <time dateTime={event.time}>{when(event.time)}</time> · by {event.sub}
            {event.obj ? <> · on {event.obj}</> : null}
          </p>
          {event.det ? <p className="text-ink-muted text-xs break-all">{event.det}</p> : null}
        </li>
      ))}
    </ol>
  );
}
