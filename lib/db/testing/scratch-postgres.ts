// A throwaway PostgreSQL database for the dashboard's tests, made on the server that
// ARCHIVE_TEST_DATABASE_URL names (scripts/ci-postgres.sh starts one; CI sets it) and dropped after.
import { randomBytes } from "node:crypto";
import postgres from "postgres";

// The server the PostgreSQL variants of tests run on; unset, they are skipped.
export const SCRATCH_SERVER_URL = process.env.ARCHIVE_TEST_DATABASE_URL;

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function scratchDatabase(prefix = "scriptorium_test"): Promise<ScratchDatabase> {
  if (!SCRATCH_SERVER_URL) throw new Error("ARCHIVE_TEST_DATABASE_URL names no PostgreSQL server.");
  const server = SCRATCH_SERVER_URL;
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = () => postgres(server, { max: 1, onnotice: () => {} });
  const create = admin();
  await create.unsafe(`CREATE DATABASE ${name}`).finally(() => create.end());
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const sql = admin();
      await sql.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => sql.end());
    },
  };
}
