// Runs the demo against the configured archive and dashboard database: the SIPs wave by wave,
// then PreservePO, the deletion and the review; prints what it found or did, and whether the
// archive answered as expected. Imported only after the environment is settled (lib/env reads it).
import { createSubmissionJournal } from "@/lib/api/journal";
import type { DashboardDb } from "@/lib/db";
import { openDashboardDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { getIngestClient } from "@/lib/ingest";
import { getPreservationClient } from "@/lib/preservation";
import { createPreservationClient } from "@/lib/preservation/client";
import { DEFAULT_UPSTREAM_SETTINGS } from "@/lib/api/upstream-fetch";
import { runCatalogueSync } from "@/lib/catalogue/sync-runner";
import { DELETIONS, PRESERVATIONS, REVIEWS, SIP_WAVES } from "./catalog";
import {
  ensureDeleted,
  ensurePreserved,
  ensureReviewed,
  wasDeleted,
  type ObjectContext,
  type StepResult,
} from "./objects";
import { ensureSip, type SipContext, type SipOutcome } from "./sips";
import type { DemoSip } from "./types";
import { createTokens, demoUsers } from "./upstream";

// At most this many SIPs in flight: the archive's worker pool is small.
const CONCURRENCY = 3;

async function inBatches<T, R>(
  items: readonly T[],
  size: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size)
    out.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  return out;
}

function sipLine(r: SipOutcome): string {
  const mark = r.ok ? "ok  " : "FAIL";
  const result = [r.status ?? "-", r.outcome && r.outcome !== "SUCCESS" ? `(${r.outcome})` : ""]
    .join(" ")
    .trim();
  const note = r.note ? `; ${r.note}` : "";
  return `${mark} ${r.action.padEnd(9)} ${r.step.tenant}/${r.step.packageId}/${r.step.submission} -> ${result}: ${r.step.about}${note}`;
}

function stepLine(r: StepResult): string {
  return `${r.ok ? "ok  " : "FAIL"} ${r.action.padEnd(9)} ${r.what}${r.note ? ` (${r.note})` : ""}`;
}

// Fills the archive and the journal; resolves true when everything ended as expected.
export async function runDemo(log: (line: string) => void): Promise<boolean> {
  // Opened here, not through getDb(), so it is closed (and PGlite flushed) when the demo ends.
  const opened = await openDashboardDb({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DASHBOARD_DATA_DIR,
  });
  try {
    return await fill(opened.db, log);
  } finally {
    await opened.close();
  }
}

async function fill(db: DashboardDb, log: (line: string) => void): Promise<boolean> {
  const token = createTokens();
  const users = await demoUsers();
  const objects: ObjectContext = { db, preservation: getPreservationClient(), token, users };
  const sips: SipContext = {
    db,
    journal: createSubmissionJournal(async () => db),
    ingest: getIngestClient(),
    token,
    users,
    wasDeleted: (tenant, packageId, actor) => wasDeleted(objects, tenant, packageId, actor),
  };

  let ok = true;
  for (const [i, wave] of SIP_WAVES.entries()) {
    log(`SIPs, wave ${i + 1} of ${SIP_WAVES.length}:`);
    const settle = (step: DemoSip): Promise<SipOutcome> =>
      ensureSip(sips, step).catch((error: unknown) => ({
        step,
        action: "skipped" as const,
        status: null,
        outcome: null,
        ok: false,
        note: error instanceof Error ? error.message : String(error),
      }));
    for (const result of await inBatches(wave, CONCURRENCY, settle)) {
      log(`  ${sipLine(result)}`);
      ok &&= result.ok;
    }
  }
  log("Preservation objects (PreservePO):");
  for (const item of PRESERVATIONS) {
    const result = await ensurePreserved(objects, item);
    log(`  ${stepLine(result)}`);
    ok &&= result.ok;
  }
  log("Deletions and reviews:");
  for (const item of DELETIONS) {
    const result = await ensureDeleted(objects, item);
    log(`  ${stepLine(result)}`);
    ok &&= result.ok;
  }
  for (const item of REVIEWS) {
    const result = await ensureReviewed(objects, item);
    log(`  ${stepLine(result)}`);
    ok &&= result.ok;
  }
  // The packages above went to the archive's APIs, not through the dashboard's routes that feed
  // the holdings catalogue: one sync brings them in, so /objects lists them from the first page
  // view instead of after the server's first scheduled sync.
  const summary = await runCatalogueSync({
    db,
    client: createPreservationClient({
      ...DEFAULT_UPSTREAM_SETTINGS,
      baseUrl: env.PRESERVATION_API_URL,
      tenantHeader: env.TENANT_HEADER,
      timeoutMs: env.UPSTREAM_TIMEOUT_MS,
      tokenMode: "service",
    }),
  }).catch((error: unknown) => ({
    outcome: "failed" as const,
    tenants: { all: { error: error instanceof Error ? error.message : String(error) } },
  }));
  log("Holdings catalogue (a sync with the archive):");
  for (const [tenant, run] of Object.entries(summary.tenants)) {
    log(
      "error" in run
        ? `  ${tenant}: not synced (${run.error}); the server's sync will bring them in`
        : `  ${tenant}: ${run.listed} listed, ${run.retrieved} read`,
    );
  }
  return ok;
}
