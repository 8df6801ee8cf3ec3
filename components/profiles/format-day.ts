const DAY = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" });

// A date as the profile pages show it: day, month and year, in UTC like the archive's timestamps.
export function formatDay(date: Date): string {
  return DAY.format(date);
}
