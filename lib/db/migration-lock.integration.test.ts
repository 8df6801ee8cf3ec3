// Dashboard instances starting together on one empty PostgreSQL database: each applies the
// migrations, and none may fail because another created a table at the same moment
// (ARCHIVE_TEST_DATABASE_URL names a server this test may create databases on).
import { randomBytes } from "node:crypto";
import { is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { openDashboardDb, type OpenedDashboardDb } from "./client";
import * as schema from "./schema";

// The tables the migrations must have created, as the schema declares them.
const DECLARED_TABLES = Object.values(schema).filter((value) => is(value, PgTable)).length;

const adminUrl = process.env.ARCHIVE_TEST_DATABASE_URL;
const created: string[] = [];
const opened: OpenedDashboardDb[] = [];

async function emptyDatabase(): Promise<string> {
  const name = `scriptorium_migrate_${randomBytes(6).toString("hex")}`;
  const admin = postgres(adminUrl!, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  created.push(name);
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

describe.skipIf(!adminUrl)("migrations on PostgreSQL", () => {
  afterAll(async () => {
    await Promise.all(opened.map((db) => db.close()));
    const admin = postgres(adminUrl!, { max: 1, onnotice: () => {} });
    try {
      for (const name of created)
        await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  }, 60_000);

  it("lets several instances open one empty database at once", async () => {
    // Several rounds: a race lost once in a while is still a race.
    for (let round = 0; round < 3; round++) {
      const databaseUrl = await emptyDatabase();
      const results = await Promise.allSettled(
        Array.from({ length: 3 }, () => openDashboardDb({ databaseUrl })),
      );
      for (const result of results) if (result.status === "fulfilled") opened.push(result.value);
      const failures = results.flatMap((r) =>
        r.status === "rejected" ? [String((r.reason as Error).cause ?? r.reason)] : [],
      );
      expect(failures, `round ${round}`).toEqual([]);
      const tables = await opened
        .at(-1)!
        .db.execute(
          "select count(*)::int as n from information_schema.tables where table_schema = 'public'",
        );
      expect((tables as unknown as { n: number }[])[0]?.n).toBe(DECLARED_TABLES);
    }
  }, 120_000);
});
