import { describe, expect, it } from "vitest";
import { countMax, countTicks, labelStep } from "./chart-axes";

describe("the count scale", () => {
  it("reaches a little above the tallest bar, and at least 4", () => {
    expect(countMax(0)).toBe(4);
    expect(countMax(3)).toBe(4);
    expect(countMax(11)).toBe(13);
    expect(countMax(9)).toBe(10);
  });

  it("puts grid lines at whole steps at least 30 px apart, from 0", () => {
    // 162 px for 0..13: 12.5 px per count, so a line every 5.
    expect(countTicks(13, 162)).toEqual([0, 5, 10]);
    // Room for a line per count.
    expect(countTicks(4, 162)).toEqual([0, 1, 2, 3, 4]);
    expect(countTicks(1100, 136)).toEqual([0, 500, 1000]);
  });
});

describe("the category labels", () => {
  const steps = [1, 2, 3, 5, 7, 10, 14];

  it("label every category while 48 px fit each, then every 2nd, 3rd, ...", () => {
    expect(labelStep(1500, 30, 48, steps)).toBe(1);
    expect(labelStep(900, 30, 48, steps)).toBe(2);
    expect(labelStep(600, 30, 48, steps)).toBe(3);
    expect(labelStep(300, 30, 48, steps)).toBe(5);
  });

  it("fall back to the widest step on a plot too narrow for any", () => {
    expect(labelStep(40, 30, 48, steps)).toBe(14);
    expect(labelStep(100, 0, 48, steps)).toBe(1);
  });
});
