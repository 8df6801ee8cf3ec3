// The content of one evidence record as both syntaxes carry it: a sequence of ArchiveTimeStampChains
// (a new chain for each hash-tree renewal), each a list of ArchiveTimeStamps (one more for each
// time-stamp renewal) with their reduced hash trees and RFC 3161 time-stamp tokens.
import type { DigestAlgorithm } from "./digests";
import type { ReducedHashTree } from "./hash-tree";

export const EVIDENCE_FORMAT = {
  xml: "urn:ietf:rfc:6283",
  der: "urn:ietf:rfc:4998",
} as const;

export type EvidenceFormat = (typeof EVIDENCE_FORMAT)[keyof typeof EVIDENCE_FORMAT];

export interface ArchiveTimeStampContent {
  // Empty when the time-stamp covers a single hash value directly.
  reducedHashTree: ReducedHashTree;
  // DER RFC 3161 TimeStampToken over the root of the hash tree.
  timeStampToken: Buffer;
  // DER X.509 certificates for verifying the token (RFC 6283 CryptographicInformation Type="CERT");
  // the RFC 4998 syntax has no place for them, its tokens carry their own.
  certificates: Buffer[];
}

export interface ArchiveTimeStampChainContent {
  // The hash algorithm of every hash value in the chain and of its time-stamps' imprints.
  digestAlgorithm: DigestAlgorithm;
  // RFC 6283 only: how XML data objects and renewed parts of the record are canonicalized.
  canonicalizationMethod: string;
  stamps: ArchiveTimeStampContent[];
}

export interface EvidenceRecordContent {
  chains: ArchiveTimeStampChainContent[];
}

// A record of one archive time-stamp: what sealing makes, before any renewal.
export function singleStampRecord(
  stamp: ArchiveTimeStampContent,
  digestAlgorithm: DigestAlgorithm,
  canonicalizationMethod: string,
): EvidenceRecordContent {
  return { chains: [{ digestAlgorithm, canonicalizationMethod, stamps: [stamp] }] };
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
