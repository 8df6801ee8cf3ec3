// The audit queries over a scratch (in-memory) dashboard database with the real migrations.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDashboardDb, type OpenedDashboardDb } from "@/lib/db/client";
import { recordAudit, type AuditEntry } from "@/lib/journal/audit";
import { auditActions, exportAudit, queryAudit } from "./audit-query";

let dashboard: OpenedDashboardDb;

const alan = { id: "admin", name: "Alan Admin" };
const ada = { id: "archivist", name: "Ada Archivist" };

beforeAll(async () => {
  dashboard = await openDashboardDb({});
  const entries: AuditEntry[] = [
    { actor: ada, action: "object.preserve", target: "po-100", outcome: "success", tenant: "demo" },
    {
      actor: alan,
      action: "deletion.request",
      target: "po-100",
      outcome: "success",
      tenant: "demo",
      detail: { reason: 'Old, "obsolete"' },
    },
    { actor: alan, action: "object.delete", target: "po-100", outcome: "failure", tenant: "demo" },
    { actor: ada, action: "object.delete", target: "po_2", outcome: "denied", tenant: "demo" },
    {
      actor: alan,
      action: "object.preserve",
      target: "secret",
      outcome: "success",
      tenant: "other",
    },
    { actor: alan, action: "auth.sign-in", target: null, outcome: "success", tenant: null },
  ];
  for (const entry of entries) await recordAudit(entry, dashboard.db);
}, 60_000);

afterAll(() => dashboard?.close());

const tenants = ["demo", "research"];

describe("queryAudit", () => {
  it("answers the admin's tenants and the dashboard's own entries, newest first", async () => {
    const { entries } = await queryAudit(dashboard.db, {}, tenants);
    expect(entries.map((e) => e.action)).toEqual([
      "auth.sign-in",
      "object.delete",
      "object.delete",
      "deletion.request",
      "object.preserve",
    ]);
  });

  it("filters by action, outcome, part of the actor's name and part of the target", async () => {
    const by = async (filters: Parameters<typeof queryAudit>[1]) =>
      (await queryAudit(dashboard.db, filters, tenants)).entries.map(
        (e) => `${e.actorName} ${e.action} ${e.target}`,
      );
    expect(await by({ action: "object.delete", outcome: "failure" })).toEqual([
      "Alan Admin object.delete po-100",
    ]);
    expect(await by({ actor: "ADA" })).toEqual([
      "Ada Archivist object.delete po_2",
      "Ada Archivist object.preserve po-100",
    ]);
    // An underscore typed in the target is a character, not a wildcard.
    expect(await by({ target: "po_" })).toEqual(["Ada Archivist object.delete po_2"]);
    expect(await by({ from: "2999-01-01" })).toEqual([]);
  });

  it("pages with a cursor", async () => {
    const first = await queryAudit(dashboard.db, {}, tenants, { limit: 2 });
    expect(first.entries).toHaveLength(2);
    const second = await queryAudit(dashboard.db, {}, tenants, {
      limit: 2,
      before: first.nextBefore!,
    });
    const third = await queryAudit(dashboard.db, {}, tenants, {
      limit: 2,
      before: second.nextBefore!,
    });
    expect([...first.entries, ...second.entries, ...third.entries]).toHaveLength(5);
    expect(third.nextBefore).toBeNull();
  });

  it("lists the actions the log holds", async () => {
    expect(await auditActions(dashboard.db)).toContain("deletion.request");
  });
});

describe("exportAudit", () => {
  const read = (stream: ReadableStream<Uint8Array>) => new Response(stream).text();

  it("streams CSV with a header row and escaped fields", async () => {
    const csv = await read(exportAudit(dashboard.db, { target: "po-100" }, tenants, "csv"));
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe("id,at,actorId,actorName,tenant,action,target,outcome,detail");
    expect(lines).toHaveLength(5);
    expect(csv).toContain('"{""reason"":""Old, \\""obsolete\\""""}"');
  });

  it("streams JSON that parses as the same entries the list shows", async () => {
    const json = JSON.parse(
      await read(exportAudit(dashboard.db, {}, tenants, "json")),
    ) as unknown[];
    const { entries } = await queryAudit(dashboard.db, {}, tenants);
    expect(json).toEqual(entries);
  });
});
