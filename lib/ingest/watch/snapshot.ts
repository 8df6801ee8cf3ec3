// What the status hub knows about one SIP and pushes to every watcher: the status, the plugin
// reports and the status changes seen so far. Plain JSON, so it travels as a server-sent event
// and is parsed again (leniently) in the browser.
// zod/mini, imported whole as a namespace so that bundling keeps only what is used: the browser
// reads the event stream with it, and the page need not load the full zod for that.
import * as z from "zod/mini";
import { isTerminalSipStatus } from "@scriptorium/contract/ingest/limits";
import type { IngestResponse } from "@scriptorium/contract/ingest/schemas";

export const WatchedReport = z.object({
  pluginName: z.string(),
  // SUCCESS, WARNING, FAILURE, or whatever else the upstream says (shown verbatim).
  status: z.string(),
  message: z.string(),
  executionDate: z.nullable(z.string()),
});
export type WatchedReport = z.infer<typeof WatchedReport>;

export const StatusChange = z.object({ status: z.string(), at: z.string() });
export type StatusChange = z.infer<typeof StatusChange>;

export const SipSnapshot = z.object({
  packageId: z.string(),
  submissionName: z.string(),
  // null while the upstream has not named one.
  status: z.nullable(z.string()),
  // Only INGESTED and FAILED end a SIP; any other value, known or not, is still in progress.
  terminal: z.boolean(),
  submissionDate: z.nullable(z.string()),
  pluginReports: z.array(WatchedReport),
  // Status changes the dashboard saw, oldest first; the first is when it first looked.
  history: z.array(StatusChange),
  // When the upstream was last asked.
  checkedAt: z.string(),
});
export type SipSnapshot = z.infer<typeof SipSnapshot>;

export const WatchEvent = z.discriminatedUnion("type", [
  z.object({ type: z.literal("snapshot"), snapshot: SipSnapshot }),
  // The upstream was asked again and nothing changed.
  z.object({ type: z.literal("checked"), at: z.string(), nextCheckInMs: z.nullable(z.number()) }),
  // Asking failed. `final`: the dashboard stops asking (e.g. no such SIP).
  z.object({
    type: z.literal("problem"),
    message: z.string(),
    code: z.nullable(z.string()),
    final: z.boolean(),
    retryInMs: z.nullable(z.number()),
    at: z.string(),
  }),
]);
export type WatchEvent = z.infer<typeof WatchEvent>;

function reportsOf(response: IngestResponse): WatchedReport[] {
  return (response.pluginReports ?? []).map((r) => ({
    pluginName: r.pluginName ?? "unnamed plugin",
    status: r.status ?? "UNKNOWN",
    message: r.message ?? "",
    executionDate: r.executionDate ?? null,
  }));
}

// The snapshot after an answer of GET /sip/{packageId}/{submissionName}, at time `now`.
export function nextSnapshot(
  previous: SipSnapshot | null,
  response: IngestResponse,
  submissionName: string,
  now: Date,
): SipSnapshot {
  const status = response.status ?? null;
  const at = now.toISOString();
  const history = previous ? [...previous.history] : [];
  const last = history.at(-1);
  if (status !== null && last?.status !== status) history.push({ status, at });
  return {
    packageId: response.packageId,
    submissionName: response.name ?? submissionName,
    status,
    terminal: status !== null && isTerminalSipStatus(status),
    submissionDate: response.submissionDate ?? previous?.submissionDate ?? null,
    // An answer without the enricher's list keeps the reports seen before.
    pluginReports: response.pluginReports ? reportsOf(response) : (previous?.pluginReports ?? []),
    history,
    checkedAt: at,
  };
}

// Whether a watcher would see a difference (the time of the check aside).
export function snapshotChanged(previous: SipSnapshot | null, next: SipSnapshot): boolean {
  if (!previous) return true;
  return (
    previous.status !== next.status ||
    previous.submissionDate !== next.submissionDate ||
    JSON.stringify(previous.pluginReports) !== JSON.stringify(next.pluginReports)
  );
}
