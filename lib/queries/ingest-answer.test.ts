import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { IngestResponse } from "@scriptorium/contract/ingest/ingest-response";
import { ingestAnswer } from "./ingest-answer";

// An answer as an upstream might send it: the documented fields with right or wrong types, left out
// or not, and fields nobody documented.
const anything = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 2 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.string(), { maxKeys: 2 }),
);
const maybeString = fc.option(fc.oneof(fc.string(), anything), { nil: undefined });
const report = fc.oneof(
  fc.record(
    {
      executionDate: maybeString,
      pluginName: maybeString,
      message: maybeString,
      status: fc.option(fc.constantFrom("SUCCESS", "WARNING", "FAILURE", "SKIPPED"), {
        nil: undefined,
      }),
      extra: anything,
    },
    { requiredKeys: [] },
  ),
  anything,
);
const answer = fc.record(
  {
    packageId: fc.oneof(fc.string(), anything),
    packageType: maybeString,
    name: maybeString,
    status: fc.option(fc.constantFrom("PROCESSING", "INGESTED", "FAILED", "QUARANTINED"), {
      nil: undefined,
    }),
    submissionDate: maybeString,
    pluginReports: fc.option(fc.oneof(fc.array(report, { maxLength: 3 }), anything), {
      nil: undefined,
    }),
    permissions: fc.option(fc.oneof(fc.array(fc.string(), { maxLength: 3 }), anything), {
      nil: undefined,
    }),
    metadata: anything,
    representations: anything,
    undocumented: anything,
  },
  { requiredKeys: [] },
);

describe("the browser's check of an ingest answer", () => {
  it("accepts and refuses what the contract's schema does, and reads the same values", () => {
    fc.assert(
      fc.property(answer, (value) => {
        const contract = IngestResponse.safeParse(value);
        const browser = ingestAnswer.safeParse(value);
        expect(browser.success).toBe(contract.success);
        if (browser.success && contract.success) expect(browser.data).toEqual(contract.data);
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps what the archive sends beyond the documented fields", () => {
    const sent = {
      packageId: "pkg-1",
      name: "sip-1",
      status: "QUARANTINED",
      pluginReports: [{ pluginName: "virus-check", status: "SKIPPED", note: "kept" }],
      representations: [{ name: "a.pdf" }],
      rights: "open",
    };
    expect(ingestAnswer.safeParse(sent)).toEqual({ success: true, data: sent });
  });

  it("refuses an answer without a package id, or with reports that are not a list", () => {
    expect(ingestAnswer.safeParse({ name: "sip-1" }).success).toBe(false);
    expect(ingestAnswer.safeParse({ packageId: "p", pluginReports: "none" }).success).toBe(false);
    expect(ingestAnswer.safeParse("INGESTED").success).toBe(false);
  });
});
