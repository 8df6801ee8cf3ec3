import { describe, expect, it } from "vitest";
import { dayKey, fillDays, lastDays, longDay, safeTimeZone, shortDay } from "./days";

describe("safeTimeZone", () => {
  it("keeps a zone the runtime knows and falls back to UTC otherwise", () => {
    expect(safeTimeZone("Europe/Brussels")).toBe("Europe/Brussels");
    expect(safeTimeZone("Nowhere/Atlantis")).toBe("UTC");
    expect(safeTimeZone("Europe/Brussels'; drop table x;--")).toBe("UTC");
    expect(safeTimeZone(null)).toBe("UTC");
    expect(safeTimeZone("")).toBe("UTC");
  });
});

describe("dayKey and lastDays", () => {
  it("counts by the reader's midnight, not UTC's", () => {
    const instant = new Date("2025-03-09T23:30:00Z");
    expect(dayKey(instant, "UTC")).toBe("2025-03-09");
    expect(dayKey(instant, "Europe/Brussels")).toBe("2025-03-10");
    expect(dayKey(instant, "America/New_York")).toBe("2025-03-09");
  });

  it("lists the days up to today, oldest first, across a month and a year end", () => {
    expect(lastDays(new Date("2025-01-02T10:00:00Z"), "UTC", 4)).toEqual([
      "2024-12-30",
      "2024-12-31",
      "2025-01-01",
      "2025-01-02",
    ]);
    expect(lastDays(new Date("2024-03-01T10:00:00Z"), "UTC", 2)).toEqual([
      "2024-02-29",
      "2024-03-01",
    ]);
  });
});

describe("fillDays", () => {
  it("gives every day, zero where nothing happened, and drops rows outside the window", () => {
    const days = ["2025-01-01", "2025-01-02"];
    const filled = fillDays(days, [
      { day: "2025-01-02", kind: "ingested", count: 3 },
      { day: "2025-01-02", kind: "failed", count: 1 },
      { day: "2024-12-31", kind: "ingested", count: 9 },
    ]);
    expect(filled).toEqual([
      { day: "2025-01-01", ingested: 0, warned: 0, failed: 0, inProgress: 0 },
      { day: "2025-01-02", ingested: 3, warned: 0, failed: 1, inProgress: 0 },
    ]);
  });
});

describe("day names", () => {
  it("reads a key as a short and a long English date", () => {
    expect(shortDay("2025-11-21")).toBe("21 Nov");
    expect(longDay("2025-11-21")).toBe("Friday 21 November 2025");
  });
});
