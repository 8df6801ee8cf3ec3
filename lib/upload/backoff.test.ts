import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  backoffCeiling,
  backoffDelay,
  DEFAULT_BACKOFF,
  MAX_RETRY_AFTER_MS,
  retryActionFor,
  retryAfterMs,
} from "./backoff";

describe("backoff", () => {
  it("doubles the ceiling from one second up to thirty", () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((a) => backoffCeiling(a))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });

  it("waits between half the ceiling and the ceiling, whatever the dice say", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (attempt, r) => {
          const delay = backoffDelay(attempt, () => r);
          const ceiling = backoffCeiling(attempt);
          expect(delay).toBeGreaterThanOrEqual(Math.floor(ceiling / 2));
          expect(delay).toBeLessThanOrEqual(ceiling);
          expect(delay).toBeLessThanOrEqual(DEFAULT_BACKOFF.maxMs);
        },
      ),
    );
  });

  it("spreads retries: different dice, different waits", () => {
    expect(backoffDelay(3, () => 0)).toBe(2000);
    expect(backoffDelay(3, () => 1)).toBe(4000);
  });
});

describe("retryAfterMs", () => {
  it("reads seconds and HTTP dates, and caps long waits", () => {
    const now = Date.parse("2025-01-01T00:00:00Z");
    expect(retryAfterMs("7", now)).toBe(7000);
    expect(retryAfterMs("Wed, 01 Jan 2025 00:00:30 GMT", now)).toBe(30_000);
    expect(retryAfterMs("999999", now)).toBe(MAX_RETRY_AFTER_MS);
    expect(retryAfterMs("soon", now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });
});

describe("retryActionFor", () => {
  it.each([
    [null, "retry"],
    [0, "retry"],
    [500, "retry"],
    [503, "retry"],
    [429, "retry"],
    [400, "fresh-url"],
    [403, "fresh-url"],
    [413, "give-up"],
    [415, "give-up"],
  ] as const)("status %s -> %s", (status, action) => {
    expect(retryActionFor(status)).toBe(action);
  });
});
