import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDashboardDb, type OpenedDashboardDb } from "./client";
import { auditLog, sessions } from "./schema";

describe("dashboard database", () => {
  let opened: OpenedDashboardDb;
  beforeAll(async () => {
    opened = await openDashboardDb({});
  });
  afterAll(() => opened.close());

  it("creates every table the dashboard uses", async () => {
    const rows = await opened.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
    );
    const names = (Array.isArray(rows) ? rows : rows.rows).map((r) => r.table_name);
    expect(names).toEqual([
      "audit_log",
      "deletion_requests",
      "sessions",
      "settings",
      "submissions",
      "upstream_tokens",
    ]);
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
