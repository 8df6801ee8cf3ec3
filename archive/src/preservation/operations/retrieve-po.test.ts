import { describe, expect, it } from "vitest";
import { PreservationError } from "../errors";
import type { PoEntry } from "../manifest";
import { checkInlineSize, MAX_INLINE_BYTES } from "./retrieve-po";

const version = (...sizes: number[]) => ({
  objects: sizes.map((size, i): PoEntry => ({
    id: `f${i}`,
    kind: "data",
    sha256: "0".repeat(64),
    size,
    mimeType: "application/octet-stream",
  })),
});

describe("checkInlineSize", () => {
  it("lets versions through up to the inline limit, summed over every version asked for", () => {
    expect(() =>
      checkInlineSize([version(MAX_INLINE_BYTES / 2), version(MAX_INLINE_BYTES / 2)]),
    ).not.toThrow();
  });

  it("refuses one byte more with notSupported and says what to ask for instead", () => {
    try {
      checkInlineSize([version(MAX_INLINE_BYTES / 2), version(MAX_INLINE_BYTES / 2, 1)]);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(PreservationError);
      expect((error as PreservationError).minor).toBe("notSupported");
      expect((error as PreservationError).message).toMatch(/sor Evidence/);
    }
  });
});
