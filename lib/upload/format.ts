// Sizes, rates and durations in words for the ingest wizard. Units are binary (1 MB = 1024 KB)
// because the ingest API's limits are written that way: "10 MB" is 10 * 1024 * 1024 bytes.

const UNITS = ["KB", "MB", "GB", "TB"] as const;

// "1 byte", "512 bytes", "3.2 MB", "60 MB": one decimal below 10, whole numbers above.
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "unknown size";
  if (bytes < 1024) return bytes === 1 ? "1 byte" : `${Math.round(bytes)} bytes`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  let shown = value < 9.95 ? Number(value.toFixed(1)) : Math.round(value);
  // 1023.7 KB rounds to 1024 KB, which reads better as 1 MB.
  if (shown >= 1024 && unit < UNITS.length - 1) {
    shown = 1;
    unit++;
  }
  return `${shown} ${UNITS[unit]}`;
}

// Exact byte counts for people: "10,485,761 bytes".
export function formatExactBytes(bytes: number): string {
  return `${Math.round(bytes).toLocaleString("en-US")} ${bytes === 1 ? "byte" : "bytes"}`;
}

// `bytes` in words that stay distinguishable from `reference`: when rounding would make an
// oversized request read "10 MB, over the 10 MB limit", the exact count is given instead.
export function formatBytesBeside(bytes: number, reference: number): string {
  const rounded = formatBytes(bytes);
  return bytes !== reference && rounded === formatBytes(reference)
    ? formatExactBytes(bytes)
    : rounded;
}

// "4.1 MB/s"; an unknown rate (null or 0) reads "—".
export function formatRate(bytesPerSecond: number | null): string {
  if (bytesPerSecond === null || !Number.isFinite(bytesPerSecond) || bytesPerSecond <= 0) {
    return "—";
  }
  return `${formatBytes(bytesPerSecond)}/s`;
}

// "less than a second", "12 s", "3 min 5 s", "1 h 4 min": coarse on purpose, estimates jitter.
export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return "unknown";
  if (seconds < 1) return "less than a second";
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole} s`;
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) {
    const rest = whole % 60;
    return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
  }
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
