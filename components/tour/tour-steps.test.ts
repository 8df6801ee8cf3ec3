import { describe, expect, it } from "vitest";
import { stepAfter, TOUR_STEPS } from "./tour-steps";

describe("TOUR_STEPS", () => {
  it("visits the five main flows in order, named as in the navigation", () => {
    expect(TOUR_STEPS.map((s) => s.title)).toEqual([
      "Overview",
      "Ingest",
      "Ingests",
      "Objects",
      "Profiles",
    ]);
    expect(TOUR_STEPS.every((s) => s.text.length > 40)).toBe(true);
  });
});

describe("stepAfter", () => {
  it("moves one step and stops at either end", () => {
    expect(stepAfter(0, 1)).toBe(1);
    expect(stepAfter(0, -1)).toBe(0);
    expect(stepAfter(4, 1)).toBe(4);
    expect(stepAfter(3, -1)).toBe(2);
  });
});
