import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { uploadRowText } from "./progress-text";

const MB = 1024 * 1024;

describe("uploadRowText", () => {
  it("shows bytes, rate and time left while uploading", () => {
    const text = uploadRowText("scan.tiff", {
      phase: "uploading",
      attempt: 1,
      progress: { loaded: 12 * MB, total: 60 * MB, bytesPerSecond: 4 * MB, secondsLeft: 12 },
    });
    expect(text.status).toBe("12 MB of 60 MB · 4 MB/s · 12 s left");
    expect(text.percent).toBe(20);
    expect(text.announcement).toBe("Uploading scan.tiff: 0%.");
  });

  it("says when and why it tries again", () => {
    const text = uploadRowText("scan.tiff", {
      phase: "waiting",
      attempt: 2,
      retries: 5,
      delayMs: 4000,
      reason: "The connection to the archive was lost during the upload.",
    });
    expect(text.status).toBe(
      "The connection to the archive was lost during the upload. Trying again in 4 s (attempt 2 of 6).",
    );
    expect(text.percent).toBeNull();
  });

  it("announces only at every quarter, however often progress is reported", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 ** 9 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 200 }),
        (total, fractions) => {
          const announcements = new Set(
            fractions.map(
              (f) =>
                uploadRowText("a.bin", {
                  phase: "uploading",
                  attempt: 1,
                  progress: {
                    loaded: Math.floor(f * total),
                    total,
                    bytesPerSecond: null,
                    secondsLeft: null,
                  },
                }).announcement,
            ),
          );
          expect(announcements.size).toBeLessThanOrEqual(5);
        },
      ),
    );
  });
});
