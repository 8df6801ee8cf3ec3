// A small DER (X.690) encoder and a strict decoder: enough ASN.1 for X.509 certificates, CMS SignedData,
// RFC 3161 time-stamp tokens and RFC 4998 evidence records. The decoder refuses every non-canonical
// encoding, so a changed byte in a record can never decode to the same values.

export const TAG = {
  boolean: 0x01,
  integer: 0x02,
  bitString: 0x03,
  octetString: 0x04,
  null: 0x05,
  oid: 0x06,
  utf8String: 0x0c,
  printableString: 0x13,
  utcTime: 0x17,
  generalizedTime: 0x18,
  sequence: 0x30,
  set: 0x31,
} as const;

export class DerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DerError";
  }
}

// One decoded TLV; `raw` is the complete encoding, `children` is set for constructed values.
export interface DerNode {
  tag: number;
  value: Buffer;
  raw: Buffer;
  children: DerNode[];
}

function encodeLength(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

// Encodes one TLV from a tag byte and its content octets.
export function tlv(tag: number, ...content: Uint8Array[]): Buffer {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), encodeLength(body.length), body]);
}

// SEQUENCE of already encoded items.
export function seq(...items: Uint8Array[]): Buffer {
  return tlv(TAG.sequence, ...items);
}

// X.690 11.6: the elements of a DER SET OF appear in ascending order of their encodings.
function compareForSet(a: Uint8Array, b: Uint8Array): number {
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const diff = (a[i] ?? 0) - (b[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

// SET OF already encoded items, sorted as DER requires.
export function set(...items: Uint8Array[]): Buffer {
  return tlv(TAG.set, ...[...items].sort(compareForSet));
}

// Context-specific constructed tag [n]: EXPLICIT wrapping, or IMPLICIT when given the inner contents.
export function contextTag(n: number, ...content: Uint8Array[]): Buffer {
  return tlv(0xa0 | n, ...content);
}

// INTEGER from a non-negative number, bigint or big-endian unsigned bytes.
export function integer(value: number | bigint | Uint8Array): Buffer {
  let bytes: Buffer;
  if (value instanceof Uint8Array) {
    bytes = Buffer.from(value);
  } else {
    let hex = BigInt(value).toString(16);
    if (hex.length % 2) hex = `0${hex}`;
    bytes = Buffer.from(hex, "hex");
  }
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  bytes = bytes.subarray(start);
  if (bytes.length === 0) bytes = Buffer.from([0]);
  if ((bytes[0] ?? 0) & 0x80) bytes = Buffer.concat([Buffer.from([0]), bytes]);
  return tlv(TAG.integer, bytes);
}

function base128(value: bigint): number[] {
  const out = [Number(value & 0x7fn)];
  for (let rest = value >> 7n; rest > 0n; rest >>= 7n) out.unshift(Number(rest & 0x7fn) | 0x80);
  return out;
}

// OBJECT IDENTIFIER from dotted notation.
export function oid(dotted: string): Buffer {
  const arcs = dotted.split(".").map((arc) => BigInt(arc));
  const [first = 0n, second = 0n, ...rest] = arcs;
  const bytes = [first * 40n + second, ...rest].flatMap(base128);
  return tlv(TAG.oid, Buffer.from(bytes));
}

// OCTET STRING.
export function octetString(bytes: Uint8Array): Buffer {
  return tlv(TAG.octetString, bytes);
}

// BIT STRING with no unused bits.
export function bitString(bytes: Uint8Array): Buffer {
  return tlv(TAG.bitString, Buffer.from([0]), bytes);
}

// UTF8String.
export function utf8String(text: string): Buffer {
  return tlv(TAG.utf8String, Buffer.from(text, "utf8"));
}

// BOOLEAN.
export function boolean(value: boolean): Buffer {
  return tlv(TAG.boolean, Buffer.from([value ? 0xff : 0]));
}

// GeneralizedTime in the DER form: UTC, "Z", fraction only when non-zero and without trailing zeros.
export function generalizedTime(time: Date): Buffer {
  const iso = time.toISOString();
  const digits = iso.slice(0, 19).replace(/[-T:]/g, "");
  const fraction = iso.slice(20, 23).replace(/0+$/, "");
  return tlv(
    TAG.generalizedTime,
    Buffer.from(`${digits}${fraction ? `.${fraction}` : ""}Z`, "ascii"),
  );
}

// UTCTime (two-digit year), as RFC 5280 requires for certificate dates before 2050.
export function utcTime(time: Date): Buffer {
  const digits = time.toISOString().slice(2, 19).replace(/[-T:]/g, "");
  return tlv(TAG.utcTime, Buffer.from(`${digits}Z`, "ascii"));
}

function decodeAt(input: Buffer, offset: number): DerNode {
  const tag = input[offset];
  if (tag === undefined) throw new DerError("The encoding ends where a value was expected.");
  if ((tag & 0x1f) === 0x1f)
    throw new DerError("The encoding uses a multi-byte tag, which is not expected here.");
  const first = input[offset + 1];
  if (first === undefined) throw new DerError("The encoding ends inside a length.");
  let length = first;
  let header = 2;
  if (first & 0x80) {
    const count = first & 0x7f;
    if (count === 0 || count > 4)
      throw new DerError("The encoding uses an indefinite or oversized length.");
    length = 0;
    for (let i = 0; i < count; i++) {
      const byte = input[offset + 2 + i];
      if (byte === undefined) throw new DerError("The encoding ends inside a length.");
      if (i === 0 && byte === 0) throw new DerError("A length is not in its shortest form.");
      length = length * 256 + byte;
    }
    if (length < 0x80) throw new DerError("A length is not in its shortest form.");
    header += count;
  }
  const end = offset + header + length;
  if (end > input.length) throw new DerError("A value is longer than the data that holds it.");
  const value = input.subarray(offset + header, end);
  const node: DerNode = { tag, value, raw: input.subarray(offset, end), children: [] };
  if (tag & 0x20) {
    for (let at = 0; at < value.length;) {
      const child = decodeAt(value, at);
      node.children.push(child);
      at += child.raw.length;
    }
  }
  return node;
}

// Decodes exactly one DER value that fills the whole input.
export function decodeDer(input: Uint8Array): DerNode {
  const buffer = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const node = decodeAt(buffer, 0);
  if (node.raw.length !== buffer.length)
    throw new DerError("Unexpected bytes follow the encoded value.");
  return node;
}

// The node if it carries the expected tag; `what` names it in the error sentence.
export function expectTag(node: DerNode | undefined, tag: number, what: string): DerNode {
  if (!node || node.tag !== tag) throw new DerError(`Expected ${what} but found something else.`);
  return node;
}

// A non-negative or negative INTEGER in its minimal encoding.
export function readInteger(node: DerNode | undefined, what: string): bigint {
  const { value } = expectTag(node, TAG.integer, what);
  const [b0, b1 = 0] = value;
  if (b0 === undefined) throw new DerError(`${what} is empty.`);
  if (value.length > 1 && ((b0 === 0 && b1 < 0x80) || (b0 === 0xff && b1 >= 0x80))) {
    throw new DerError(`${what} is not in its shortest form.`);
  }
  const unsigned = BigInt(`0x${value.toString("hex")}`);
  return b0 & 0x80 ? unsigned - (1n << BigInt(value.length * 8)) : unsigned;
}

// An OBJECT IDENTIFIER in dotted notation.
export function readOid(node: DerNode | undefined, what: string): string {
  const { value } = expectTag(node, TAG.oid, what);
  const arcs: bigint[] = [];
  let current = 0n;
  let fresh = true;
  for (const byte of value) {
    if (fresh && byte === 0x80) throw new DerError(`${what} is not in its shortest form.`);
    current = (current << 7n) | BigInt(byte & 0x7f);
    fresh = !(byte & 0x80);
    if (fresh) {
      arcs.push(current);
      current = 0n;
    }
  }
  const [head, ...rest] = arcs;
  if (head === undefined || !fresh) throw new DerError(`${what} is truncated.`);
  const prefix = head < 40n ? [0n, head] : head < 80n ? [1n, head - 40n] : [2n, head - 80n];
  return [...prefix, ...rest].join(".");
}

// A GeneralizedTime in the DER form, as a Date rounded up to the millisecond (never earlier than stated).
export function readGeneralizedTime(node: DerNode | undefined, what: string): Date {
  const text = expectTag(node, TAG.generalizedTime, what).value.toString("latin1");
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(?:\.(\d*[1-9]))?Z$/.exec(text);
  if (!match) throw new DerError(`${what} is not a UTC GeneralizedTime in DER form.`);
  const [, year, month, day, hour, minute, second, fraction = ""] = match;
  const iso = `${year}-${month}-${day}T${hour}:${minute}:${second}.000Z`;
  const time = new Date(iso);
  if (Number.isNaN(time.getTime()) || time.toISOString() !== iso) {
    throw new DerError(`${what} is not a real calendar time.`);
  }
  const millis = Number(fraction.padEnd(3, "0").slice(0, 3));
  const finer = /[1-9]/.test(fraction.slice(3)) ? 1 : 0;
  return new Date(time.getTime() + millis + finer);
}

// An AlgorithmIdentifier's OID; parameters may only be absent or NULL (true of every algorithm used here).
export function readAlgorithmIdentifier(node: DerNode | undefined, what: string): string {
  const [id, parameters, extra] = expectTag(node, TAG.sequence, what).children;
  if (extra || (parameters && !parameters.raw.equals(Buffer.from([TAG.null, 0])))) {
    throw new DerError(`${what} has parameters this validator does not support.`);
  }
  return readOid(id, what);
}
