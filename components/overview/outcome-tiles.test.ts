import { describe, expect, it } from "vitest";
import { percent, splitPercent } from "./outcome-tiles";

describe("percent", () => {
  it("rounds, keeps a small share visible and says when there is nothing to divide", () => {
    expect(percent(1, 4)).toBe("25%");
    expect(percent(1, 300)).toBe("<1%");
    expect(percent(0, 5)).toBe("0%");
    expect(percent(3, 0)).toBe("—");
  });
});

describe("splitPercent", () => {
  it("gives two shares that add up to a hundred", () => {
    expect(splitPercent(7, 1)).toEqual(["88%", "12%"]);
    expect(splitPercent(2, 1)).toEqual(["67%", "33%"]);
    expect(splitPercent(5, 0)).toEqual(["100%", "0%"]);
    expect(splitPercent(0, 0)).toEqual(["—", "—"]);
  });

  it("never shows 0% for a share that exists", () => {
    expect(splitPercent(999, 1)).toEqual(["100%", "<1%"]);
  });
});
