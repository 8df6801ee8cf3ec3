// Evidence records for the preservation API: for each version, one record per data object proving that
// it existed at a time and is unchanged (RFC 4998 / RFC 6283 hash tree, RFC 3161 time-stamp by the
// archive's own TSA), their validation, and the validation report.
import { C14N_METHODS } from "./c14n";
import { serializeEvidenceRecordDer } from "./ers-der";
import { serializeEvidenceRecordXml } from "./ers-xml";
import { buildHashTree, SHA256_LENGTH } from "./hash-tree";
import { singleStampRecord } from "./record";
import type { Tsa } from "./timestamp";
import { readTimeStampToken } from "./timestamp-token";

export { EVIDENCE_FORMAT, type EvidenceFormat } from "./record";
export { canonicalizeXmlBytes, C14N_METHODS, CanonicalizationError } from "./c14n";
export type { DigestAlgorithm } from "./digests";
export {
  renewEvidenceRecords,
  type RenewalDataObject,
  type RenewalMode,
  type RenewedEvidence,
} from "./renew";
export { generateTsaKey, jwkThumbprint, loadTsa, type Tsa, type TsaKey } from "./timestamp";
export { remoteTsa, TsaUnavailableError } from "./timestamp-remote";
export {
  validateEvidenceRecord,
  type ValidateEvidenceInput,
  type ValidationCheck,
  type ValidationCheckName,
  type ValidationResult,
} from "./validate";
export {
  renderValidationReport,
  VALIDATION_REPORT_NAMESPACE,
  type ValidationReportContext,
} from "./report";

export interface EvidenceDataObject {
  id: string;
  // SHA-256 of the data object's bytes.
  sha256: Buffer;
  // For an XML data object (sent as xmlData): SHA-256 of its canonical form (Canonical XML 1.0),
  // which RFC 6283 verifiers hash. Both values go into the object's group of the hash tree, so
  // verifiers that hash the octets (RFC 4998) and those that canonicalize both find theirs.
  canonicalSha256?: Buffer;
}

export interface CreatedEvidenceRecord {
  id: string;
  // RFC 6283 (urn:ietf:rfc:6283)
  xml: string;
  // RFC 4998 (urn:ietf:rfc:4998)
  der: Uint8Array;
}

export interface CreatedEvidence {
  // ISO time the time-stamp states: the proof of existence of every data object.
  time: string;
  // The time-stamped root of the hash tree over all the data objects.
  root: Buffer;
  records: CreatedEvidenceRecord[];
}

export interface CreateEvidenceInput {
  dataObjects: readonly EvidenceDataObject[];
  tsa: Tsa;
  now?: Date;
}

// Creates one evidence record per data object, all sharing one hash tree and one time-stamp.
export async function createEvidenceRecords(input: CreateEvidenceInput): Promise<CreatedEvidence> {
  const { dataObjects, tsa } = input;
  if (dataObjects.length === 0) throw new RangeError("Evidence needs at least one data object.");
  if (new Set(dataObjects.map((object) => object.id)).size !== dataObjects.length) {
    throw new RangeError("Every data object needs its own id.");
  }
  for (const object of dataObjects) {
    if (
      object.sha256.length !== SHA256_LENGTH ||
      (object.canonicalSha256 && object.canonicalSha256.length !== SHA256_LENGTH)
    ) {
      throw new RangeError(
        `The digest of data object "${object.id}" is not a SHA-256 value (32 bytes).`,
      );
    }
  }
  const tree = buildHashTree(
    dataObjects.map((object) =>
      object.canonicalSha256 && !object.canonicalSha256.equals(object.sha256)
        ? [object.sha256, object.canonicalSha256]
        : object.sha256,
    ),
  );
  const timeStampToken = await tsa.timestamp({
    digest: tree.root,
    algorithm: "sha256",
    time: input.now ?? new Date(),
  });
  // The time is the token's: a remote authority states its own.
  const time = readTimeStampToken(timeStampToken).genTime;
  const records = dataObjects.map((object, index) => {
    const stamp = {
      reducedHashTree: tree.reducedTreeFor(index),
      timeStampToken,
      certificates: tsa.certificates,
    };
    const content = singleStampRecord(stamp, "sha256", C14N_METHODS.c14n);
    return {
      id: object.id,
      xml: serializeEvidenceRecordXml(content),
      der: serializeEvidenceRecordDer(content),
    };
  });
  return { time: time.toISOString(), root: tree.root, records };
}
