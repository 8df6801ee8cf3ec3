import { describe, expect, it } from "vitest";
import { parseIngestArgs, UsageError } from "./args";

describe("parseIngestArgs", () => {
  it("takes a folder and the defaults", () => {
    expect(parseIngestArgs(["letters"])).toMatchObject({
      folder: "letters",
      csv: null,
      profile: "default",
      tenant: "demo",
      grouping: null,
      concurrency: 3,
      wait: true,
      dryRun: false,
    });
  });

  it("reads every option", () => {
    const args = parseIngestArgs([
      "letters",
      "--csv",
      "m.csv",
      "--profile",
      "records-10y",
      "--grouping",
      "folder",
      "--concurrency",
      "8",
      "--no-wait",
      "--report",
      "r.csv",
    ]);
    expect(args).toMatchObject({
      csv: "m.csv",
      profile: "records-10y",
      grouping: "folder",
      concurrency: 8,
      wait: false,
      report: "r.csv",
    });
  });

  it("refuses what it cannot do with a sentence", () => {
    expect(() => parseIngestArgs([])).toThrow(/Name the folder to send/);
    expect(() => parseIngestArgs(["a", "b"])).toThrow(UsageError);
    expect(() => parseIngestArgs(["a", "--grouping", "pile"])).toThrow(/file, folder or one/);
    expect(() => parseIngestArgs(["a", "--concurrency", "0"])).toThrow(/1 to 32/);
  });
});
