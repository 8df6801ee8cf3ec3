"use client";
// An instant as "5 minutes ago", with the full local date and time on hover. The server render
// shows UTC (it knows no zone); the browser replaces it after hydration.
import { useSyncExternalStore } from "react";
import { relativeTime } from "./relative-time";

const noSubscription = () => () => {};

// <time> whose text says how long ago `iso` was.
export function TimeAgo({ iso, now }: { iso: string; now: Date }) {
  const client = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <span>{iso}</span>;
  const full = client
    ? new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(date)
    : `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  return (
    <time dateTime={date.toISOString()} title={full}>
      {client ? relativeTime(date, now) : full}
    </time>
  );
}
