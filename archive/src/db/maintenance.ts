// PGlite runs PostgreSQL in single-user mode, without autovacuum: a row the archive updates or
// deletes leaves its old version in the table and in every index until a VACUUM, so the tables the
// ingest pipeline changes several times per SIP (its job, its submission, its package) would grow
// and slow down for as long as the archive lives. Measured on a database of 400 ingested SIPs,
// claiming a job on the empty queue took 3.2 ms before a VACUUM and 2.4 ms after. The archive
// therefore vacuums and analyzes those tables itself on PGlite: at start, after every
// VACUUM_EVERY_VERSIONS versions, and at least every VACUUM_INTERVAL_MS. A VACUUM skips the pages
// it found clean last time, so its cost follows what changed. PostgreSQL's autovacuum does this
// there.
import { sql } from "drizzle-orm";
import { createPeriodicTask, type PeriodicTask } from "../jobs/periodic";
import type { ArchiveDb } from "./client";

export const VACUUM_EVERY_VERSIONS = 500;
const VACUUM_INTERVAL_MS = 30 * 60_000;

// The tables whose rows are updated or deleted, not only added.
const CHANGING_TABLES = sql.raw(
  [
    "jobs",
    "submissions",
    "packages",
    "submission_blobs",
    "uploads",
    "upload_parts",
    "oidc_payloads",
    "sealed_versions",
  ]
    .map((table) => `"${table}"`)
    .join(", "),
);

export function vacuumChangingTables(db: Pick<ArchiveDb, "execute">): Promise<unknown> {
  return db.execute(sql`vacuum (analyze) ${CHANGING_TABLES}`);
}

export interface Vacuum extends PeriodicTask {
  // A version was added: every VACUUM_EVERY_VERSIONS of them wake the task.
  versionAdded(): void;
}

export function createVacuum(db: Pick<ArchiveDb, "execute">): Vacuum {
  const task = createPeriodicTask({
    run: () => vacuumChangingTables(db),
    intervalMs: VACUUM_INTERVAL_MS,
    onError: (error) => console.error("vacuuming the database failed", error),
  });
  let added = 0;
  return {
    ...task,
    versionAdded() {
      added += 1;
      if (added % VACUUM_EVERY_VERSIONS === 0) task.wake();
    },
  };
}
