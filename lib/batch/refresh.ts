import "server-only";
// Asks the archive about a batch's unfinished SIPs in bulk, a bounded number per status read:
// one page polling one endpoint instead of a stream per package. A cursor per batch walks the
// unfinished ones in turn, so a long batch is covered without asking about all of them at once;
// the cursors are the server container's, shared by every route module of the process.
import { isTerminalSipStatus } from "@scriptorium/contract/ingest/schemas";
import type { ApiDeps, ApiSession } from "@/lib/api/deps";
import { getBatchRefreshCursors } from "@/lib/server/container";
import type { BatchItemStatus } from "./api-schemas";

// At most this many upstream status calls per read of a batch, this many at a time.
export const REFRESH_PER_READ = 100;
const PARALLEL = 8;

function unfinished(item: BatchItemStatus): boolean {
  return (
    item.state === "sent" &&
    item.packageId !== null &&
    item.submissionName !== null &&
    (item.status === null || !isTerminalSipStatus(item.status))
  );
}

// Refreshes up to REFRESH_PER_READ of `items` in place and returns those whose status changed;
// failures keep the last known status.
export async function refreshBatchItems(
  batchId: string,
  items: BatchItemStatus[],
  session: ApiSession,
  deps: ApiDeps,
  signal: AbortSignal,
): Promise<BatchItemStatus[]> {
  const cursors = getBatchRefreshCursors();
  const open = items.filter(unfinished);
  if (open.length === 0) {
    cursors.delete(batchId);
    return [];
  }
  const start = (cursors.get(batchId) ?? 0) % open.length;
  const chosen = [...open.slice(start), ...open.slice(0, start)].slice(0, REFRESH_PER_READ);
  cursors.set(batchId, start + chosen.length);
  const token = await deps.getUpstreamToken(session).catch(() => null);
  if (!token) return [];
  const changed: BatchItemStatus[] = [];
  const queue = [...chosen];
  const worker = async () => {
    for (let item = queue.shift(); item && !signal.aborted; item = queue.shift()) {
      const key = {
        tenant: session.tenant,
        packageId: item.packageId!,
        submissionName: item.submissionName!,
      };
      try {
        // The enrichers the catalogue reads an ended SIP's title, metadata and formats from.
        const enrichers = ["pluginreports", "metadata", "representations"] as const;
        const call = { token, tenant: session.tenant, enrichers, signal };
        const { body } = await deps.ingest.sipStatus(call, key.packageId, key.submissionName);
        if (body.status) {
          if (body.status !== item.status) changed.push(item);
          item.status = body.status;
          await deps.journal.recordStatus(key, body.status, body.pluginReports);
          await deps.catalogue.sipStatus(key.tenant, body, key.submissionName);
        }
      } catch {
        // Keep the last known status: the page asks again in a moment.
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return changed;
}
