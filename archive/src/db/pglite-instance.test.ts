// The archive's PGlite: a database created in a worker thread, opened with a small buffer cache,
// and queries that read dates, timestamps and intervals as drizzle expects, in and out of a
// transaction, though drizzle's per-query parsers are left out; and new databases copied from a
// template folder when the test suites ask for one.
import { access, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite, SHARED_BUFFERS, type ArchivePGlite } from "./pglite-instance";

let dir: string;
let client: ArchivePGlite;

// The suites set a template (vitest.config.ts): this file makes its first database with initdb.
const suiteTemplate = process.env.ARCHIVE_PGLITE_TEMPLATE;

beforeAll(async () => {
  delete process.env.ARCHIVE_PGLITE_TEMPLATE;
  dir = await mkdtemp(path.join(os.tmpdir(), "archive-pglite-"));
  client = await openPglite(path.join(dir, "db"));
}, 120_000);

afterAll(async () => {
  if (suiteTemplate === undefined) delete process.env.ARCHIVE_PGLITE_TEMPLATE;
  else process.env.ARCHIVE_PGLITE_TEMPLATE = suiteTemplate;
  await client?.close();
  await rm(dir, { recursive: true, force: true });
});

const TYPED = sql`select timestamptz '2024-05-01 10:00:00+00' as at, interval '90 minutes' as span,
  date '2024-05-01' as day, array[timestamptz '2024-05-01 10:00:00+00'] as ats, 42 as n`;

describe("the archive's PGlite", () => {
  it("creates the database and runs with its own buffer cache size", async () => {
    await expect(access(path.join(dir, "db", "PG_VERSION"))).resolves.toBeUndefined();
    const { rows } = await client.query<{ shared_buffers: string }>("show shared_buffers");
    expect(rows[0]?.shared_buffers).toBe(SHARED_BUFFERS);
  });

  it("answers drizzle's queries with dates, timestamps and intervals as text", async () => {
    const db = drizzle(client);
    const expected = {
      at: "2024-05-01 10:00:00+00",
      span: "01:30:00",
      day: "2024-05-01",
      ats: '{"2024-05-01 10:00:00+00"}',
      n: 42,
    };
    expect((await db.execute(TYPED)).rows).toEqual([expected]);
    const inTransaction = await db.transaction(async (tx) => (await tx.execute(TYPED)).rows);
    expect(inTransaction).toEqual([expected]);
  });

  it("still applies parsers a query brings of its own", async () => {
    const { rows } = await client.query<{ n: string }>("select 42 as n", [], {
      parsers: { [23]: (value: string) => `int ${value}` },
    });
    expect(rows).toEqual([{ n: "int 42" }]);
  });
});

describe("a template for new databases", () => {
  it("keeps the first new database as initdb left it, and makes the next ones from it", async () => {
    const template = path.join(dir, "cache", "template");
    process.env.ARCHIVE_PGLITE_TEMPLATE = template;
    try {
      const first = await openPglite(path.join(dir, "first"));
      await first.query("create table kept_out (n int)");
      await first.close();
      await expect(access(path.join(template, "PG_VERSION"))).resolves.toBeUndefined();
      // A file of the template's own: the next database is its copy, not another initdb's.
      await writeFile(path.join(template, "made-from-template"), "");

      const second = await openPglite(path.join(dir, "second"));
      try {
        await expect(
          access(path.join(dir, "second", "made-from-template")),
        ).resolves.toBeUndefined();
        // A copy of the template, which was taken before anything was written to the first.
        const { rows } = await second.query<{ n: number }>(
          "select count(*)::int as n from pg_tables where tablename = 'kept_out'",
        );
        expect(rows).toEqual([{ n: 0 }]);
        const { rows: buffers } = await second.query<{ shared_buffers: string }>(
          "show shared_buffers",
        );
        expect(buffers[0]?.shared_buffers).toBe(SHARED_BUFFERS);
      } finally {
        await second.close();
      }
    } finally {
      delete process.env.ARCHIVE_PGLITE_TEMPLATE;
    }
  }, 120_000);
});
