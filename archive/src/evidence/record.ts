// The content of one evidence record as both syntaxes carry it: one ArchiveTimeStampChain holding one
// ArchiveTimeStamp (SHA-256) with its reduced hash tree and its RFC 3161 time-stamp token.
import type { ReducedHashTree } from "./hash-tree";

export const EVIDENCE_FORMAT = {
  xml: "urn:ietf:rfc:6283",
  der: "urn:ietf:rfc:4998",
} as const;

export type EvidenceFormat = (typeof EVIDENCE_FORMAT)[keyof typeof EVIDENCE_FORMAT];

export interface EvidenceRecordContent {
  // Empty when the time-stamp covers a single data object's digest directly.
  reducedHashTree: ReducedHashTree;
  // DER RFC 3161 TimeStampToken over the root of the hash tree.
  timeStampToken: Buffer;
  // DER X.509 certificates for verifying the token (RFC 6283 CryptographicInformation Type="CERT").
  certificates: Buffer[];
}

// Thrown by the parsers; the message is a sentence a person understands.
export class EvidenceFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EvidenceFormatError";
  }
}

// Strict base64 (whitespace allowed between characters, as in XML base64Binary): unlike Buffer.from,
// it refuses stray characters and non-canonical padding, so a changed character is never ignored.
export function decodeBase64(text: string, what: string): Buffer {
  const compact = text.replace(/[ \t\r\n]/g, "");
  if (
    !/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(compact) ||
    compact === ""
  ) {
    throw new EvidenceFormatError(`${what} is not valid base64.`);
  }
  const bytes = Buffer.from(compact, "base64");
  if (bytes.toString("base64") !== compact)
    throw new EvidenceFormatError(`${what} is not canonical base64.`);
  return bytes;
}
