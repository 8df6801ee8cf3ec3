// ValidateEvidence: reads an evidence record in either syntax, recomputes the data object's digests
// and every hash tree, and verifies each time-stamp's signature and signer and each renewal's link
// to what it renews (verify-stamps.ts); every check says what it found.
import type { JWK } from "jose";
import { DerError } from "./asn1";
import { dataObjectDigests } from "./data-digests";
import { digestOf } from "./digests";
import {
  derPrecedingSequenceDigest,
  derStampRenewalDigest,
  parseEvidenceRecordDer,
} from "./ers-der";
import { parseEvidenceRecordXml, XmlRecordDigests } from "./ers-xml";
import { SHA256_LENGTH } from "./hash-tree";
import {
  decodeBase64,
  EVIDENCE_FORMAT,
  EvidenceFormatError,
  type EvidenceFormat,
  type EvidenceRecordContent,
} from "./record";
import { verifyStamps, type RenewalLinks, type ValidationCheck } from "./verify-stamps";

export type { ValidationCheck, ValidationCheckName } from "./verify-stamps";

export interface ValidationResult {
  valid: boolean;
  // ISO time of the proof of existence (the first time-stamp's genTime); only for a valid record.
  poe?: string;
  format?: EvidenceFormat;
  checks: ValidationCheck[];
}

export interface ValidateEvidenceInput {
  // RFC 6283 XML (string or UTF-8 bytes), RFC 4998 DER bytes, or DER as a base64 string.
  record: string | Uint8Array;
  // The data object's bytes, or its SHA-256 digest; without either the record is checked on its own.
  dataObject?: Uint8Array;
  // The data object is XML (it came as xmlData): its canonical form is hashed too (RFC 6283).
  xml?: boolean;
  digest?: Uint8Array;
  // When given, the time-stamps must be signed by one of these keys (an empty list trusts no key).
  trustedKeys?: JWK[];
  // When the validation happens (certificate validity of the last time-stamp); defaults to now.
  now?: Date;
}

const LABEL: Record<EvidenceFormat, string> = {
  [EVIDENCE_FORMAT.xml]: "RFC 6283 (XML)",
  [EVIDENCE_FORMAT.der]: "RFC 4998 (DER)",
};

export interface ReadRecord {
  content: EvidenceRecordContent;
  format: EvidenceFormat;
  links: RenewalLinks;
}

function xmlRecord(text: string): ReadRecord {
  const content = parseEvidenceRecordXml(text);
  let digests: XmlRecordDigests | undefined;
  const dom = () => (digests ??= new XmlRecordDigests(text));
  return {
    content,
    format: EVIDENCE_FORMAT.xml,
    links: {
      format: EVIDENCE_FORMAT.xml,
      stampDigest: (i, j) => dom().stampRenewalDigest(i, j, content.chains[i]!),
      sequenceDigest: (i) => dom().precedingSequenceDigest(i, content.chains[i]!),
    },
  };
}

function derRecord(bytes: Uint8Array): ReadRecord {
  const content = parseEvidenceRecordDer(bytes);
  return {
    content,
    format: EVIDENCE_FORMAT.der,
    links: {
      format: EVIDENCE_FORMAT.der,
      stampDigest: (i, j) =>
        derStampRenewalDigest(content.chains[i]!.stamps[j]!, content.chains[i]!.digestAlgorithm),
      sequenceDigest: (i) =>
        derPrecedingSequenceDigest(bytes, i, content.chains[i]!.digestAlgorithm),
      combine: (data, sequence, algorithm) => digestOf(algorithm, data, sequence),
    },
  };
}

// Reads a record in whichever syntax it is; throws EvidenceFormatError naming what is wrong.
export function readEvidenceRecord(record: string | Uint8Array): ReadRecord {
  if (typeof record === "string") {
    return /^\uFEFF?\s*</.test(record)
      ? xmlRecord(record.replace(/^\uFEFF/, ""))
      : derRecord(decodeBase64(record, "The record"));
  }
  if (record[0] === 0x30) return derRecord(record);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(record);
  } catch {
    throw new EvidenceFormatError("The record is neither RFC 4998 DER nor UTF-8 encoded XML.");
  }
  if (!/^\s*</.test(text))
    throw new EvidenceFormatError("The record is neither RFC 4998 DER nor RFC 6283 XML.");
  return xmlRecord(text);
}

function message(error: unknown, fallback: string): string {
  return error instanceof EvidenceFormatError || error instanceof DerError
    ? error.message
    : fallback;
}

function describe(content: EvidenceRecordContent): string {
  const stamps = content.chains.reduce((sum, chain) => sum + chain.stamps.length, 0);
  const algorithms = [...new Set(content.chains.map((chain) => chain.digestAlgorithm))].join(", ");
  if (stamps === 1) return `one ${algorithms} archive time-stamp`;
  return `${content.chains.length} chain(s) of ${stamps} archive time-stamps in all (${algorithms}): it was renewed`;
}

// Validates one evidence record, optionally against its data object and a list of trusted TSA keys.
export async function validateEvidenceRecord(
  input: ValidateEvidenceInput,
): Promise<ValidationResult> {
  const checks: ValidationCheck[] = [];
  let record: ReadRecord;
  try {
    record = readEvidenceRecord(input.record);
  } catch (error) {
    checks.push({
      name: "format",
      ok: false,
      detail: message(error, "The record could not be read."),
    });
    return { valid: false, checks };
  }
  const { content, format } = record;
  checks.push({
    name: "format",
    ok: true,
    detail: `The record is a well-formed ${LABEL[format]} evidence record with ${describe(content)}.`,
  });
  const given = input.digest ? Buffer.from(input.digest) : undefined;
  if (given && given.length !== SHA256_LENGTH) {
    checks.push({
      name: "data-object-digest",
      ok: false,
      detail: "The given digest is not a SHA-256 value (32 bytes).",
    });
    return { valid: false, format, checks };
  }
  if (given && input.dataObject && !digestOf("sha256", input.dataObject).equals(given)) {
    checks.push({
      name: "data-object-digest",
      ok: false,
      detail: "The given digest is not the SHA-256 digest of the given data object.",
    });
    return { valid: false, format, checks };
  }
  const data =
    input.dataObject || given
      ? dataObjectDigests({ bytes: input.dataObject, xml: input.xml, sha256: given })
      : undefined;
  const walk = verifyStamps({
    content,
    links: record.links,
    data,
    trustedKeys: input.trustedKeys,
    now: input.now ?? new Date(),
  });
  checks.push(...walk.checks);
  const valid = checks.every((check) => check.ok);
  return { valid, ...(valid && walk.poe ? { poe: walk.poe.toISOString() } : {}), format, checks };
}
