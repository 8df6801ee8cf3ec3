// ASN.1 through @peculiar/asn1-schema: declaring schema classes, encoding them as DER, and reading DER
// strictly. The library reads BER leniently (any length form, trailing bytes), so a value is accepted
// only when it encodes back to exactly the bytes it was read from: a changed byte in a record can then
// never decode to the same values.
import type { AsnTypeTypes } from "@peculiar/asn1-schema";
import {
  AsnConvert,
  AsnGeneralizedTimeConverter,
  AsnProp,
  AsnType,
  type IAsnConverter,
  type IAsnConvertible,
} from "@peculiar/asn1-schema";
import type { AlgorithmIdentifier } from "@peculiar/asn1-x509";
import { Any, RawData, type AsnType as AsnBlock, type GeneralizedTime } from "asn1js";

export class DerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DerError";
  }
}

type PropOptions = Parameters<typeof AsnProp>[0];
type Fields<T> = { [K in keyof T & string]?: PropOptions };

// Declares the schema of a SEQUENCE, SET or CHOICE class, one field after the other in encoding order.
// These are the library's decorators applied as plain functions, which needs no compiler setting for
// decorators in any of the tools that run this code (tsx, vitest, tsc).
export function declareAsn<T>(target: new () => T, type: AsnTypeTypes, fields: Fields<T>): void {
  AsnType({ type })(target);
  for (const [key, options] of Object.entries(fields) as [string, PropOptions | undefined][]) {
    if (options) AsnProp(options)(target.prototype as object, key);
  }
}

// Declares a SEQUENCE OF or SET OF class (a subclass of the library's AsnArray).
export function declareAsnArray(
  target: new () => unknown[],
  type: AsnTypeTypes.Sequence | AsnTypeTypes.Set,
  itemType: PropOptions["type"],
): void {
  AsnType({ type, itemType })(target);
}

// The DER encoding of a schema object.
export function toDer(value: unknown): Buffer {
  return Buffer.from(AsnConvert.serialize(value));
}

// Reads exactly one DER value of the given schema that fills the whole input; `what` names it in errors.
export function parseDer<T>(input: Uint8Array | ArrayBuffer, type: new () => T, what: string): T {
  let value: T;
  let again: Buffer;
  try {
    value = AsnConvert.parse(input, type);
    again = toDer(value);
  } catch (error) {
    if (error instanceof DerError) throw error;
    throw new DerError(`${what} is not well-formed: its structure does not match.`);
  }
  const bytes =
    input instanceof ArrayBuffer
      ? Buffer.from(input)
      : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  if (!again.equals(bytes)) {
    throw new DerError(
      bytes.length > again.length && again.equals(bytes.subarray(0, again.length))
        ? "Unexpected bytes follow the encoded value."
        : `${what} is not in DER form: it does not encode back to the same bytes.`,
    );
  }
  return value;
}

// Reads a value whose bytes a signature covers (a TSTInfo, a signed attribute): changing them fails the
// signature, so the library's BER reading is enough and nothing is re-encoded.
export function parseSigned<T>(
  input: Uint8Array | ArrayBuffer,
  type: new () => T,
  what: string,
): T {
  try {
    return AsnConvert.parse(input, type);
  } catch (error) {
    if (error instanceof DerError) throw error;
    throw new DerError(`${what} is not well-formed: its structure does not match.`);
  }
}

// An AlgorithmIdentifier's OID; parameters may only be absent or NULL (true of every algorithm used here).
export function algorithmOf(algorithm: AlgorithmIdentifier | undefined, what: string): string {
  if (!algorithm) throw new DerError(`${what} is missing.`);
  if (algorithm.parameters !== undefined && algorithm.parameters !== null) {
    throw new DerError(`${what} has parameters this validator does not support.`);
  }
  return algorithm.algorithm;
}

// asn1js's RawData returns its bytes, but inside a constructed value nothing writes them: this one does.
// It also hands out one buffer instead of a fresh copy each time asn1js measures or writes the value.
class RawBlock extends RawData {
  private readonly encoded: ArrayBuffer;

  constructor(bytes: Uint8Array) {
    super();
    this.encoded = new Uint8Array(bytes).buffer;
  }

  override toBER(_sizeOnly?: boolean, writer?: { write(bytes: ArrayBuffer): void }): ArrayBuffer {
    writer?.write(this.encoded);
    return this.encoded;
  }
}

// A value of any type kept as its DER bytes and written back byte for byte: for a part that another
// reader decodes and checks on its own, or that is only hashed, so nothing is decoded or encoded twice.
export class RawDer implements IAsnConvertible<AsnBlock> {
  constructor(public bytes: Buffer = Buffer.alloc(0)) {}

  fromASN(block: AsnBlock): this {
    this.bytes = Buffer.from(block.valueBeforeDecodeView);
    return this;
  }

  toASN(): AsnBlock {
    return new RawBlock(this.bytes) as unknown as AsnBlock;
  }

  toSchema(name: string): ReturnType<IAsnConvertible["toSchema"]> {
    // asn1js's Any matches every value; it is a schema placeholder, not an encodable block.
    return new Any({ name }) as unknown as ReturnType<IAsnConvertible["toSchema"]>;
  }
}

// The same for a field of ANY type (a plain ArrayBuffer), as a converter.
export const rawAny: IAsnConverter<ArrayBuffer, AsnBlock> = {
  fromASN: (block) => new Uint8Array(block.valueBeforeDecodeView).buffer,
  toASN: (bytes) => new RawDer(Buffer.from(bytes)).toASN(),
};

// GeneralizedTime in its DER form (UTC, "Z", a fraction only without trailing zeros), read as the time
// it states rounded up to the millisecond, so a proof of existence is never earlier than the time-stamp
// says. The library's own converter accepts every BER form and drops digits past the millisecond.
export const derGeneralizedTime: IAsnConverter<Date, GeneralizedTime> = {
  fromASN(value) {
    const text = Buffer.from(value.valueBlock.valueHexView).toString("latin1");
    const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(?:\.(\d*[1-9]))?Z$/.exec(text);
    if (!match) throw new DerError("A time is not a UTC GeneralizedTime in DER form.");
    const [, year, month, day, hour, minute, second, fraction = ""] = match;
    const iso = `${year}-${month}-${day}T${hour}:${minute}:${second}.000Z`;
    const time = new Date(iso);
    if (Number.isNaN(time.getTime()) || time.toISOString() !== iso) {
      throw new DerError("A time is not a real calendar time.");
    }
    const millis = Number(fraction.padEnd(3, "0").slice(0, 3));
    const finer = /[1-9]/.test(fraction.slice(3)) ? 1 : 0;
    return new Date(time.getTime() + millis + finer);
  },
  toASN: (time) => AsnGeneralizedTimeConverter.toASN(time) as GeneralizedTime,
};
