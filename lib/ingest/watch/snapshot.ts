// What the status hub knows about one SIP and pushes to every watcher: the status, the plugin
// reports and the status changes seen so far. Plain JSON, so it travels as a server-sent event
// and is parsed again (leniently) in the browser.
// valibot, whose functions the bundler drops when unused: the browser reads the event stream with
// these schemas, for about a kilobyte (zod/mini's core came whole, 20.5 KiB compressed).
import * as v from "valibot";
import { isTerminalSipStatus } from "@scriptorium/contract/ingest/limits";
import type { IngestResponse } from "@scriptorium/contract/ingest/schemas";

export const WatchedReport = v.object({
  pluginName: v.string(),
  // SUCCESS, WARNING, FAILURE, or whatever else the upstream says (shown verbatim).
  status: v.string(),
  message: v.string(),
  executionDate: v.nullable(v.string()),
});
export type WatchedReport = v.InferOutput<typeof WatchedReport>;

export const StatusChange = v.object({ status: v.string(), at: v.string() });
export type StatusChange = v.InferOutput<typeof StatusChange>;

export const SipSnapshot = v.object({
  packageId: v.string(),
  submissionName: v.string(),
  // null while the upstream has not named one.
  status: v.nullable(v.string()),
  // Only INGESTED and FAILED end a SIP; any other value, known or not, is still in progress.
  terminal: v.boolean(),
  submissionDate: v.nullable(v.string()),
  pluginReports: v.array(WatchedReport),
  // Status changes the dashboard saw, oldest first; the first is when it first looked.
  history: v.array(StatusChange),
  // When the upstream was last asked.
  checkedAt: v.string(),
});
export type SipSnapshot = v.InferOutput<typeof SipSnapshot>;

export const WatchEvent = v.variant("type", [
  v.object({ type: v.literal("snapshot"), snapshot: SipSnapshot }),
  // The upstream was asked again and nothing changed.
  v.object({ type: v.literal("checked"), at: v.string(), nextCheckInMs: v.nullable(v.number()) }),
  // Asking failed. `final`: the dashboard stops asking (e.g. no such SIP).
  v.object({
    type: v.literal("problem"),
    message: v.string(),
    code: v.nullable(v.string()),
    final: v.boolean(),
    retryInMs: v.nullable(v.number()),
    at: v.string(),
  }),
]);
export type WatchEvent = v.InferOutput<typeof WatchEvent>;

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
