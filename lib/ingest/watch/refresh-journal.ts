import "server-only";
// Brings the journal's stale rows up to date before it is shown: a row only changes while someone
// watches its SIP, so one closed right after submitting would stay PENDING, or show no plugin
// outcome, for ever.
import type { ApiDeps, ApiSession } from "@/lib/api/deps";
import type { DashboardDb } from "@/lib/db";
import { staleSubmissions, type JournalViewer } from "@/lib/journal/submissions";

// Enough for a page of the journal; the rest follow the next time the journal is opened.
const MAX_ROWS = 20;
const PARALLEL = 4;

// Asks the upstream about up to MAX_ROWS stale submissions and records what it says.
// Failures leave the last known status in place: the journal must open even when the archive is down.
export async function refreshStale(
  db: DashboardDb,
  viewer: JournalViewer,
  session: ApiSession,
  deps: ApiDeps,
  signal: AbortSignal,
): Promise<number> {
  const keys = await staleSubmissions(db, viewer, MAX_ROWS);
  if (keys.length === 0) return 0;
  const token = await deps.getUpstreamToken(session).catch(() => null);
  if (!token) return 0;
  let updated = 0;
  const queue = [...keys];
  const worker = async () => {
    for (let key = queue.shift(); key && !signal.aborted; key = queue.shift()) {
      try {
        const enrichers = ["pluginreports", "metadata", "representations"] as const;
        const call = { token, tenant: key.tenant, enrichers, signal };
        const { body } = await deps.ingest.sipStatus(call, key.packageId, key.submissionName);
        if (body.status) {
          await deps.journal.recordStatus(key, body.status, body.pluginReports);
          await deps.catalogue.sipStatus(key.tenant, body, key.submissionName);
          updated++;
        }
      } catch {
        // Keep the last known status.
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, keys.length) }, worker));
  return updated;
}
