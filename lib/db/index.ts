import "server-only";
// The dashboard database for the running server: opened once per process, on first use.
import { env } from "@/lib/env";
import { openDashboardDb, type DashboardDb, type OpenedDashboardDb } from "./client";

export type { DashboardDb } from "./client";

// Routes of one `next start` do not share module state, so the handle lives on globalThis.
const holder = globalThis as typeof globalThis & {
  __scriptoriumDashboardDb?: Promise<OpenedDashboardDb>;
};

// The shared database handle; concurrent first calls wait for the same opening.
export async function getDb(): Promise<DashboardDb> {
  holder.__scriptoriumDashboardDb ??= openDashboardDb({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DASHBOARD_DATA_DIR,
  }).catch((error: unknown) => {
    // Let the next request try again instead of caching the failure forever.
    holder.__scriptoriumDashboardDb = undefined;
    throw error;
  });
  return (await holder.__scriptoriumDashboardDb).db;
}
