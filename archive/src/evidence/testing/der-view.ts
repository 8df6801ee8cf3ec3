// For tests: a generic view of DER bytes (tag, children, raw encoding) and builders of single values,
// both on asn1js, so that an encoding made with the evidence schemas is checked, and malformed input
// is built, without going through those same schemas.
import * as asn1js from "asn1js";

export interface DerNode {
  tag: number;
  raw: Buffer;
  children: DerNode[];
}

function view(block: asn1js.AsnType): DerNode {
  const { tagClass, tagNumber, isConstructed } = block.idBlock;
  const value = block.valueBlock as { value?: unknown };
  return {
    tag: ((tagClass - 1) << 6) | (isConstructed ? 0x20 : 0) | tagNumber,
    raw: Buffer.from(block.toBER()),
    children: isConstructed && Array.isArray(value.value) ? value.value.map(view) : [],
  };
}

// Decodes one DER value that fills the whole input.
export function decodeDer(input: Uint8Array): DerNode {
  const decoded = asn1js.fromBER(new Uint8Array(input));
  if (decoded.offset !== input.length) throw new Error("The input is not exactly one BER value.");
  return view(decoded.result);
}

function block(node: DerNode | undefined): asn1js.AsnType {
  if (!node) throw new Error("There is no value here.");
  return asn1js.fromBER(new Uint8Array(node.raw)).result;
}

export function readInteger(node: DerNode | undefined, what: string): bigint {
  const value = block(node);
  if (!(value instanceof asn1js.Integer)) throw new Error(`${what} is not an INTEGER.`);
  return value.toBigInt();
}

export function readOid(node: DerNode | undefined, what: string): string {
  const value = block(node);
  if (!(value instanceof asn1js.ObjectIdentifier)) throw new Error(`${what} is not an OID.`);
  return value.getValue();
}

const fromDer = (items: Uint8Array[]) =>
  items.map((item) => asn1js.fromBER(new Uint8Array(item)).result);
const encode = (value: asn1js.AsnType) => Buffer.from(value.toBER());

export const seq = (...items: Uint8Array[]) =>
  encode(new asn1js.Sequence({ value: fromDer(items) }));
export const integer = (value: number | bigint) => encode(asn1js.Integer.fromBigInt(value));
export const oid = (dotted: string) => encode(new asn1js.ObjectIdentifier({ value: dotted }));
export const octetString = (bytes: Uint8Array) =>
  encode(new asn1js.OctetString({ valueHex: new Uint8Array(bytes) }));
// Context-specific constructed tag [n] around already encoded values.
export const contextTag = (n: number, ...content: Uint8Array[]) =>
  encode(
    new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: n }, value: fromDer(content) }),
  );
