// RFC 4998 (ERS) evidence records in DER: EvidenceRecord, ArchiveTimeStampSequence/Chain,
// ArchiveTimeStamp with the digest algorithm [0] and the reduced hash tree [2], and the RFC 3161 token
// as its ContentInfo. The structures are declared in ers-schema.ts.
import { AlgorithmIdentifier } from "@peculiar/asn1-x509";
import { algorithmOf, DerError, parseDer, RawDer, toDer } from "./asn1";
import { algorithmOfOid, DIGEST_ALGORITHMS, digestOf, type DigestAlgorithm } from "./digests";
import {
  ArchiveTimeStamp,
  ArchiveTimeStampChain,
  ArchiveTimeStampSequence,
  DigestAlgorithms,
  EvidenceRecord,
  PartialHashtree,
  ReducedHashtree,
} from "./ers-schema";
import { C14N_METHODS } from "./c14n";
import {
  EvidenceFormatError,
  type ArchiveTimeStampChainContent,
  type ArchiveTimeStampContent,
  type EvidenceRecordContent,
} from "./record";
import { readTimeStampToken } from "./timestamp-token";

const identifier = (algorithm: DigestAlgorithm) =>
  new AlgorithmIdentifier({ algorithm: DIGEST_ALGORITHMS[algorithm].oid });

function encodeStamp(stamp: ArchiveTimeStampContent, algorithm: DigestAlgorithm): ArchiveTimeStamp {
  const tree = stamp.reducedHashTree.map(
    (list) =>
      new PartialHashtree(
        [...list].sort(Buffer.compare).map((hash) => new Uint8Array(hash).buffer),
      ),
  );
  return new ArchiveTimeStamp({
    digestAlgorithm: identifier(algorithm),
    reducedHashtree: tree.length > 0 ? new ReducedHashtree(tree) : undefined,
    timeStamp: new RawDer(stamp.timeStampToken),
  });
}

function encodeSequence(chains: readonly ArchiveTimeStampChainContent[]): ArchiveTimeStampSequence {
  return new ArchiveTimeStampSequence(
    chains.map(
      (chain) =>
        new ArchiveTimeStampChain(chain.stamps.map((s) => encodeStamp(s, chain.digestAlgorithm))),
    ),
  );
}

// Encodes one evidence record as RFC 4998 DER. The certificates travel inside the tokens.
export function serializeEvidenceRecordDer(content: EvidenceRecordContent): Buffer {
  const algorithms = [...new Set(content.chains.map((chain) => chain.digestAlgorithm))];
  const record = new EvidenceRecord({
    digestAlgorithms: new DigestAlgorithms(algorithms.map(identifier)),
    archiveTimeStampSequence: encodeSequence(content.chains),
  });
  return toDer(record);
}

// RFC 4998 5.2: a time-stamp renewal covers the hash of the previous archive time-stamp's timeStamp
// field (its DER ContentInfo).
export function derStampRenewalDigest(stamp: ArchiveTimeStampContent, algorithm: DigestAlgorithm) {
  return digestOf(algorithm, stamp.timeStampToken);
}

// RFC 4998 5.2: a hash-tree renewal covers, for each data object, H(h(d) + ha), ha being the hash of
// the DER ArchiveTimeStampSequence as it was before chain `chainIndex` (the chains before it), taken
// from the record's own bytes. The concatenation is unsorted, the data object's hash first: so RFC
// 4998 5.2 step 4 reads, and so the known implementations (Bouncy Castle, EU DSS) do.
export function derPrecedingSequenceDigest(
  der: Uint8Array,
  chainIndex: number,
  algorithm: DigestAlgorithm,
): Buffer {
  const record = parseDer(der, EvidenceRecord, "The RFC 4998 EvidenceRecord");
  const before = new ArchiveTimeStampSequence(record.archiveTimeStampSequence.slice(0, chainIndex));
  return digestOf(algorithm, toDer(before));
}

export function derRenewedLeaf(
  dataDigest: Uint8Array,
  sequenceDigest: Uint8Array,
  algorithm: DigestAlgorithm,
) {
  return digestOf(algorithm, dataDigest, sequenceDigest);
}

function fail(message: string): never {
  throw new EvidenceFormatError(message);
}

function readStamp(stamp: ArchiveTimeStamp, algorithm: DigestAlgorithm): ArchiveTimeStampContent {
  if (stamp.attributes) fail("Archive time-stamp attributes are not supported.");
  const length = DIGEST_ALGORITHMS[algorithm].length;
  const reducedHashTree = Array.from(stamp.reducedHashtree ?? [], (list) => {
    if (list.length === 0) fail("A PartialHashtree of the reduced hash tree is empty.");
    return Array.from(list, (hash) => {
      if (hash.byteLength !== length)
        fail(
          `A hash value of the reduced hash tree is not a ${algorithm} value (${length} bytes).`,
        );
      return Buffer.from(hash);
    });
  });
  if (stamp.reducedHashtree?.length === 0) fail("The reduced hash tree is present but empty.");
  const timeStampToken = stamp.timeStamp.bytes;
  if (timeStampToken[0] !== 0x30) fail("The archive time-stamp does not end with a ContentInfo.");
  return { reducedHashTree, timeStampToken, certificates: [] };
}

function stampAlgorithm(stamp: ArchiveTimeStamp): DigestAlgorithm | undefined {
  if (!stamp.digestAlgorithm) return undefined;
  const oid = algorithmOf(stamp.digestAlgorithm, "The archive time-stamp digest algorithm");
  return (
    algorithmOfOid(oid) ??
    fail("An archive time-stamp uses a digest algorithm this validator does not support.")
  );
}

// RFC 4998 4.2: without [0], a chain's algorithm is that of its time-stamp's message imprint.
function chainAlgorithm(chain: ArchiveTimeStampChain): DigestAlgorithm {
  const named = [...new Set(chain.map(stampAlgorithm).filter((a) => a !== undefined))];
  if (named.length > 1)
    fail("The archive time-stamps of one chain use different digest algorithms.");
  if (named[0]) return named[0];
  try {
    const imprint = readTimeStampToken(chain[0]!.timeStamp.bytes).imprintAlgorithm;
    return (
      algorithmOfOid(imprint) ??
      fail("A time-stamp uses a digest algorithm this validator does not support.")
    );
  } catch (error) {
    if (error instanceof EvidenceFormatError) throw error;
    // A damaged token is reported by the validator; SHA-256 lets the rest be read.
    return "sha256";
  }
}

// Parses an RFC 4998 DER evidence record: every chain and archive time-stamp.
export function parseEvidenceRecordDer(der: Uint8Array): EvidenceRecordContent {
  try {
    const record = parseDer(der, EvidenceRecord, "The RFC 4998 EvidenceRecord");
    if (record.version !== 1) fail("The evidence record version is not 1.");
    const listed = record.digestAlgorithms.map((algorithm) => {
      const oid = algorithmOf(algorithm, "A digest algorithm of the record");
      return (
        algorithmOfOid(oid) ??
        fail("The record lists a digest algorithm this validator does not support.")
      );
    });
    // cryptoInfos [0] only carries helpers for verification; encryptionInfo [1] needs a key we do not have.
    if (record.encryptionInfo)
      fail("Encrypted evidence records (encryptionInfo) are not supported.");
    if (record.archiveTimeStampSequence.length === 0)
      fail("The record's ArchiveTimeStampSequence is empty.");
    const chains = record.archiveTimeStampSequence.map((chain): ArchiveTimeStampChainContent => {
      if (chain.length === 0) fail("An ArchiveTimeStampChain of the record is empty.");
      const digestAlgorithm = chainAlgorithm(chain);
      if (!listed.includes(digestAlgorithm))
        fail(`The record uses ${digestAlgorithm} without listing it among its digest algorithms.`);
      return {
        digestAlgorithm,
        canonicalizationMethod: C14N_METHODS.c14n,
        stamps: chain.map((stamp) => readStamp(stamp, digestAlgorithm)),
      };
    });
    return { chains };
  } catch (error) {
    if (error instanceof DerError)
      throw new EvidenceFormatError(`The RFC 4998 record is malformed: ${error.message}`);
    throw error;
  }
}
