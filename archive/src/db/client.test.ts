// Several archive processes may start on one empty PostgreSQL database at once (npm start with
// two instances, a restart beside a running one): each runs the migrations at start, and before
// they were serialised one of them failed on a duplicate table.
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../test/support/postgres";
import { openArchiveDb, type OpenedDb } from "./client";

const url = process.env.ARCHIVE_TEST_DATABASE_URL;

describe.skipIf(!url)("opening the archive database on PostgreSQL", () => {
  const databases: TestDatabase[] = [];
  const opened: OpenedDb[] = [];

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((db) => db.close()));
    await Promise.all(databases.splice(0).map((db) => db.drop()));
  });

  it("lets several archives migrate one empty database at the same time", async () => {
    // A few fresh databases, three archives each: one race lost is enough to fail.
    for (let round = 0; round < 3; round++) {
      const database = await createTestDatabase(url!);
      databases.push(database);
      const outcomes = await Promise.allSettled(
        Array.from({ length: 3 }, () =>
          openArchiveDb({ dataDir: "/nonexistent", databaseUrl: database.url }),
        ),
      );
      for (const outcome of outcomes)
        if (outcome.status === "fulfilled") opened.push(outcome.value);
      const failures = outcomes.flatMap((o) => (o.status === "rejected" ? [String(o.reason)] : []));
      expect(failures).toEqual([]);
      const [first] = opened.slice(-3);
      const tables = await first!.db.execute(
        "select count(*)::int as n from information_schema.tables where table_name = 'submissions'",
      );
      expect(tables).toMatchObject([{ n: 1 }]);
    }
  }, 120_000);
});
