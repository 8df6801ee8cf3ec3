import { describe, expect, it } from "vitest";
import { createRecordedStatuses } from "./recorded-statuses";

describe("recorded SIP statuses", () => {
  it("knows an answer once remembered, and no other answer for the same SIP", () => {
    const statuses = createRecordedStatuses();
    expect(statuses.has("demo/p/s", "INGESTED")).toBe(false);
    statuses.remember("demo/p/s", "PROCESSING");
    expect(statuses.has("demo/p/s", "PROCESSING")).toBe(true);
    expect(statuses.has("demo/p/s", "INGESTED")).toBe(false);
    statuses.remember("demo/p/s", "INGESTED");
    expect(statuses.has("demo/p/s", "PROCESSING")).toBe(false);
  });

  it("forgets the SIP read longest ago once full", () => {
    const statuses = createRecordedStatuses(2);
    statuses.remember("a", "x");
    statuses.remember("b", "x");
    statuses.remember("a", "x");
    statuses.remember("c", "x");
    expect(statuses.has("b", "x")).toBe(false);
    expect(statuses.has("a", "x")).toBe(true);
    expect(statuses.has("c", "x")).toBe(true);
  });
});
