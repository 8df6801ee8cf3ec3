// "5 minutes ago", "yesterday", "3 days ago": how long ago an instant was, in words. Pure.

const STEPS: { unit: Intl.RelativeTimeFormatUnit; seconds: number }[] = [
  { unit: "year", seconds: 365 * 86_400 },
  { unit: "month", seconds: 30 * 86_400 },
  { unit: "week", seconds: 7 * 86_400 },
  { unit: "day", seconds: 86_400 },
  { unit: "hour", seconds: 3_600 },
  { unit: "minute", seconds: 60 },
];

// The largest whole unit that fits; under a minute is "just now", future instants (clock skew) too.
export function relativeTime(instant: Date, now: Date, locale = "en"): string {
  const seconds = (now.getTime() - instant.getTime()) / 1000;
  if (!Number.isFinite(seconds) || seconds < 60) return "just now";
  const format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  for (const step of STEPS) {
    if (seconds >= step.seconds)
      return format.format(-Math.floor(seconds / step.seconds), step.unit);
  }
  return "just now";
}
