import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  decodeDer,
  generalizedTime,
  integer,
  oid,
  readGeneralizedTime,
  readInteger,
  readOid,
  seq,
  set,
} from "./der";

describe("DER encoding", () => {
  it("round-trips integers of any size in their shortest form", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: (1n << 160n) - 1n }), (value) => {
        expect(readInteger(decodeDer(integer(value)), "n")).toBe(value);
      }),
    );
    expect(integer(128).toString("hex")).toBe("02020080");
    expect(integer(Buffer.from([0, 0, 5])).toString("hex")).toBe("020105");
  });

  it("round-trips object identifiers, including UUID arcs under 2.25", () => {
    for (const dotted of [
      "1.2.840.113549.1.7.2",
      "2.16.840.1.101.3.4.2.1",
      "2.25.34113152817314556275755971545659566141",
    ]) {
      expect(readOid(decodeDer(oid(dotted)), "oid")).toBe(dotted);
    }
    expect(oid("1.2.840.113549").toString("hex")).toBe("06062a864886f70d");
  });

  it("writes GeneralizedTime without trailing zeros in the fraction and reads it back", () => {
    const withMillis = new Date("2026-03-04T05:06:07.120Z");
    expect(decodeDer(generalizedTime(withMillis)).value.toString()).toBe("20260304050607.12Z");
    expect(decodeDer(generalizedTime(new Date("2026-03-04T05:06:07.000Z"))).value.toString()).toBe(
      "20260304050607Z",
    );
    expect(readGeneralizedTime(decodeDer(generalizedTime(withMillis)), "t").toISOString()).toBe(
      withMillis.toISOString(),
    );
  });

  it("reads finer fractions as the next millisecond, never earlier than stated", () => {
    const node = decodeDer(
      Buffer.concat([Buffer.from([0x18, 20]), Buffer.from("20260304050607.1231Z")]),
    );
    expect(readGeneralizedTime(node, "t").toISOString()).toBe("2026-03-04T05:06:07.124Z");
  });

  it("sorts the members of a SET OF by their encodings", () => {
    const members = [integer(300), integer(2), integer(1)];
    expect(decodeDer(set(...members)).children.map((child) => readInteger(child, "n"))).toEqual([
      1n,
      2n,
      300n,
    ]);
  });
});

describe("strict DER decoding", () => {
  const reject = (hex: string) => expect(() => decodeDer(Buffer.from(hex, "hex"))).toThrow();

  it("refuses non-canonical lengths, indefinite lengths and trailing bytes", () => {
    reject("30810100"); // long form for a length below 128
    reject("3080020101 0000".replace(/ /g, ""));
    reject("02010100");
    reject("300302010"); // truncated
  });

  it("refuses integers and identifiers that are not in their shortest form", () => {
    expect(() => readInteger(decodeDer(Buffer.from("02020001", "hex")), "n")).toThrow(/shortest/);
    expect(() => readOid(decodeDer(Buffer.from("0603808101", "hex")), "oid")).toThrow(/shortest/);
    expect(() =>
      readGeneralizedTime(decodeDer(Buffer.from("181032303236313333323035303630375a", "hex")), "t"),
    ).toThrow();
  });

  it("decodes nested structures into children with their raw encodings", () => {
    const encoded = seq(integer(1), seq(oid("1.2.3")));
    const node = decodeDer(encoded);
    expect(node.raw.equals(encoded)).toBe(true);
    expect(node.children).toHaveLength(2);
    expect(readOid(node.children[1]?.children[0], "oid")).toBe("1.2.3");
  });
});
