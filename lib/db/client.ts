import "server-only";
// Opens the dashboard database: PGlite in a folder by default, PostgreSQL when DATABASE_URL is set.
// Both apply lib/db/migrations once, at first use; on PostgreSQL one instance at a time.
import { createHash, randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
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

// PostgreSQL's buffer cache at 16 MB instead of the 128 MB initdb writes into postgresql.conf: in
// PGlite it is part of the WebAssembly heap, where every page it ever touched stays resident. Pages
// beyond it come from the operating system's file cache (PGlite reads its folder through Node's fs).
// Given at every start, so existing databases get it too. The archive does the same.
const PGLITE_OPTIONS = {
  startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"],
};

// Resolved from the working directory, not import.meta.url: the bundled server runs from .next/.
const migrationsFolder = path.join(process.cwd(), "lib", "db", "migrations");

// The advisory lock every dashboard instance takes on a PostgreSQL database while it migrates it:
// two instances starting on an empty database would otherwise both create the same tables, and
// one would fail. A fixed key (the first 8 bytes of SHA-256("scriptorium dashboard migrations"),
// as a signed 64-bit integer); advisory locks are per database, so the archive's cannot clash.
export const MIGRATION_LOCK_KEY = createHash("sha256")
  .update("scriptorium dashboard migrations")
  .digest()
  .readBigInt64BE(0)
  .toString();

// Runs `migrate` while holding the migration lock on a connection of its own (session-level, so
// it is released if this process dies mid-way); the others wait, then find nothing left to do.
async function withMigrationLock(client: postgres.Sql, migrate: () => Promise<void>) {
  const reserved = await client.reserve();
  try {
    await reserved`select pg_advisory_lock(${MIGRATION_LOCK_KEY}::bigint)`;
    try {
      await migrate();
    } finally {
      await reserved`select pg_advisory_unlock(${MIGRATION_LOCK_KEY}::bigint)`;
    }
  } finally {
    reserved.release();
  }
}

// Opens a database and brings its schema up to date.
export async function openDashboardDb(options: OpenOptions): Promise<OpenedDashboardDb> {
  if (options.databaseUrl) {
    const client = postgres(options.databaseUrl, { max: 10, onnotice: () => {} });
    const db = drizzlePostgres(client, { schema });
    await withMigrationLock(client, () => migratePostgres(db, { migrationsFolder }));
    return { db: db as unknown as DashboardDb, kind: "postgres", close: () => client.end() };
  }
  let client: PGlite;
  if (options.dataDir) {
    // PGlite creates only the last folder of its path.
    const dir = path.resolve(options.dataDir, "db");
    await mkdir(path.dirname(dir), { recursive: true });
    client = new PGlite(dir, PGLITE_OPTIONS);
  } else {
    client = await memoryDatabase();
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as DashboardDb, kind: "pglite", close: () => client.close() };
}

// In-memory databases (tests, benchmarks) start from a dump of one already migrated: creating a
// database runs initdb in WebAssembly, seconds of CPU each time, and loading a dump takes half.
// The dump lives in node_modules/.cache, named after the migrations it holds, so a new migration
// makes a new one; a dump PGlite cannot load is made again.
async function memoryDatabase(): Promise<PGlite> {
  const cache = path.join(process.cwd(), "node_modules", ".cache", "scriptorium");
  const file = path.join(cache, `dashboard-db-${await migrationsDigest()}.tar`);
  const dump = await readFile(file).catch(() => null);
  if (dump) {
    try {
      return await PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: new Blob([dump]) });
    } catch {
      // Written by another PGlite version, or cut short: made again below.
    }
  }
  const fresh = await PGlite.create(PGLITE_OPTIONS);
  await migratePglite(drizzlePglite(fresh, { schema }), { migrationsFolder });
  // Written aside and renamed, so a parallel test never reads half a dump.
  await mkdir(cache, { recursive: true });
  const partial = `${file}.${randomUUID()}`;
  await writeFile(partial, Buffer.from(await (await fresh.dumpDataDir("none")).arrayBuffer()));
  await rename(partial, file).catch(() => rm(partial, { force: true }));
  return fresh;
}

async function migrationsDigest(): Promise<string> {
  const hash = createHash("sha256");
  const entries = await readdir(migrationsFolder, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  for (const file of files)
    hash.update(path.relative(migrationsFolder, file)).update(await readFile(file));
  return hash.digest("hex").slice(0, 16);
}
