import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createProgressTracker, percentOf } from "./progress";

const MB = 1024 * 1024;

describe("createProgressTracker", () => {
  it("settles on a steady rate and derives the time left from it", () => {
    const total = 100 * MB;
    const tracker = createProgressTracker(total, 0);
    let last = tracker.update(0, 0);
    // 2 MB/s, reported every 100 ms for 20 s.
    for (let t = 100; t <= 20_000; t += 100) last = tracker.update((2 * MB * t) / 1000, t);
    expect(last.bytesPerSecond).toBeCloseTo(2 * MB, -3);
    expect(last.secondsLeft).toBeCloseTo((total - last.loaded) / (2 * MB), 1);
  });

  it("counts bytes done before a resumed transfer started as done, not as speed", () => {
    const tracker = createProgressTracker(100 * MB, 0, { startLoaded: 60 * MB });
    tracker.update(60 * MB, 0);
    const later = tracker.update(61 * MB, 1000);
    expect(later.loaded).toBe(61 * MB);
    expect(later.bytesPerSecond).toBeCloseTo(MB, -3);
  });

  it("knows no rate before the first sample window", () => {
    const tracker = createProgressTracker(1000, 0);
    expect(tracker.update(10, 50)).toEqual({
      loaded: 10,
      total: 1000,
      bytesPerSecond: null,
      secondsLeft: null,
    });
  });

  it("follows a slowdown gradually instead of jumping", () => {
    const tracker = createProgressTracker(1000 * MB, 0);
    let loaded = 0;
    for (let t = 500; t <= 10_000; t += 500) tracker.update((loaded += 5 * MB), t);
    const after = tracker.update((loaded += 0.5 * MB), 10_500);
    expect(after.bytesPerSecond!).toBeLessThan(10 * MB);
    expect(after.bytesPerSecond!).toBeGreaterThan(1 * MB);
  });

  it("never gives a negative, infinite or NaN figure, even when a retry starts over", () => {
    const step = fc.record({
      loaded: fc.integer({ min: -10, max: 2000 }),
      dt: fc.integer({ min: 0, max: 5000 }),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1500 }),
        fc.array(step, { maxLength: 40 }),
        (total, steps) => {
          const tracker = createProgressTracker(total, 0);
          let now = 0;
          for (const { loaded, dt } of steps) {
            now += dt;
            const p = tracker.update(loaded, now);
            expect(p.loaded).toBeGreaterThanOrEqual(0);
            expect(p.loaded).toBeLessThanOrEqual(total);
            if (p.bytesPerSecond !== null)
              expect(Number.isFinite(p.bytesPerSecond) && p.bytesPerSecond >= 0).toBe(true);
            if (p.secondsLeft !== null)
              expect(Number.isFinite(p.secondsLeft) && p.secondsLeft >= 0).toBe(true);
            if (p.loaded === total) expect(p.secondsLeft).toBe(0);
          }
        },
      ),
    );
  });
});

describe("percentOf", () => {
  it("rounds down so 100% means done", () => {
    expect(percentOf({ loaded: 999, total: 1000 })).toBe(99);
    expect(percentOf({ loaded: 1000, total: 1000 })).toBe(100);
    expect(percentOf({ loaded: 0, total: 0 })).toBe(100);
  });
});
