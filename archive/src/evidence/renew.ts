// Renewal of evidence records (RFC 4998 5.2, RFC 6283 4.2), before a time-stamp's certificate or
// algorithm weakens. Time-stamp renewal appends an archive time-stamp to the last chain, over the
// hash of the previous time-stamp; hash-tree renewal starts a new chain, with a stronger algorithm,
// over each data object and the chains before it. The records of a version (XML and DER alike) are
// renewed together under one new time-stamp: one hash tree over all of them, one group each.
import { C14N_METHODS } from "./c14n";
import { dataObjectDigests } from "./data-digests";
import { digestOf, type DigestAlgorithm } from "./digests";
import {
  derPrecedingSequenceDigest,
  derStampRenewalDigest,
  parseEvidenceRecordDer,
  serializeEvidenceRecordDer,
} from "./ers-der";
import { parseEvidenceRecordXml, serializeEvidenceRecordXml, XmlRecordDigests } from "./ers-xml";
import { buildHashTree } from "./hash-tree";
import type { ArchiveTimeStampChainContent, EvidenceRecordContent } from "./record";
import type { Tsa } from "./timestamp";
import { readTimeStampToken } from "./timestamp-token";

export type RenewalMode = "timestamp" | "hashtree";

export interface RenewableRecord {
  id: string;
  xml: string;
  der: Uint8Array;
}

// A data object for hash-tree renewal: its bytes, hashed here with the new algorithm (and, for an
// object sent as XML, its canonical form too), or its digests under that algorithm, hashed by the
// caller (a large file is best streamed).
export type RenewalDataObject =
  { id: string; bytes: Uint8Array; xml: boolean } | { id: string; digests: Buffer[] };

export interface RenewalInput {
  records: readonly RenewableRecord[];
  mode: RenewalMode;
  tsa: Tsa;
  // Hash-tree renewal: every record's data object, by the record's id.
  dataObjects?: readonly RenewalDataObject[];
  // Hash-tree renewal: the new chain's algorithm (SHA-512 unless named).
  algorithm?: DigestAlgorithm;
  now?: Date;
}

export interface RenewedEvidence {
  // ISO time of the new time-stamp.
  time: string;
  algorithm: DigestAlgorithm;
  records: { id: string; xml: string; der: Buffer }[];
}

interface Pending {
  // The record's content with a placeholder where the new archive time-stamp goes.
  content: EvidenceRecordContent;
  chainIndex: number;
  // The values of the record's group in the new hash tree.
  group: Buffer[];
}

function placeholderStamp() {
  return { reducedHashTree: [], timeStampToken: Buffer.alloc(0), certificates: [] };
}

function withNewStamp(
  content: EvidenceRecordContent,
  mode: RenewalMode,
  algorithm: DigestAlgorithm,
) {
  const chains = content.chains.map((chain) => ({ ...chain, stamps: [...chain.stamps] }));
  if (mode === "timestamp") chains.at(-1)!.stamps.push(placeholderStamp());
  else
    chains.push({
      digestAlgorithm: algorithm,
      canonicalizationMethod: C14N_METHODS.c14n,
      stamps: [placeholderStamp()],
    });
  return { chains };
}

function dataCandidates(
  object: RenewalDataObject | undefined,
  id: string,
  chain: ArchiveTimeStampChainContent,
) {
  if (!object) throw new RangeError(`Hash-tree renewal needs the data object of record "${id}".`);
  if ("digests" in object) return object.digests;
  const found = dataObjectDigests({ bytes: object.bytes, xml: object.xml }).candidates(
    chain.digestAlgorithm,
    chain.canonicalizationMethod,
  );
  return found.map((candidate) => candidate.value);
}

// The XML record's renewal: its group holds what RFC 6283 verifiers look for in the first list.
function pendingXml(
  record: RenewableRecord,
  input: RenewalInput,
  algorithm: DigestAlgorithm,
): Pending {
  const content = withNewStamp(parseEvidenceRecordXml(record.xml), input.mode, algorithm);
  const chainIndex = content.chains.length - 1;
  const chain = content.chains[chainIndex]!;
  // The digests are of the record as it will read, new archive time-stamp included.
  const digests = new XmlRecordDigests(serializeEvidenceRecordXml(content));
  if (input.mode === "timestamp") {
    const previous = chain.stamps.length - 2;
    return {
      content,
      chainIndex,
      group: [digests.stampRenewalDigest(chainIndex, previous, chain)],
    };
  }
  const object = input.dataObjects?.find((o) => o.id === record.id);
  return {
    content,
    chainIndex,
    group: [
      ...dataCandidates(object, record.id, chain),
      digests.precedingSequenceDigest(chainIndex, chain),
    ],
  };
}

// The DER record's renewal: H(previous timeStamp), or H(h(d) + ha) for each digest of the object.
function pendingDer(
  record: RenewableRecord,
  input: RenewalInput,
  algorithm: DigestAlgorithm,
): Pending {
  const content = withNewStamp(parseEvidenceRecordDer(record.der), input.mode, algorithm);
  const chainIndex = content.chains.length - 1;
  const chain = content.chains[chainIndex]!;
  if (input.mode === "timestamp") {
    const previous = chain.stamps.at(-2)!;
    return { content, chainIndex, group: [derStampRenewalDigest(previous, chain.digestAlgorithm)] };
  }
  const sequence = derPrecedingSequenceDigest(record.der, chainIndex, chain.digestAlgorithm);
  const object = input.dataObjects?.find((o) => o.id === record.id);
  return {
    content,
    chainIndex,
    group: dataCandidates(object, record.id, chain).map((digest) =>
      digestOf(chain.digestAlgorithm, digest, sequence),
    ),
  };
}

// Renews every record of one version under one new time-stamp.
export async function renewEvidenceRecords(input: RenewalInput): Promise<RenewedEvidence> {
  if (input.records.length === 0) throw new RangeError("There is no evidence record to renew.");
  const newAlgorithm = input.algorithm ?? "sha512";
  const lastAlgorithms = new Set(
    input.records.map((r) => parseEvidenceRecordXml(r.xml).chains.at(-1)!.digestAlgorithm),
  );
  const algorithm = input.mode === "hashtree" ? newAlgorithm : [...lastAlgorithms][0]!;
  if (input.mode === "timestamp" && lastAlgorithms.size > 1)
    throw new RangeError("The records of one version must share their last chain's algorithm.");
  const pending = input.records.flatMap((record) => [
    { record, kind: "xml" as const, ...pendingXml(record, input, algorithm) },
    { record, kind: "der" as const, ...pendingDer(record, input, algorithm) },
  ]);
  const tree = buildHashTree(
    pending.map((p) => p.group),
    undefined,
    algorithm,
  );
  const timeStampToken = await input.tsa.timestamp({
    digest: tree.root,
    algorithm,
    time: input.now ?? new Date(),
  });
  const time = readTimeStampToken(timeStampToken).genTime;
  const stampFor = (index: number) => ({
    reducedHashTree: tree.reducedTreeFor(index),
    timeStampToken,
    certificates: input.tsa.certificates,
  });
  const renewed = input.records.map((record) => {
    const complete = (kind: "xml" | "der") => {
      const index = pending.findIndex((p) => p.record === record && p.kind === kind);
      const { content, chainIndex } = pending[index]!;
      const chain = content.chains[chainIndex]!;
      chain.stamps[chain.stamps.length - 1] = stampFor(index);
      return content;
    };
    return {
      id: record.id,
      xml: serializeEvidenceRecordXml(complete("xml")),
      der: serializeEvidenceRecordDer(complete("der")),
    };
  });
  return { time: time.toISOString(), algorithm, records: renewed };
}
