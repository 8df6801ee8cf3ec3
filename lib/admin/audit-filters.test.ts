import { describe, expect, it } from "vitest";
import {
  auditCsvLine,
  auditFilterQuery,
  csvField,
  csvLine,
  dateRange,
  readAuditFilters,
} from "./audit-filters";

describe("csvField", () => {
  it("leaves plain values alone", () => {
    expect(csvField("object.delete")).toBe("object.delete");
    expect(csvField(42)).toBe("42");
    expect(csvField(null)).toBe("");
  });

  it("quotes commas, quotes and line breaks, doubling the quotes", () => {
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("line one\nline two")).toBe('"line one\nline two"');
    expect(csvField("cr\r")).toBe('"cr\r"');
  });

  it("defuses values a spreadsheet would run as a formula", () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField("+1")).toBe("'+1");
    expect(csvField("-2")).toBe("'-2");
    expect(csvField("@sum")).toBe("'@sum");
  });

  it("writes objects as JSON", () => {
    expect(csvField({ mode: "OnlySubDOs", n: 1 })).toBe('"{""mode"":""OnlySubDOs"",""n"":1}"');
  });
});

describe("CSV lines", () => {
  it("end each record with CRLF and keep the column order", () => {
    expect(csvLine(["a", "b,c"])).toBe('a,"b,c"\r\n');
    expect(
      auditCsvLine({
        id: 7,
        at: "2026-01-01T00:00:00.000Z",
        actorId: "admin",
        actorName: "Alan Admin",
        tenant: "demo",
        action: "object.delete",
        target: "po-1",
        outcome: "success",
        detail: null,
      }),
    ).toBe("7,2026-01-01T00:00:00.000Z,admin,Alan Admin,demo,object.delete,po-1,success,\r\n");
  });
});

describe("audit filters", () => {
  it("reads the filters a query string names and drops malformed ones", () => {
    const params = new URLSearchParams(
      "action=object.delete&actor=%20alan%20&outcome=maybe&from=2026-01-01&to=2026-13-45&target=po&other=x",
    );
    expect(readAuditFilters(params)).toEqual({
      action: "object.delete",
      actor: "alan",
      from: "2026-01-01",
      target: "po",
    });
  });

  it("drops a value holding U+0000, which the database cannot compare", () => {
    expect(readAuditFilters(new URLSearchParams("actor=a%00b&target=po"))).toEqual({
      target: "po",
    });
  });

  it("writes filters back to the same query string", () => {
    const filters = { action: "deletion.request", outcome: "denied" as const, to: "2026-02-01" };
    expect(readAuditFilters(new URLSearchParams(auditFilterQuery(filters)))).toEqual(filters);
    expect(auditFilterQuery({})).toBe("");
  });

  it("includes both whole days of a date range", () => {
    expect(dateRange({ from: "2026-01-01", to: "2026-01-02" })).toEqual({
      from: new Date("2026-01-01T00:00:00.000Z"),
      to: new Date("2026-01-02T23:59:59.999Z"),
    });
  });
});
