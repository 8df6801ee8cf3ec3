// The archive's PGlite: a database created in a worker thread, opened with a small buffer cache,
// and queries that read dates, timestamps and intervals as drizzle expects, in and out of a
// transaction, though drizzle's per-query parsers are left out.
import { access, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite, SHARED_BUFFERS, type ArchivePGlite } from "./pglite-instance";

let dir: string;
let client: ArchivePGlite;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "archive-pglite-"));
  client = await openPglite(path.join(dir, "db"));
}, 120_000);

afterAll(async () => {
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
