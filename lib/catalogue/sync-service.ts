import "server-only";
// The sync inside the dashboard server: started by the admin page or the schedule, one run per
// process at a time (a second start joins the running one). Routes do not share module state in
// one `next start`, so the running run and the timer live on globalThis.
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { getPreservationClient } from "@/lib/preservation";
import { runCatalogueSync, type RunSummary } from "./sync-runner";

const holder = globalThis as typeof globalThis & {
  __scriptoriumCatalogueSync?: Promise<RunSummary>;
  __scriptoriumCatalogueSchedule?: NodeJS.Timeout;
};

// Whether a run started by this process is under way.
export function syncRunning(): boolean {
  return holder.__scriptoriumCatalogueSync !== undefined;
}

// Starts a run unless one is under way; resolves when it ends.
export function startCatalogueSync(): Promise<RunSummary> {
  holder.__scriptoriumCatalogueSync ??= (async () => {
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
      holder.__scriptoriumCatalogueSync = undefined;
    }
  })();
  return holder.__scriptoriumCatalogueSync;
}

// Syncs every CATALOGUE_SYNC_MINUTES (the first a minute after start, once the server is up).
export function scheduleCatalogueSync(): void {
  const minutes = env.CATALOGUE_SYNC_MINUTES;
  if (minutes === 0 || holder.__scriptoriumCatalogueSchedule) return;
  const run = () => void startCatalogueSync();
  const first = setTimeout(() => {
    run();
    holder.__scriptoriumCatalogueSchedule = setInterval(run, minutes * 60_000);
    holder.__scriptoriumCatalogueSchedule.unref();
  }, 60_000);
  first.unref();
  holder.__scriptoriumCatalogueSchedule = first;
}
