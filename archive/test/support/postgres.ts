// A throwaway PostgreSQL database per test run, created next to the one ARCHIVE_TEST_DATABASE_URL
// names (which needs the CREATEDB right) and dropped at the end.
import { randomBytes } from "node:crypto";
import postgres from "postgres";

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

// Creates `scriptorium_test_<random>` on the server of `adminUrl`.
export async function createTestDatabase(adminUrl: string): Promise<TestDatabase> {
  const name = `scriptorium_test_${randomBytes(6).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
      try {
        await sql.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await sql.end();
      }
    },
  };
}
