import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Sha256, sha256Hex } from "./sha256";

const nodeHex = (chunks: readonly Uint8Array[]) => {
  const hash = createHash("sha256");
  for (const chunk of chunks) hash.update(chunk);
  return hash.digest("hex");
};

describe("Sha256", () => {
  it("gives the FIPS 180-2 test vectors", () => {
    const ascii = (s: string) => new TextEncoder().encode(s);
    expect(sha256Hex(ascii(""))).toBe(
      "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    );
    expect(sha256Hex(ascii("abc"))).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
    expect(sha256Hex(ascii("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"))).toBe(
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
    );
  });

  it("agrees with node:crypto on random data fed in random chunks", () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 300 }), { maxLength: 12 }), (chunks) => {
        const hash = new Sha256();
        for (const chunk of chunks) hash.update(chunk);
        expect(hash.hex()).toBe(nodeHex(chunks));
      }),
      { numRuns: 500 },
    );
  });

  it("agrees with node:crypto around every block and padding boundary", () => {
    for (let length = 0; length <= 200; length++) {
      const data = Uint8Array.from({ length }, (_, i) => (i * 31 + length) & 0xff);
      expect(sha256Hex(data), `length ${length}`).toBe(nodeHex([data]));
    }
  });

  it("refuses to be used after the digest", () => {
    const hash = new Sha256();
    hash.digest();
    expect(() => hash.update(new Uint8Array(1))).toThrow(/already produced its digest/);
  });
});
