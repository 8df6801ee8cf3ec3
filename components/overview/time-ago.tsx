"use client";
// An instant as "5 minutes ago", with the full date and time on hover. The words depend only on
// the two instants, so the server says the same as the browser; the hover text is in UTC on the
// server (it knows no zone) and local once the browser has taken over.
import { useSyncExternalStore } from "react";
import { relativeTime } from "./relative-time";

const noSubscription = () => () => {};

// <time> whose text says how long before `now` `iso` was.
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
      {relativeTime(date, now)}
    </time>
  );
}
