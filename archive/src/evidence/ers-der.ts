// RFC 4998 (ERS) evidence records in DER: EvidenceRecord, ArchiveTimeStampSequence/Chain,
// ArchiveTimeStamp with the digest algorithm [0] and the reduced hash tree [2] (the module uses
// IMPLICIT TAGS), and the RFC 3161 token as its ContentInfo.
import {
  contextTag,
  decodeDer,
  DerError,
  expectTag,
  integer,
  octetString,
  oid,
  readAlgorithmIdentifier,
  readInteger,
  seq,
  TAG,
  type DerNode,
} from "./der";
import { OID } from "./oids";
import { EvidenceFormatError, type EvidenceRecordContent } from "./record";

// Encodes one evidence record as RFC 4998 DER. The certificates travel inside the token.
export function serializeEvidenceRecordDer(content: EvidenceRecordContent): Buffer {
  const tree = content.reducedHashTree.map((list) =>
    seq(...[...list].sort(Buffer.compare).map(octetString)),
  );
  const archiveTimeStamp = seq(
    contextTag(0, oid(OID.sha256)),
    ...(tree.length > 0 ? [contextTag(2, ...tree)] : []),
    content.timeStampToken,
  );
  return seq(integer(1), seq(seq(oid(OID.sha256))), seq(seq(archiveTimeStamp)));
}

function fail(message: string): never {
  throw new EvidenceFormatError(message);
}

function only(node: DerNode | undefined, tag: number, what: string, plural: string): DerNode {
  const [single, another] = expectTag(node, tag, what).children;
  if (!single) fail(`The record's ${what} is empty.`);
  if (another) fail(`Renewed evidence records (more than one ${plural}) are not supported yet.`);
  return single!;
}

function readArchiveTimeStamp(node: DerNode): Omit<EvidenceRecordContent, "certificates"> {
  const parts = [...expectTag(node, TAG.sequence, "an ArchiveTimeStamp").children];
  const timeStamp = expectTag(parts.pop(), TAG.sequence, "the time-stamp ContentInfo");
  let reducedHashTree: Buffer[][] = [];
  let previous = -1;
  for (const part of parts) {
    const slot = part.tag - 0xa0;
    if (slot <= previous || slot > 2)
      fail("The ArchiveTimeStamp has fields out of order or of an unknown kind.");
    previous = slot;
    if (slot === 0) {
      const algorithm = readAlgorithmIdentifier(
        { ...part, tag: TAG.sequence },
        "The archive time-stamp digest algorithm",
      );
      if (algorithm !== OID.sha256)
        fail("The archive time-stamp uses another digest algorithm than SHA-256.");
    } else if (slot === 1) {
      fail("Archive time-stamp attributes are not supported.");
    } else {
      reducedHashTree = part.children.map((list) => {
        const hashes = expectTag(list, TAG.sequence, "a PartialHashtree").children;
        if (hashes.length === 0) fail("A PartialHashtree of the reduced hash tree is empty.");
        return hashes.map((hash) => {
          const value = expectTag(hash, TAG.octetString, "a hash value").value;
          if (value.length !== 32)
            fail("A hash value of the reduced hash tree is not a SHA-256 value (32 bytes).");
          return Buffer.from(value);
        });
      });
      if (reducedHashTree.length === 0) fail("The reduced hash tree is present but empty.");
    }
  }
  return { reducedHashTree, timeStampToken: Buffer.from(timeStamp.raw) };
}

// Parses an RFC 4998 DER evidence record with one chain of one archive time-stamp.
export function parseEvidenceRecordDer(der: Uint8Array): EvidenceRecordContent {
  try {
    const [version, algorithms, ...rest] = expectTag(
      decodeDer(der),
      TAG.sequence,
      "an RFC 4998 EvidenceRecord",
    ).children;
    if (readInteger(version, "The evidence record version") !== 1n)
      fail("The evidence record version is not 1.");
    const listed = expectTag(algorithms, TAG.sequence, "the digest algorithms").children.map(
      (node) => readAlgorithmIdentifier(node, "A digest algorithm of the record"),
    );
    if (listed.length !== 1 || listed[0] !== OID.sha256)
      fail("The record must list SHA-256 as its only digest algorithm.");
    const sequence = rest.pop();
    // cryptoInfos [0] only carries helpers for verification; encryptionInfo [1] needs a key we do not have.
    if (rest[0]?.tag === 0xa0) rest.shift();
    if (rest[0]?.tag === 0xa1)
      fail("Encrypted evidence records (encryptionInfo) are not supported.");
    if (rest.length > 0) fail("The evidence record has unexpected fields.");
    const chain = only(sequence, TAG.sequence, "ArchiveTimeStampSequence", "chain");
    const stamp = only(chain, TAG.sequence, "ArchiveTimeStampChain", "archive time-stamp");
    return { ...readArchiveTimeStamp(stamp), certificates: [] };
  } catch (error) {
    if (error instanceof DerError)
      throw new EvidenceFormatError(`The RFC 4998 record is malformed: ${error.message}`);
    throw error;
  }
}
