// The sync's progress and last run as GET /api/admin/catalogue/sync answers them (browser-safe).
import type { LastRun } from "./sync-cursor-types";

export interface TenantSyncStatus {
  tenant: string;
  // running: a run is under way, or stopped part-way (the next run resumes it).
  status: "idle" | "running";
  startedAt: string | null;
  updatedAt: string;
  prefixesDone: number;
  prefixesLeft: number;
  listed: number;
  retrieved: number;
  corrected: number;
  failed: number;
  lastError: string | null;
  lastRun: LastRun | null;
}

export interface CatalogueSyncStatus {
  // Whether this dashboard process is running a sync now.
  running: boolean;
  // Minutes between scheduled runs; 0 when there is no schedule.
  scheduleMinutes: number;
  // Whether the archive answers Search (null: could not tell), and why not.
  search: { available: boolean | null; reason: string };
  tenants: TenantSyncStatus[];
}
