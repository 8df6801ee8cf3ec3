import "server-only";
// Asks the archive about a batch's unfinished SIPs in bulk, a bounded number per status read:
// one page polling one endpoint instead of a stream per package. A cursor per batch walks the
// unfinished ones in turn, so a long batch is covered without asking about all of them at once;
// the cursors are the server container's, shared by every route module of the process.
import { isTerminalSipStatus } from "@scriptorium/contract/ingest/schemas";
import type { IngestResponse } from "@scriptorium/contract/ingest/schemas";
import type { ApiDeps, ApiSession } from "@/lib/api/deps";
import { getBatchRefreshCursors } from "@/lib/server/container";
import type { BatchItemStatus } from "./api-schemas";

// At most this many packages asked about per read of a batch, this many at a time: few enough
// that the archive keeps answering the batch's own ingests while a batch is still being sent.
export const REFRESH_PER_READ = 100;
const PARALLEL = 4;
// Once the page has sent every package (it says so), no ingest of the batch competes: a read asks
// about more of them, more at a time.
export const SETTLING_PER_READ = 300;
const SETTLING_PARALLEL = 8;

// A package is asked for its status alone (one look-up in the archive) and, once it has ended,
// once more with what the journal and the catalogue keep: the plugins' outcome, and the metadata
// and files' formats, so that a batch's packages can be found by description and format in the
// holdings without being opened one by one. When the batch's last read found most of the
// packages it asked about ended (small packages, a quick archive), the packages are asked with
// all of it at once: asking for the status alone first would mostly be a second call for nothing.
const ENRICHERS = ["pluginreports", "metadata", "representations"] as const;

// How far the status reads have walked a batch's unfinished packages, and whether the last read
// found most of those it asked about ended.
export interface BatchWalk {
  next: number;
  mostlyEnded: boolean;
}

function unfinished(item: BatchItemStatus): boolean {
  return (
    item.state === "sent" &&
    item.packageId !== null &&
    item.submissionName !== null &&
    (item.status === null || !isTerminalSipStatus(item.status))
  );
}

interface Answered {
  item: BatchItemStatus;
  body: IngestResponse & { status: string };
}

// The batch whose packages are read: its profile and owner journal a SIP the journal misses (the
// dashboard stopped between the archive's answer and the group's records).
export interface RefreshedBatch {
  id: string;
  profile: string | null;
  owner: { id: string; name: string };
}

// Refreshes up to REFRESH_PER_READ (SETTLING_PER_READ when settling) of `items` in place and
// returns those whose status changed; failures keep the last known status. What changed is
// journalled in one statement and catalogued in one transaction, however many packages it was.
export async function refreshBatchItems(
  batch: RefreshedBatch,
  items: BatchItemStatus[],
  session: ApiSession,
  deps: ApiDeps,
  signal: AbortSignal,
  { settling = false }: { settling?: boolean } = {},
): Promise<BatchItemStatus[]> {
  const perRead = settling ? SETTLING_PER_READ : REFRESH_PER_READ;
  const cursors = getBatchRefreshCursors();
  const open = items.filter(unfinished);
  if (open.length === 0) {
    cursors.delete(batch.id);
    return [];
  }
  const walk = cursors.get(batch.id) ?? { next: 0, mostlyEnded: false };
  const start = walk.next % open.length;
  const chosen = [...open.slice(start), ...open.slice(0, start)].slice(0, perRead);
  // Moved on before asking: a read made meanwhile (another tab) asks about the next ones.
  const moved: BatchWalk = { next: start + chosen.length, mostlyEnded: walk.mostlyEnded };
  cursors.set(batch.id, moved);
  const token = await deps.getUpstreamToken(session).catch(() => null);
  if (!token) return [];
  const allAtOnce = walk.mostlyEnded;
  const answered: Answered[] = [];
  let read = 0;
  let ended = 0;
  const queue = [...chosen];
  const worker = async () => {
    for (let item = queue.shift(); item && !signal.aborted; item = queue.shift()) {
      try {
        const call = { token, tenant: session.tenant, enrichers: [], signal };
        const first = allAtOnce ? { ...call, enrichers: ENRICHERS } : call;
        let { body } = await deps.ingest.sipStatus(first, item.packageId!, item.submissionName!);
        read++;
        if (body.status && isTerminalSipStatus(body.status)) ended++;
        if (!body.status || body.status === item.status) continue;
        if (!allAtOnce && isTerminalSipStatus(body.status)) {
          const enriched = { ...call, enrichers: ENRICHERS };
          ({ body } = await deps.ingest.sipStatus(enriched, item.packageId!, item.submissionName!));
          if (!body.status) continue;
        }
        answered.push({ item, body: { ...body, status: body.status } });
      } catch {
        // Keep the last known status: the page asks again in a moment.
      }
    }
  };
  await Promise.all(Array.from({ length: settling ? SETTLING_PARALLEL : PARALLEL }, worker));
  if (read > 0) moved.mostlyEnded = ended * 2 > read;
  if (answered.length === 0) return [];
  // Only what changed is written: a read of a hundred unchanged packages writes nothing.
  await record(batch, session.tenant, answered, deps);
  for (const { item, body } of answered) item.status = body.status;
  const changed = answered.map(({ item }) => item);
  return changed;
}

async function record(
  batch: RefreshedBatch,
  tenant: string,
  answered: Answered[],
  deps: ApiDeps,
): Promise<void> {
  try {
    await deps.journal.recordSubmissions(
      answered.map(({ item, body }) => ({
        tenant,
        packageId: item.packageId!,
        submissionName: item.submissionName!,
        profile: batch.profile,
        user: batch.owner,
        status: body.status,
        pluginReports: body.pluginReports,
      })),
    );
  } catch (error) {
    // The journal keeps the last status it knew: the next read asks about these again.
    console.error(
      `the statuses of ${answered.length} batch packages could not be journalled`,
      error,
    );
  }
  await deps.catalogue.sipStatuses(
    tenant,
    answered.map(({ item, body }) => ({ answer: body, submissionName: item.submissionName! })),
  );
}
