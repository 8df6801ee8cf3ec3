import { describe, expect, it } from "vitest";
import { bucketIndex, durationBuckets, durationSentence } from "./durations";

describe("duration buckets", () => {
  it("puts a duration in the first bucket whose bound it does not pass", () => {
    expect(bucketIndex(0)).toBe(0);
    expect(bucketIndex(10)).toBe(0);
    expect(bucketIndex(10.5)).toBe(1);
    expect(bucketIndex(299)).toBe(3);
    expect(bucketIndex(7200)).toBe(5);
  });

  it("labels every bucket and fills missing counts with zero", () => {
    const buckets = durationBuckets([4, 1]);
    expect(buckets.map((b) => b.label)).toEqual([
      "up to 10 s",
      "10–30 s",
      "30 s–1 min",
      "1–5 min",
      "5–30 min",
      "over 30 min",
    ]);
    expect(buckets.map((b) => b.count)).toEqual([4, 1, 0, 0, 0, 0]);
    expect(buckets.at(-1)?.upToSeconds).toBeNull();
  });
});

describe("durationSentence", () => {
  it("says there is nothing when nothing finished", () => {
    const summary = {
      count: 0,
      medianSeconds: null,
      p90Seconds: null,
      buckets: durationBuckets([]),
    };
    expect(durationSentence(summary, 30)).toBe(
      "No submission reached a final status in the last 30 days.",
    );
  });

  it("names the median, the 90th percentile and the busiest bucket", () => {
    const summary = {
      count: 5,
      medianSeconds: 4,
      p90Seconds: 75,
      buckets: durationBuckets([4, 0, 0, 1]),
    };
    expect(durationSentence(summary, 30)).toBe(
      "5 submissions reached a final status in the last 30 days; half of them within 4 s, nine in ten within 1 min 15 s. Most took up to 10 s.",
    );
  });
});
