import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDashboardDb, type OpenedDashboardDb } from "@/lib/db/client";
import { listAudit, recordAudit } from "./audit";

describe("audit log", () => {
  let opened: OpenedDashboardDb;
  beforeAll(async () => {
    opened = await openDashboardDb({});
    const admin = { id: "admin", name: "Alan Admin" };
    const archivist = { id: "archivist", name: "Ada Archivist" };
    await recordAudit(
      { actor: archivist, action: "auth.sign-in", outcome: "success", tenant: "demo" },
      opened.db,
    );
    await recordAudit(
      {
        actor: admin,
        action: "session.end",
        target: "user:archivist",
        outcome: "success",
        detail: { sessions: 2 },
      },
      opened.db,
    );
    await recordAudit(
      {
        actor: archivist,
        action: "object.delete",
        target: "po-1",
        outcome: "denied",
        tenant: "demo",
      },
      opened.db,
    );
    // Creating a PGlite database takes seconds, more on a busy machine.
  }, 120_000);
  afterAll(() => opened.close());

  it("lists entries newest first with who, what, target and outcome", async () => {
    const rows = await listAudit({}, opened.db);
    expect(rows.map((r) => r.action)).toEqual(["object.delete", "session.end", "auth.sign-in"]);
    expect(rows[1]).toMatchObject({
      actorId: "admin",
      actorName: "Alan Admin",
      target: "user:archivist",
      outcome: "success",
      detail: { sessions: 2 },
    });
    expect(rows[0]?.at).toBeInstanceOf(Date);
  });

  it("filters by actor, action, tenant and outcome, and pages with `before`", async () => {
    expect((await listAudit({ actorId: "archivist" }, opened.db)).map((r) => r.action)).toEqual([
      "object.delete",
      "auth.sign-in",
    ]);
    expect(await listAudit({ action: "session.end", tenant: "demo" }, opened.db)).toEqual([]);
    expect((await listAudit({ outcome: "denied" }, opened.db)).map((r) => r.target)).toEqual([
      "po-1",
    ]);
    const [newest] = await listAudit({ limit: 1 }, opened.db);
    const older = await listAudit({ before: newest?.id, limit: 5 }, opened.db);
    expect(older.map((r) => r.action)).toEqual(["session.end", "auth.sign-in"]);
    expect(await listAudit({ from: new Date(Date.now() + 60_000) }, opened.db)).toEqual([]);
  });
});
