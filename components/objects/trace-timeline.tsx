"use client";
// The archive's trace of an object (RetrieveTrace), oldest first, each step in words with who did
// it and the archive's own detail. It outlives the object, so it still tells a deleted object's
// story. Runs of reads are folded into one "12 reads" entry so the changes stand out.
import type { TraceEvent } from "@scriptorium/contract/preservation/schemas";
import { Term } from "@/components/ui/term";
import { traceStepName } from "./object-view";
import { groupReads, traceDetailParts } from "./trace-words";

const WHEN = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "medium",
  timeZone: "UTC",
});

function when(time: string): string {
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? time : `${WHEN.format(date)} UTC`;
}

function Dot({ muted }: { muted?: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={`${muted ? "bg-line-strong" : "bg-accent"} absolute top-1.5 -left-[1.6rem] size-2.5 rounded-full`}
    />
  );
}

function Detail({ detail }: { detail: string }) {
  return (
    <p className="text-ink-muted text-xs break-all">
      {traceDetailParts(detail).map((part, index) => (
        <span key={index}>
          {index > 0 ? "; " : ""}
          {part.term ? <Term term={part.term}>{part.text}</Term> : part.text}
        </span>
      ))}
    </p>
  );
}

function EventBody({ event }: { event: TraceEvent }) {
  const name = traceStepName(event.op);
  return (
    <>
      <p className="text-ink text-sm">
        <span className="font-medium">
          {name !== event.op ? <Term term={event.op}>{name}</Term> : name}
        </span>
      </p>
      <p className="text-ink-muted text-xs">
        <time dateTime={event.time}>{when(event.time)}</time> · by {event.sub}
        {event.obj ? <> · on {event.obj}</> : null}
      </p>
      {event.det ? <Detail detail={event.det} /> : null}
    </>
  );
}

function Reads({ events }: { events: readonly TraceEvent[] }) {
  const first = events[0]!;
  const last = events.at(-1)!;
  const readers = [...new Set(events.map((e) => e.sub))].join(", ");
  return (
    <details className="group">
      <summary className="text-ink-muted cursor-pointer text-sm">
        <span className="text-ink font-medium">
          {events.length === 1 ? "1 read" : `${events.length} reads`}
        </span>{" "}
        <span className="text-xs">
          {events.length === 1 ? (
            <time dateTime={first.time}>{when(first.time)}</time>
          ) : (
            <>
              <time dateTime={first.time}>{when(first.time)}</time> to{" "}
              <time dateTime={last.time}>{when(last.time)}</time>
            </>
          )}{" "}
          · by {readers}
        </span>
      </summary>
      <ol aria-label="Reads" className="mt-3 flex flex-col gap-3">
        {events.map((event, index) => (
          <li key={`${event.time}-${index}`} className="flex flex-col gap-0.5">
            <EventBody event={event} />
          </li>
        ))}
      </ol>
    </details>
  );
}

// An ordered list of the events.
export function TraceTimeline({ events }: { events: readonly TraceEvent[] }) {
  if (events.length === 0)
    return <p className="text-ink-muted text-sm">The archive has recorded nothing yet.</p>;
  return (
    <ol aria-label="Trace" className="border-line flex flex-col gap-4 border-l-2 pl-5">
      {groupReads(events).map((entry, index) =>
        entry.kind === "reads" ? (
          <li key={`reads-${index}`} className="relative flex flex-col gap-0.5">
            <Dot muted />
            <Reads events={entry.events} />
          </li>
        ) : (
          <li key={`${entry.event.time}-${index}`} className="relative flex flex-col gap-0.5">
            <Dot />
            <EventBody event={entry.event} />
          </li>
        ),
      )}
    </ol>
  );
}
