import "server-only";
// Opens the dashboard database: PGlite in a folder by default, PostgreSQL when DATABASE_URL is set.
// Both apply lib/db/migrations once, at first use.
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import * as schema from "./schema";

export type DashboardSchema = typeof schema;
export type DashboardDb = PgDatabase<PgQueryResultHKT, DashboardSchema>;

export interface OpenedDashboardDb {
  db: DashboardDb;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

export interface OpenOptions {
  // PostgreSQL connection string; when absent PGlite is used.
  databaseUrl?: string;
  // Folder holding the PGlite database (created as `<dataDir>/db`); absent means in memory.
  dataDir?: string;
}

// Resolved from the working directory, not import.meta.url: the bundled server runs from .next/.
const migrationsFolder = path.join(process.cwd(), "lib", "db", "migrations");

// Opens a database and brings its schema up to date.
export async function openDashboardDb(options: OpenOptions): Promise<OpenedDashboardDb> {
  if (options.databaseUrl) {
    const client = postgres(options.databaseUrl, { max: 10, onnotice: () => {} });
    const db = drizzlePostgres(client, { schema });
    await migratePostgres(db, { migrationsFolder });
    return { db: db as unknown as DashboardDb, kind: "postgres", close: () => client.end() };
  }
  let client: PGlite;
  if (options.dataDir) {
    // PGlite creates only the last folder of its path.
    const dir = path.resolve(options.dataDir, "db");
    await mkdir(path.dirname(dir), { recursive: true });
    client = new PGlite(dir);
  } else {
    client = new PGlite();
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as DashboardDb, kind: "pglite", close: () => client.close() };
}
