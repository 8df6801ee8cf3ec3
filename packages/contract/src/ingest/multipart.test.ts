import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { describeZodError } from "../zod-error";
import {
  CompleteUploadRequest,
  CreateUploadRequest,
  formatPartNumbers,
  MULTIPART_LIMITS,
  parsePartNumbers,
  partCountOf,
  partRange,
} from "./multipart";

const HEX = "a".repeat(64);

describe("part numbers", () => {
  it("formats runs as ranges and reads them back", () => {
    expect(formatPartNumbers([5, 1, 2, 3, 9, 10])).toBe("1-3,5,9-10");
    expect(parsePartNumbers("1-3,5,9-10", 10)).toEqual({ numbers: [1, 2, 3, 5, 9, 10] });
  });

  it("reads back whatever it formats", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 500 }), { minLength: 1 }), (list) => {
        const parsed = parsePartNumbers(formatPartNumbers(list), 500);
        expect(parsed).toEqual({ numbers: [...list].sort((a, b) => a - b) });
      }),
    );
  });

  it("refuses parts outside the upload, reversed ranges and other text with a sentence", () => {
    expect(parsePartNumbers("0-2", 4)).toEqual({
      problem: 'numbers names parts outside 1-4, the parts of this upload ("0-2")',
    });
    expect(parsePartNumbers("3-5", 4)).toMatchObject({ problem: expect.stringContaining("1-4") });
    expect(parsePartNumbers("3-2", 4)).toMatchObject({ problem: expect.stringContaining("3-2") });
    expect(parsePartNumbers("1;2", 4)).toMatchObject({
      problem: expect.stringContaining('such as "1-6,9"'),
    });
    expect(parsePartNumbers("", 4)).toMatchObject({ problem: expect.any(String) });
  });

  it("hands out at most maxPartsPerRequest at a time", () => {
    const limit = MULTIPART_LIMITS.maxPartsPerRequest;
    expect(parsePartNumbers(`1-${limit}`, MULTIPART_LIMITS.maxParts)).toMatchObject({
      numbers: expect.any(Array),
    });
    expect(parsePartNumbers(`1-${limit + 1}`, MULTIPART_LIMITS.maxParts)).toEqual({
      problem: `numbers may name at most ${limit} parts at a time`,
    });
  });
});

describe("the part layout", () => {
  it("cuts a file into parts of partSize, the last one shorter", () => {
    expect(partCountOf(20, 8)).toBe(3);
    expect([1, 2, 3].map((n) => partRange(20, 8, n))).toEqual([
      { start: 0, end: 8 },
      { start: 8, end: 16 },
      { start: 16, end: 20 },
    ]);
    expect(partCountOf(16, 8)).toBe(2);
    expect(partCountOf(5 * 1024 ** 4, MULTIPART_LIMITS.maxPartBytes)).toBe(
      MULTIPART_LIMITS.maxParts,
    );
  });
});

describe("requests", () => {
  it("takes sizes up to 5 TiB and part sizes of 8 to 64 MiB", () => {
    expect(CreateUploadRequest.safeParse({ size: 5 * 1024 ** 4 }).success).toBe(true);
    const tooLarge = CreateUploadRequest.safeParse({ size: 5 * 1024 ** 4 + 1 });
    expect(tooLarge.success || describeZodError(tooLarge.error)).toMatch(
      /size must be at most 5497558138880 bytes/,
    );
    const smallPart = CreateUploadRequest.safeParse({ size: 100, partSize: 1024 });
    expect(smallPart.success || describeZodError(smallPart.error)).toMatch(
      /partSize must be at least 8388608 bytes/,
    );
    const missing = CreateUploadRequest.safeParse({});
    expect(missing.success || describeZodError(missing.error)).toMatch(/size is required/);
  });

  it("takes a completion only with every part in order and SHA-256 digests in hex", () => {
    const parts = [1, 2, 3].map((partNumber) => ({ partNumber, sha256: HEX }));
    expect(CompleteUploadRequest.safeParse({ sha256: HEX, parts }).success).toBe(true);
    const gap = CompleteUploadRequest.safeParse({
      sha256: HEX,
      parts: [parts[0], parts[2]],
    });
    expect(gap.success || describeZodError(gap.error)).toMatch(
      /in order from 1 without gaps: entry 2 is part 3/,
    );
    const upper = CompleteUploadRequest.safeParse({ sha256: HEX.toUpperCase(), parts });
    expect(upper.success || describeZodError(upper.error)).toMatch(
      /sha256 must be a SHA-256 digest/,
    );
  });
});
