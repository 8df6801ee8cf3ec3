import { describe, expect, it } from "vitest";
import { dayParts, daysSentence } from "./day-series";

const day = (d: string, ingested = 0, warned = 0, failed = 0, inProgress = 0) => ({
  day: d,
  ingested,
  warned,
  failed,
  inProgress,
});

describe("dayParts", () => {
  it("names only what happened", () => {
    expect(dayParts(day("2025-01-01", 2, 1, 1, 0))).toBe("3 ingested (1 with warnings), 1 failed");
    expect(dayParts(day("2025-01-01", 0, 0, 0, 2))).toBe("2 in progress");
    expect(dayParts(day("2025-01-01"))).toBe("no submissions");
  });
});

describe("daysSentence", () => {
  it("sums the window and names the busiest day", () => {
    const days = [day("2025-11-20", 1), day("2025-11-21", 4, 1, 2, 0), day("2025-11-22")];
    expect(daysSentence(days)).toBe(
      "8 submissions from 20 Nov to 22 Nov, on 2 days; the busiest was Friday 21 November 2025: 5 ingested (1 with warnings), 2 failed.",
    );
  });

  it("says so when nothing was submitted", () => {
    expect(daysSentence([day("2025-11-20"), day("2025-11-21")])).toBe(
      "No submissions from 20 Nov to 21 Nov.",
    );
  });
});
