// "No progress for N minutes": when a SIP still in progress has shown no sign of life for a while.
import type { SipSnapshot } from "./snapshot";

// Ingests of the embedded archive take seconds; a few minutes of silence deserves a word.
export const STALL_AFTER_MS = 5 * 60 * 1000;

const parsed = (iso: string | null | undefined) => {
  const t = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(t) ? null : t;
};

// The last sign of progress: the submission, the latest plugin run, or the latest status change seen.
export function lastProgressAt(
  snapshot: Pick<SipSnapshot, "submissionDate" | "pluginReports" | "history">,
): number | null {
  const times = [
    parsed(snapshot.submissionDate),
    ...snapshot.pluginReports.map((r) => parsed(r.executionDate)),
    // The first entry is when the dashboard first looked, not a change it saw happen.
    ...snapshot.history.slice(1).map((h) => parsed(h.at)),
  ].filter((t): t is number => t !== null);
  return times.length > 0 ? Math.max(...times) : null;
}

// Whole minutes without progress, or null while the SIP is moving (or finished).
export function stalledMinutes(
  snapshot: Pick<SipSnapshot, "terminal" | "submissionDate" | "pluginReports" | "history">,
  now: number,
  thresholdMs: number = STALL_AFTER_MS,
): number | null {
  if (snapshot.terminal) return null;
  const last = lastProgressAt(snapshot);
  if (last === null || now - last < thresholdMs) return null;
  return Math.floor((now - last) / 60_000);
}
