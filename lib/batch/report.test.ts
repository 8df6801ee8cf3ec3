import { describe, expect, it } from "vitest";
import { readCsv } from "./csv";
import { reportCsv, statusCounts } from "./report";

describe("reportCsv", () => {
  it("has one line per file, which a spreadsheet reads back", () => {
    const text = reportCsv([
      { files: ["a/one.pdf", "a/two.pdf"], packageId: "p-1", status: "INGESTED", message: "" },
      { files: ["b.pdf"], packageId: null, status: "not sent", message: 'Row 3: "b.pdf", late' },
    ]);
    const back = readCsv(new TextEncoder().encode(text));
    expect(back.headers).toEqual(["file", "package id", "status", "message"]);
    expect(back.rows.map((r) => r.cells)).toEqual([
      ["a/one.pdf", "p-1", "INGESTED", ""],
      ["a/two.pdf", "p-1", "INGESTED", ""],
      ["b.pdf", "", "not sent", 'Row 3: "b.pdf", late'],
    ]);
  });

  it("counts statuses, the most frequent first", () => {
    const p = (status: string) => ({ status });
    expect(statusCounts([p("FAILED"), p("INGESTED"), p("INGESTED")])).toBe("2 INGESTED, 1 FAILED");
  });
});
