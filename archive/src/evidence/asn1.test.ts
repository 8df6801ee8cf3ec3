import { AsnArray, AsnPropTypes, AsnTypeTypes } from "@peculiar/asn1-schema";
import { AlgorithmIdentifier } from "@peculiar/asn1-x509";
import { describe, expect, it } from "vitest";
import {
  algorithmOf,
  declareAsn,
  declareAsnArray,
  DerError,
  derGeneralizedTime,
  parseDer,
  parseSigned,
  RawDer,
  toDer,
} from "./asn1";

// Small schemas to exercise the reading rules with: SEQUENCE OF INTEGER, and a time with a raw value.
class Numbers extends AsnArray<number> {}
declareAsnArray(Numbers, AsnTypeTypes.Sequence, AsnPropTypes.Integer);

class Stamp {
  time = new Date(0);
  payload = new RawDer();
}
declareAsn(Stamp, AsnTypeTypes.Sequence, {
  time: { type: AsnPropTypes.GeneralizedTime, converter: derGeneralizedTime },
  payload: { type: RawDer },
});

const hex = (text: string) => Buffer.from(text.replace(/ /g, ""), "hex");
const gt = (text: string) => Buffer.concat([Buffer.from([0x18, text.length]), Buffer.from(text)]);
const stamp = (time: Buffer) => {
  const body = Buffer.concat([time, hex("0500")]);
  return Buffer.concat([Buffer.from([0x30, body.length]), body]);
};

describe("DER reading", () => {
  it("accepts exact DER and gives the values", () => {
    expect([...parseDer(hex("3007 020105 020200ff"), Numbers, "n")]).toEqual([5, 255]);
  });

  it("refuses non-canonical lengths, indefinite lengths and trailing bytes", () => {
    const reject = (input: string, message: RegExp) =>
      expect(() => parseDer(hex(input), Numbers, "The list")).toThrow(message);
    reject("308103 020105", /not in DER form/); // long form for a length below 128
    reject("3080 020105 0000", /not in DER form/);
    reject("3003 020105 00", /Unexpected bytes/);
    reject("3003 0201", /not well-formed/); // truncated
  });

  it("refuses integers that are not in their shortest form, and unknown trailing fields", () => {
    expect(() => parseDer(hex("3004 02020005"), Numbers, "n")).toThrow(/not in DER form/);
    // The library's schema matching alone skips a field it does not know; the re-encoding does not.
    const algorithm = hex("3009 0603 2a0304 0500 020101");
    expect(parseSigned(algorithm, AlgorithmIdentifier, "a").algorithm).toBe("1.2.3.4");
    expect(() => parseDer(algorithm, AlgorithmIdentifier, "a")).toThrow(/not in DER form/);
    expect(() => parseDer(hex("3006 0604 2a038003"), AlgorithmIdentifier, "a")).toThrow(
      /not in DER form/,
    );
  });

  it("keeps a raw value byte for byte and writes it back", () => {
    const input = stamp(gt("20260304050607Z"));
    const value = parseDer(input, Stamp, "s");
    expect(value.payload.bytes.toString("hex")).toBe("0500");
    expect(toDer(value).equals(input)).toBe(true);
  });

  it("accepts only absent or NULL algorithm parameters", () => {
    expect(algorithmOf(new AlgorithmIdentifier({ algorithm: "1.2.3" }), "a")).toBe("1.2.3");
    expect(
      algorithmOf(new AlgorithmIdentifier({ algorithm: "1.2.3", parameters: null }), "a"),
    ).toBe("1.2.3");
    expect(() =>
      algorithmOf(
        new AlgorithmIdentifier({ algorithm: "1.2.3", parameters: hex("020101").buffer }),
        "The algorithm",
      ),
    ).toThrow(DerError);
  });
});

describe("GeneralizedTime", () => {
  const read = (text: string) => parseSigned(stamp(gt(text)), Stamp, "s").time;

  it("writes GeneralizedTime without trailing zeros in the fraction and reads it back", () => {
    const withMillis = new Date("2026-03-04T05:06:07.120Z");
    const text = (time: Date) => Buffer.from(derGeneralizedTime.toASN(time).toBER()).subarray(2);
    expect(text(withMillis).toString()).toBe("20260304050607.12Z");
    expect(text(new Date("2026-03-04T05:06:07.000Z")).toString()).toBe("20260304050607Z");
    expect(read(text(withMillis).toString()).toISOString()).toBe(withMillis.toISOString());
  });

  it("reads finer fractions as the next millisecond, never earlier than stated", () => {
    expect(read("20260304050607.1231Z").toISOString()).toBe("2026-03-04T05:06:07.124Z");
    expect(read("20260304050607.1230001Z").toISOString()).toBe("2026-03-04T05:06:07.124Z");
  });

  it("refuses times that are not in the DER form or not on the calendar", () => {
    for (const text of ["20260304050607", "20260304050607.120Z", "20260230050607Z"]) {
      expect(() => read(text), text).toThrow(DerError);
    }
  });
});
