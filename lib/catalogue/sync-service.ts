import "server-only";
// The sync inside the dashboard server: started by the admin page or the schedule, one run per
// process at a time (a second start joins the running one). The running run and the timer are
// process state, held by the server container so every route of one `next start` sees them.
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { getPreservationClient } from "@/lib/preservation";
import { getCatalogueSyncState } from "@/lib/server/container";
import { runCatalogueSync, type RunSummary } from "./sync-runner";

// Whether a run started by this process is under way.
export function syncRunning(): boolean {
  return getCatalogueSyncState().running !== undefined;
}

// Starts a run unless one is under way; resolves when it ends.
export function startCatalogueSync(): Promise<RunSummary> {
  const state = getCatalogueSyncState();
  state.running ??= (async () => {
    try {
      return await runCatalogueSync({
        db: await getDb(),
        client: getPreservationClient(),
        ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
      });
    } catch (error) {
      console.error("catalogue sync failed", error);
      return { outcome: "failed" as const, tenants: {} };
    } finally {
      state.running = undefined;
    }
  })();
  return state.running;
}

// Syncs every CATALOGUE_SYNC_MINUTES (the first a minute after start, once the server is up).
export function scheduleCatalogueSync(): void {
  const minutes = env.CATALOGUE_SYNC_MINUTES;
  const state = getCatalogueSyncState();
  if (minutes === 0 || state.schedule) return;
  const run = () => void startCatalogueSync();
  const first = setTimeout(() => {
    run();
    state.schedule = setInterval(run, minutes * 60_000);
    state.schedule.unref();
  }, 60_000);
  first.unref();
  state.schedule = first;
}
