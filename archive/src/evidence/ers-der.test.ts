import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  contextTag,
  decodeDer,
  integer,
  octetString,
  oid,
  readInteger,
  readOid,
  seq,
} from "./testing/der-view";
import { parseEvidenceRecordDer, serializeEvidenceRecordDer } from "./ers-der";
import { OID } from "./oids";
import { C14N_METHODS } from "./c14n";
import { EvidenceFormatError, singleStampRecord, type EvidenceRecordContent } from "./record";

// Any ContentInfo-shaped SEQUENCE stands in for the token: the record syntax does not look inside it.
const token = seq(oid(OID.signedData), contextTag(0, seq(integer(3))));
const stamp = (reducedHashTree: Buffer[][]) => ({
  reducedHashTree,
  timeStampToken: token,
  certificates: [],
});
const oneStamp = (reducedHashTree: Buffer[][]): EvidenceRecordContent =>
  singleStampRecord(stamp(reducedHashTree), "sha256", C14N_METHODS.c14n);
const content = oneStamp([
  [randomBytes(32), randomBytes(32)].sort(Buffer.compare),
  [randomBytes(32)],
]);
const der = serializeEvidenceRecordDer(content);

describe("RFC 4998 DER evidence records", () => {
  it("encode EvidenceRecord v1 with SHA-256, one chain, one archive time-stamp", () => {
    const [version, algorithms, sequence, extra] = decodeDer(der).children;
    expect(readInteger(version, "version")).toBe(1n);
    expect(algorithms?.children.map((alg) => readOid(alg.children[0], "alg"))).toEqual([
      OID.sha256,
    ]);
    expect(extra).toBeUndefined();
    const stamp = sequence?.children[0]?.children[0];
    expect(sequence?.children).toHaveLength(1);
    expect(stamp?.children.map((part) => part.tag)).toEqual([0xa0, 0xa2, 0x30]);
    expect(readOid(stamp?.children[0]?.children[0], "alg")).toBe(OID.sha256);
    expect(stamp?.children[1]?.children.map((list) => list.children.length)).toEqual([2, 1]);
    expect(stamp?.children[2]?.raw.equals(token)).toBe(true);
  });

  it("round-trip, and leave out the reduced hash tree for a single data object", () => {
    expect(parseEvidenceRecordDer(der)).toEqual(content);
    const single = oneStamp([]);
    const encoded = serializeEvidenceRecordDer(single);
    expect(
      decodeDer(encoded).children[2]?.children[0]?.children[0]?.children.map((part) => part.tag),
    ).toEqual([0xa0, 0x30]);
    expect(parseEvidenceRecordDer(encoded)).toEqual(single);
  });

  it("round-trip renewed records: several chains of several time-stamps, another algorithm", () => {
    const renewed: EvidenceRecordContent = {
      chains: [
        { ...content.chains[0]!, stamps: [stamp([[randomBytes(32)]]), stamp([])] },
        {
          digestAlgorithm: "sha512",
          canonicalizationMethod: C14N_METHODS.c14n,
          stamps: [stamp([[randomBytes(64), randomBytes(64)].sort(Buffer.compare)]), stamp([])],
        },
      ],
    };
    const encoded = serializeEvidenceRecordDer(renewed);
    const [, algorithms, sequence] = decodeDer(encoded).children;
    expect(algorithms?.children.map((alg) => readOid(alg.children[0], "alg"))).toEqual([
      OID.sha256,
      OID.sha512,
    ]);
    expect(sequence?.children.map((chain) => chain.children.length)).toEqual([2, 2]);
    expect(parseEvidenceRecordDer(encoded)).toEqual(renewed);
  });

  it("refuse trailing bytes, other versions, unlisted or unknown algorithms and empty chains", () => {
    const reject = (bytes: Buffer, message: RegExp) =>
      expect(() => parseEvidenceRecordDer(bytes)).toThrow(message);
    reject(Buffer.concat([der, Buffer.from([0])]), /Unexpected bytes/);
    const [, algorithms, sequence] = decodeDer(der).children;
    reject(seq(integer(2), algorithms!.raw, sequence!.raw), /version/);
    reject(seq(integer(1), seq(seq(oid(OID.sha512))), sequence!.raw), /without listing it/);
    reject(seq(integer(1), seq(seq(oid(OID.sha1))), sequence!.raw), /does not support/);
    reject(
      seq(integer(1), algorithms!.raw, seq(seq())),
      /ArchiveTimeStampChain of the record is empty/,
    );
    const shortHash = seq(
      contextTag(0, oid(OID.sha256)),
      contextTag(2, seq(octetString(randomBytes(31)))),
      token,
    );
    reject(seq(integer(1), algorithms!.raw, seq(seq(shortHash))), /32 bytes/);
    expect(() => parseEvidenceRecordDer(Buffer.from([0x30, 0x00]))).toThrow(EvidenceFormatError);
  });
});
