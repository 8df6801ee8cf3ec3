// RFC 4998 (ERS) evidence records in DER: EvidenceRecord, ArchiveTimeStampSequence/Chain,
// ArchiveTimeStamp with the digest algorithm [0] and the reduced hash tree [2], and the RFC 3161 token
// as its ContentInfo. The structures are declared in ers-schema.ts.
import { AlgorithmIdentifier } from "@peculiar/asn1-x509";
import { algorithmOf, DerError, parseDer, RawDer, toDer } from "./asn1";
import {
  ArchiveTimeStamp,
  ArchiveTimeStampChain,
  ArchiveTimeStampSequence,
  DigestAlgorithms,
  EvidenceRecord,
  PartialHashtree,
  ReducedHashtree,
} from "./ers-schema";
import { SHA256_LENGTH } from "./hash-tree";
import { OID } from "./oids";
import { EvidenceFormatError, type EvidenceRecordContent } from "./record";

const sha256 = () => new AlgorithmIdentifier({ algorithm: OID.sha256 });

// Encodes one evidence record as RFC 4998 DER. The certificates travel inside the token.
export function serializeEvidenceRecordDer(content: EvidenceRecordContent): Buffer {
  const tree = content.reducedHashTree.map(
    (list) =>
      new PartialHashtree(
        [...list].sort(Buffer.compare).map((hash) => new Uint8Array(hash).buffer),
      ),
  );
  const stamp = new ArchiveTimeStamp({
    digestAlgorithm: sha256(),
    reducedHashtree: tree.length > 0 ? new ReducedHashtree(tree) : undefined,
    timeStamp: new RawDer(content.timeStampToken),
  });
  const record = new EvidenceRecord({
    digestAlgorithms: new DigestAlgorithms([sha256()]),
    archiveTimeStampSequence: new ArchiveTimeStampSequence([new ArchiveTimeStampChain([stamp])]),
  });
  return toDer(record);
}

function fail(message: string): never {
  throw new EvidenceFormatError(message);
}

function only<T>(items: readonly T[], what: string, plural: string): T {
  const [single, another] = items;
  if (!single) fail(`The record's ${what} is empty.`);
  if (another) fail(`Renewed evidence records (more than one ${plural}) are not supported yet.`);
  return single!;
}

function readArchiveTimeStamp(
  stamp: ArchiveTimeStamp,
): Omit<EvidenceRecordContent, "certificates"> {
  if (
    stamp.digestAlgorithm &&
    algorithmOf(stamp.digestAlgorithm, "The archive time-stamp digest algorithm") !== OID.sha256
  ) {
    fail("The archive time-stamp uses another digest algorithm than SHA-256.");
  }
  if (stamp.attributes) fail("Archive time-stamp attributes are not supported.");
  const reducedHashTree = Array.from(stamp.reducedHashtree ?? [], (list) => {
    if (list.length === 0) fail("A PartialHashtree of the reduced hash tree is empty.");
    return Array.from(list, (hash) => {
      if (hash.byteLength !== SHA256_LENGTH)
        fail("A hash value of the reduced hash tree is not a SHA-256 value (32 bytes).");
      return Buffer.from(hash);
    });
  });
  if (stamp.reducedHashtree?.length === 0) fail("The reduced hash tree is present but empty.");
  const timeStampToken = stamp.timeStamp.bytes;
  if (timeStampToken[0] !== 0x30) fail("The archive time-stamp does not end with a ContentInfo.");
  return { reducedHashTree, timeStampToken };
}

// Parses an RFC 4998 DER evidence record with one chain of one archive time-stamp.
export function parseEvidenceRecordDer(der: Uint8Array): EvidenceRecordContent {
  try {
    const record = parseDer(der, EvidenceRecord, "The RFC 4998 EvidenceRecord");
    if (record.version !== 1) fail("The evidence record version is not 1.");
    const listed = record.digestAlgorithms.map((algorithm) =>
      algorithmOf(algorithm, "A digest algorithm of the record"),
    );
    if (listed.length !== 1 || listed[0] !== OID.sha256)
      fail("The record must list SHA-256 as its only digest algorithm.");
    // cryptoInfos [0] only carries helpers for verification; encryptionInfo [1] needs a key we do not have.
    if (record.encryptionInfo)
      fail("Encrypted evidence records (encryptionInfo) are not supported.");
    const chain = only(record.archiveTimeStampSequence, "ArchiveTimeStampSequence", "chain");
    const stamp = only(chain, "ArchiveTimeStampChain", "archive time-stamp");
    return { ...readArchiveTimeStamp(stamp), certificates: [] };
  } catch (error) {
    if (error instanceof DerError)
      throw new EvidenceFormatError(`The RFC 4998 record is malformed: ${error.message}`);
    throw error;
  }
}
