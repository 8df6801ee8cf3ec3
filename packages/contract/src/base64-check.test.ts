import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { base64DecodedLength, isBase64 } from "./base64-check";

const encoded = fc
  .uint8Array({ maxLength: 300 })
  .map((bytes) => Buffer.from(bytes).toString("base64"));

describe("isBase64", () => {
  it("accepts the base64 of any byte array and knows its decoded length", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const s = Buffer.from(bytes).toString("base64");
        expect(isBase64(s)).toBe(true);
        expect(base64DecodedLength(s)).toBe(bytes.length);
      }),
    );
  });

  it("rejects an encoding with a character outside the standard alphabet", () => {
    const outside = fc.constantFrom("-", "_", " ", "\n", "!", ".", "é", "=");
    fc.assert(
      fc.property(
        encoded.filter((s) => s.length > 4),
        outside,
        fc.nat(),
        (s, bad, n) => {
          // Anywhere before the final quartet, so that "=" counts as misplaced padding too.
          const at = n % (s.length - 4);
          expect(isBase64(s.slice(0, at) + bad + s.slice(at + 1))).toBe(false);
        },
      ),
    );
  });

  it("rejects an encoding whose length is not a multiple of 4", () => {
    fc.assert(
      fc.property(
        encoded.filter((s) => s.length > 0),
        fc.nat(),
        (s, n) => {
          const at = n % s.length;
          expect(isBase64(s.slice(0, at) + s.slice(at + 1))).toBe(false);
        },
      ),
    );
  });

  it.each(["A===", "====", "QQ=A", "Q===", "QUJD=", "QUI"])("rejects the mispadded %j", (s) => {
    expect(isBase64(s)).toBe(false);
  });

  it("accepts the empty encoding of an empty file", () => {
    expect(isBase64("")).toBe(true);
  });

  it("checks a 10 MB body quickly", () => {
    const big = Buffer.alloc(10 * 1024 * 1024, 7).toString("base64");
    const started = performance.now();
    expect(isBase64(big)).toBe(true);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
