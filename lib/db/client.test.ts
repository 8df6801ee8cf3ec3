import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDashboardDb, type OpenedDashboardDb } from "./client";
import * as schema from "./schema";
import { auditLog, sessions } from "./schema";

describe("dashboard database", () => {
  let opened: OpenedDashboardDb;
  beforeAll(async () => {
    opened = await openDashboardDb({});
    // Creating a PGlite database takes seconds, more on a busy machine.
  }, 120_000);
  afterAll(() => opened.close());

  it("creates every table the dashboard uses", async () => {
    const result: unknown = await opened.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
    );
    // PGlite answers { rows }, postgres-js an array.
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      table_name: string;
    }[];
    const names = rows.map((r) => r.table_name);
    // Every table the schema declares, and nothing else: the migrations and the schema agree.
    const declared = Object.values(schema)
      .filter((value) => is(value, PgTable))
      .map((table) => getTableName(table))
      .sort();
    expect(names).toEqual(declared);
    expect(names).toContain("audit_log");
  });

  it("keeps audit rows once written", async () => {
    const { db } = opened;
    await db.insert(auditLog).values({
      actorId: "u1",
      actorName: "Ada",
      action: "test",
      outcome: "success",
    });
    const refused = { cause: { message: expect.stringMatching(/append-only/) } };
    await expect(db.update(auditLog).set({ outcome: "failure" })).rejects.toMatchObject(refused);
    await expect(db.delete(auditLog)).rejects.toMatchObject(refused);
    expect(await db.select().from(auditLog)).toHaveLength(1);
  });

  it("stores roles and tenants as lists", async () => {
    const { db } = opened;
    await db.insert(sessions).values({
      id: "s1",
      userId: "u1",
      userName: "Ada",
      roles: ["admin", "archivist"],
      tenants: ["demo"],
      tenant: "demo",
    });
    const [row] = await db.select().from(sessions);
    expect(row?.roles).toEqual(["admin", "archivist"]);
    expect(row?.lastSeenAt).toBeInstanceOf(Date);
  });
});
