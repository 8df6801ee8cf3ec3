"use client";
// A time in the reader's own zone and language. The server does not know the zone, so it renders
// UTC and the browser replaces it after hydration (no mismatch: both agree on the first render).
import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

// True in the browser after hydration, false during the server render and hydration.
export function useIsClient(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

const FORMATS = {
  datetime: { dateStyle: "medium", timeStyle: "medium" },
  time: { timeStyle: "medium" },
  date: { dateStyle: "medium" },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export interface LocalTimeProps {
  iso: string;
  format?: keyof typeof FORMATS;
  className?: string;
}

// <time> with the instant in its dateTime attribute and the local reading as its text.
export function LocalTime({ iso, format = "datetime", className }: LocalTimeProps) {
  const client = useIsClient();
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <span className={className}>{iso}</span>;
  const text = client
    ? new Intl.DateTimeFormat(undefined, FORMATS[format]).format(date)
    : `${date.toISOString().slice(0, 19).replace("T", " ")} UTC`;
  return (
    <time dateTime={date.toISOString()} className={className}>
      {text}
    </time>
  );
}
