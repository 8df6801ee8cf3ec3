// Opens the archive database: PGlite in a folder by default, PostgreSQL when a URL is given.
// Both run the same migrations from archive/drizzle at start. On PostgreSQL, which several
// processes may share, the migrations run one process at a time, and blob holds and removals also
// lock across processes.
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { openPgBlobLocks, type CrossProcessBlobLocks } from "../blobs/pg-blob-locks";
import { openPglite } from "./pglite-instance";
import { lockPgliteFolder } from "./pglite-lock";
import * as schema from "./schema";

export type ArchiveSchema = typeof schema;
export type ArchiveDb = PgDatabase<PgQueryResultHKT, ArchiveSchema>;

export interface OpenedDb {
  db: ArchiveDb;
  kind: "pglite" | "postgres";
  // Only on PostgreSQL: PGlite has one process, whose in-memory locks suffice.
  blobLocks?: CrossProcessBlobLocks;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL("../../drizzle", import.meta.url));

// The session-level advisory lock (two-key form) that migrations run under on PostgreSQL: class
// "SCRM", key 1 (the blob locks use class "SCRB"). Without it, archives starting together on an
// empty database raced on CREATE TABLE and all but one failed.
export const MIGRATION_LOCK = { classId: 0x5343524d, key: 1 } as const;

// Runs `migrate` while holding MIGRATION_LOCK on a connection of its own; ending that session
// releases the lock whatever happened, so a failed migration cannot leave it held.
async function migrateExclusively(
  databaseUrl: string,
  migrate: () => Promise<void>,
): Promise<void> {
  const lock = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await lock`select pg_advisory_lock(${MIGRATION_LOCK.classId}::int4, ${MIGRATION_LOCK.key}::int4)`;
    await migrate();
  } finally {
    await lock.end();
  }
}

export async function openArchiveDb(options: {
  dataDir: string;
  databaseUrl?: string;
}): Promise<OpenedDb> {
  if (options.databaseUrl) {
    const sql = postgres(options.databaseUrl, { max: 10, onnotice: () => {} });
    const db = drizzlePostgres(sql, { schema });
    await migrateExclusively(options.databaseUrl, () => migratePostgres(db, { migrationsFolder }));
    const blobLocks = openPgBlobLocks(options.databaseUrl);
    return {
      db: db as unknown as ArchiveDb,
      kind: "postgres",
      blobLocks,
      async close() {
        await blobLocks.close();
        await sql.end();
      },
    };
  }
  // PGlite creates only the last folder of its path.
  const dir = path.join(options.dataDir, "db");
  await mkdir(path.dirname(dir), { recursive: true });
  const unlock = await lockPgliteFolder(options.dataDir);
  try {
    const client = await openPglite(dir);
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as ArchiveDb,
      kind: "pglite",
      async close() {
        await client.close();
        await unlock();
      },
    };
  } catch (error) {
    await unlock();
    throw error;
  }
}
