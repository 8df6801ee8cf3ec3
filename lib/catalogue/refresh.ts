import "server-only";
// Before the holdings are shown, the packages still "ingesting" in the catalogue are asked about
// again (a few, newest first): a row only moves on while someone watches its SIP, and one whose
// page was closed right after sending would otherwise stay "ingesting" until the next sync.
import { and, desc, eq, inArray, isNotNull } from "drizzle-orm";
import type { ApiDeps, ApiSession } from "@/lib/api/deps";
import type { DashboardDb } from "@/lib/db";
import { catalogueObjects } from "@/lib/db/schema";

const MAX_ROWS = 10;
const PARALLEL = 4;

// Asks the archive about up to MAX_ROWS unfinished packages of the session's tenant; failures
// leave the rows as they are (the list must open when the archive is down).
export async function refreshIngesting(
  db: DashboardDb,
  session: ApiSession,
  deps: Pick<ApiDeps, "getUpstreamToken" | "ingest" | "catalogue">,
  signal?: AbortSignal,
): Promise<number> {
  const t = catalogueObjects;
  const rows = await db
    .select({ poId: t.poId, submission: t.lastSubmission })
    .from(t)
    .where(
      and(
        eq(t.tenant, session.tenant),
        inArray(t.state, ["ingesting"]),
        isNotNull(t.lastSubmission),
      ),
    )
    .orderBy(desc(t.changedAt))
    .limit(MAX_ROWS);
  if (rows.length === 0) return 0;
  const token = await deps.getUpstreamToken(session).catch(() => null);
  if (!token) return 0;
  let asked = 0;
  const queue = [...rows];
  const worker = async () => {
    for (let row = queue.shift(); row && !signal?.aborted; row = queue.shift()) {
      try {
        const enrichers = ["metadata", "representations"] as const;
        const call = { token, tenant: session.tenant, enrichers, ...(signal ? { signal } : {}) };
        const { body } = await deps.ingest.sipStatus(call, row.poId, row.submission!);
        await deps.catalogue.sipStatus(session.tenant, body, row.submission!);
        asked++;
      } catch {
        // Keep the row as it is.
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, rows.length) }, worker));
  return asked;
}
