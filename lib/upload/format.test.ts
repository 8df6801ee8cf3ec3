import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatBytes, formatBytesBeside, formatDuration, formatRate } from "./format";

describe("formatBytes", () => {
  it.each([
    [0, "0 bytes"],
    [1, "1 byte"],
    [1023, "1023 bytes"],
    [1024, "1 KB"],
    [1536, "1.5 KB"],
    [Math.round(3.2 * 1024 * 1024), "3.2 MB"],
    [10 * 1024 * 1024, "10 MB"],
    [1024 * 1024 - 1, "1 MB"],
    [5 * 1024 ** 3, "5 GB"],
  ])("%i bytes read %s", (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it("never shows 1024 of a unit, NaN or a negative size", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 50 }), (bytes) => {
        const text = formatBytes(bytes);
        expect(text).toMatch(/^\d+(\.\d)? (bytes?|KB|MB|GB|TB)$/);
        expect(text).not.toMatch(/^1024 (KB|MB|GB)/);
      }),
    );
    expect(formatBytes(Number.NaN)).toBe("unknown size");
  });
});

describe("formatBytesBeside", () => {
  it("gives exact bytes only when rounding would make two sizes read the same", () => {
    const limit = 10 * 1024 * 1024;
    expect(formatBytesBeside(limit + 1, limit)).toBe("10,485,761 bytes");
    expect(formatBytesBeside(limit * 2, limit)).toBe("20 MB");
    expect(formatBytesBeside(limit, limit)).toBe("10 MB");
  });
});

describe("formatRate and formatDuration", () => {
  it("read as a person would say them", () => {
    expect(formatRate(4.1 * 1024 * 1024)).toBe("4.1 MB/s");
    expect(formatRate(null)).toBe("—");
    expect(formatRate(0)).toBe("—");
    expect(formatDuration(0.4)).toBe("less than a second");
    expect(formatDuration(12.4)).toBe("12 s");
    expect(formatDuration(185)).toBe("3 min 5 s");
    expect(formatDuration(3840)).toBe("1 h 4 min");
    expect(formatDuration(null)).toBe("unknown");
  });
});
