// Opens the archive database: PGlite in a folder by default, PostgreSQL when a URL is given.
// Both run the same migrations from archive/drizzle at start. On PostgreSQL, which several
// processes may share, blob holds and removals also lock across processes.
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { openPgBlobLocks, type CrossProcessBlobLocks } from "../blobs/pg-blob-locks";
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

export async function openArchiveDb(options: {
  dataDir: string;
  databaseUrl?: string;
}): Promise<OpenedDb> {
  if (options.databaseUrl) {
    const sql = postgres(options.databaseUrl, { max: 10, onnotice: () => {} });
    const db = drizzlePostgres(sql, { schema });
    await migratePostgres(db, { migrationsFolder });
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
  const client = new PGlite(dir);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as ArchiveDb, kind: "pglite", close: () => client.close() };
}
