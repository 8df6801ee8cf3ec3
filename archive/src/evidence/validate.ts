// ValidateEvidence: reads an evidence record in either syntax, recomputes the data object's digest and
// the hash tree, and verifies the time-stamp's signature and signer; every check says what it found.
import { createHash, type KeyObject } from "node:crypto";
import type { JWK } from "jose";
import { DerError } from "./asn1";
import { parseEvidenceRecordDer } from "./ers-der";
import { parseEvidenceRecordXml } from "./ers-xml";
import { isCoveredLeaf, recomputeRoot, SHA256_LENGTH } from "./hash-tree";
import { OID } from "./oids";
import {
  decodeBase64,
  EVIDENCE_FORMAT,
  EvidenceFormatError,
  type EvidenceFormat,
  type EvidenceRecordContent,
} from "./record";
import { jwkThumbprint, keyThumbprint } from "./timestamp";
import { readTimeStampToken, type TimeStampToken } from "./timestamp-token";
import { verifyTimeStampSignature } from "./timestamp-verify";

export type ValidationCheckName =
  | "format"
  | "data-object-digest"
  | "hash-tree"
  | "timestamp-token"
  | "timestamp-signature"
  | "timestamp-trust";

export interface ValidationCheck {
  name: ValidationCheckName;
  ok: boolean;
  detail: string;
}

export interface ValidationResult {
  valid: boolean;
  // ISO time of the proof of existence (the time-stamp's genTime); only for a valid record.
  poe?: string;
  format?: EvidenceFormat;
  checks: ValidationCheck[];
}

export interface ValidateEvidenceInput {
  // RFC 6283 XML (string or UTF-8 bytes), RFC 4998 DER bytes, or DER as a base64 string.
  record: string | Uint8Array;
  // The data object's bytes, or its SHA-256 digest; without either the record is checked on its own.
  dataObject?: Uint8Array;
  digest?: Uint8Array;
  // When given, the time-stamp must be signed by one of these keys (an empty list trusts no key).
  trustedKeys?: JWK[];
}

const LABEL: Record<EvidenceFormat, string> = {
  [EVIDENCE_FORMAT.xml]: "RFC 6283 (XML)",
  [EVIDENCE_FORMAT.der]: "RFC 4998 (DER)",
};

function readRecord(record: string | Uint8Array): {
  content: EvidenceRecordContent;
  format: EvidenceFormat;
} {
  const xml = (text: string) => ({
    content: parseEvidenceRecordXml(text),
    format: EVIDENCE_FORMAT.xml,
  });
  const der = (bytes: Uint8Array) => ({
    content: parseEvidenceRecordDer(bytes),
    format: EVIDENCE_FORMAT.der,
  });
  if (typeof record === "string") {
    return /^\uFEFF?\s*</.test(record)
      ? xml(record.replace(/^\uFEFF/, ""))
      : der(decodeBase64(record, "The record"));
  }
  if (record[0] === 0x30) return der(record);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(record);
  } catch {
    throw new EvidenceFormatError("The record is neither RFC 4998 DER nor UTF-8 encoded XML.");
  }
  if (!/^\s*</.test(text))
    throw new EvidenceFormatError("The record is neither RFC 4998 DER nor RFC 6283 XML.");
  return xml(text);
}

function message(error: unknown, fallback: string): string {
  return error instanceof EvidenceFormatError || error instanceof DerError
    ? error.message
    : fallback;
}

function thumbprintOrUndefined(jwk: JWK): string | undefined {
  try {
    return jwkThumbprint(jwk);
  } catch {
    return undefined;
  }
}

function trustOf(signerKey: KeyObject, trustedKeys: JWK[] | undefined): [boolean, string] {
  let signer: string;
  try {
    signer = keyThumbprint(signerKey);
  } catch {
    return [
      false,
      "The time-stamp signer's key is of a type that cannot be compared with trusted keys.",
    ];
  }
  if (!trustedKeys) {
    return [
      true,
      `No trusted keys were given, so the signer key embedded in the record (${signer}) was taken as it is.`,
    ];
  }
  return trustedKeys.some((jwk) => thumbprintOrUndefined(jwk) === signer)
    ? [true, `The time-stamp was signed by a trusted key (${signer}).`]
    : [false, `The time-stamp was signed by a key that is not among the trusted keys (${signer}).`];
}

function leafDigest(input: ValidateEvidenceInput): { leaf?: Buffer; problem?: string } {
  const fromObject = input.dataObject
    ? createHash("sha256").update(input.dataObject).digest()
    : undefined;
  const given = input.digest ? Buffer.from(input.digest) : undefined;
  if (given && given.length !== SHA256_LENGTH)
    return { problem: "The given digest is not a SHA-256 value (32 bytes)." };
  if (fromObject && given && !fromObject.equals(given)) {
    return { problem: "The given digest is not the SHA-256 digest of the given data object." };
  }
  return { leaf: fromObject ?? given };
}

// Validates one evidence record, optionally against its data object and a list of trusted TSA keys.
export async function validateEvidenceRecord(
  input: ValidateEvidenceInput,
): Promise<ValidationResult> {
  const checks: ValidationCheck[] = [];
  const add = (name: ValidationCheckName, ok: boolean, detail: string) =>
    checks.push({ name, ok, detail });
  let record: ReturnType<typeof readRecord>;
  try {
    record = readRecord(input.record);
  } catch (error) {
    add("format", false, message(error, "The record could not be read."));
    return { valid: false, checks };
  }
  const { content, format } = record;
  add(
    "format",
    true,
    `The record is a well-formed ${LABEL[format]} evidence record with one SHA-256 archive time-stamp.`,
  );

  let token: TimeStampToken | undefined;
  try {
    token = readTimeStampToken(content.timeStampToken);
    if (token.imprintAlgorithm !== OID.sha256) {
      throw new DerError(
        "The time-stamp covers a hash made with another algorithm than the record's SHA-256.",
      );
    }
    add(
      "timestamp-token",
      true,
      `The time-stamp is a well-formed RFC 3161 token issued at ${token.genTime.toISOString()}.`,
    );
  } catch (error) {
    token = undefined;
    add(
      "timestamp-token",
      false,
      `The time-stamp token is damaged: ${message(error, "it could not be read.")}`,
    );
  }

  const tree = content.reducedHashTree;
  const { leaf, problem } = leafDigest(input);
  if (problem) {
    add("data-object-digest", false, problem);
  } else if (!leaf) {
    add(
      "data-object-digest",
      true,
      "No data object or digest was given, so the record was checked without proving which data object it covers.",
    );
  } else if (tree.length > 0 || token) {
    const covered = isCoveredLeaf(tree, leaf, token?.hashedMessage ?? Buffer.alloc(0));
    add(
      "data-object-digest",
      covered,
      covered
        ? "The data object's SHA-256 digest is one of the hash values the record protects."
        : "The data object's SHA-256 digest is not in the record: the data object was changed, or the record belongs to another data object.",
    );
  }

  if (token) {
    if (tree.length === 0) {
      add(
        "hash-tree",
        true,
        "The record has no hash tree: its time-stamp covers one data object's digest directly.",
      );
    } else {
      const reaches = recomputeRoot(tree).equals(token.hashedMessage);
      add(
        "hash-tree",
        reaches,
        reaches
          ? "The reduced hash tree recomputes to the hash value the time-stamp covers."
          : "The reduced hash tree does not recompute to the hash value the time-stamp covers: a hash value in the record was changed.",
      );
    }
    const signature = verifyTimeStampSignature(token, content.certificates);
    const known = [signature.signerCertificate, ...token.certificates].filter(
      (raw): raw is Buffer => !!raw,
    );
    if (
      signature.ok &&
      content.certificates.some((raw) => !known.some((cert) => cert.equals(raw)))
    ) {
      add(
        "timestamp-signature",
        false,
        "The record lists a certificate that is neither the time-stamp signer's nor one of the token's own.",
      );
    } else {
      add("timestamp-signature", signature.ok, signature.detail);
    }
    if (signature.signerKey)
      add("timestamp-trust", ...trustOf(signature.signerKey, input.trustedKeys));
  }
  const valid = checks.every((check) => check.ok);
  return { valid, ...(valid && token ? { poe: token.genTime.toISOString() } : {}), format, checks };
}
