// The ASN.1 module of RFC 4998 (Evidence Record Syntax), section 4 and appendix A, declared with
// @peculiar/asn1-schema. The module uses IMPLICIT TAGS. No library carries these structures; the
// types they refer to (AlgorithmIdentifier, Attribute) are the library's; the time-stamp (a ContentInfo)
// is kept as its bytes, which readTimeStampToken decodes.
import { Attribute } from "@peculiar/asn1-cms";
import { AsnArray, AsnPropTypes, AsnTypeTypes } from "@peculiar/asn1-schema";
import { AlgorithmIdentifier } from "@peculiar/asn1-x509";
import { declareAsn, declareAsnArray, RawDer } from "./asn1";
import { Attributes } from "./cms-schema";

// PartialHashtree ::= SEQUENCE OF OCTET STRING
export class PartialHashtree extends AsnArray<ArrayBuffer> {}
declareAsnArray(PartialHashtree, AsnTypeTypes.Sequence, AsnPropTypes.OctetString);

// reducedHashtree [2] SEQUENCE OF PartialHashtree
export class ReducedHashtree extends AsnArray<PartialHashtree> {}
declareAsnArray(ReducedHashtree, AsnTypeTypes.Sequence, PartialHashtree);

// ArchiveTimeStamp ::= SEQUENCE {
//   digestAlgorithm [0] AlgorithmIdentifier OPTIONAL,
//   attributes      [1] Attributes OPTIONAL,
//   reducedHashtree [2] SEQUENCE OF PartialHashtree OPTIONAL,
//   timeStamp       ContentInfo }
export class ArchiveTimeStamp {
  digestAlgorithm?: AlgorithmIdentifier;
  attributes?: Attributes;
  reducedHashtree?: ReducedHashtree;
  timeStamp = new RawDer();

  constructor(params: Partial<ArchiveTimeStamp> = {}) {
    Object.assign(this, params);
  }
}
declareAsn(ArchiveTimeStamp, AsnTypeTypes.Sequence, {
  digestAlgorithm: { type: AlgorithmIdentifier, context: 0, implicit: true, optional: true },
  attributes: { type: Attributes, context: 1, implicit: true, optional: true },
  reducedHashtree: { type: ReducedHashtree, context: 2, implicit: true, optional: true },
  timeStamp: { type: RawDer },
});

// ArchiveTimeStampChain ::= SEQUENCE OF ArchiveTimeStamp
export class ArchiveTimeStampChain extends AsnArray<ArchiveTimeStamp> {}
declareAsnArray(ArchiveTimeStampChain, AsnTypeTypes.Sequence, ArchiveTimeStamp);

// ArchiveTimeStampSequence ::= SEQUENCE OF ArchiveTimeStampChain
export class ArchiveTimeStampSequence extends AsnArray<ArchiveTimeStampChain> {}
declareAsnArray(ArchiveTimeStampSequence, AsnTypeTypes.Sequence, ArchiveTimeStampChain);

// CryptoInfos ::= SEQUENCE SIZE (1..MAX) OF Attribute
export class CryptoInfos extends AsnArray<Attribute> {}
declareAsnArray(CryptoInfos, AsnTypeTypes.Sequence, Attribute);

// EncryptionInfo ::= SEQUENCE { encryptionInfoType OBJECT IDENTIFIER, encryptionInfoValue ANY }
export class EncryptionInfo {
  encryptionInfoType = "";
  encryptionInfoValue = new ArrayBuffer(0);
}
declareAsn(EncryptionInfo, AsnTypeTypes.Sequence, {
  encryptionInfoType: { type: AsnPropTypes.ObjectIdentifier },
  encryptionInfoValue: { type: AsnPropTypes.Any },
});

export class DigestAlgorithms extends AsnArray<AlgorithmIdentifier> {}
declareAsnArray(DigestAlgorithms, AsnTypeTypes.Sequence, AlgorithmIdentifier);

// EvidenceRecord ::= SEQUENCE {
//   version                  INTEGER { v1(1) },
//   digestAlgorithms         SEQUENCE OF AlgorithmIdentifier,
//   cryptoInfos              [0] CryptoInfos OPTIONAL,
//   encryptionInfo           [1] EncryptionInfo OPTIONAL,
//   archiveTimeStampSequence ArchiveTimeStampSequence }
export class EvidenceRecord {
  version = 1;
  digestAlgorithms = new DigestAlgorithms();
  cryptoInfos?: CryptoInfos;
  encryptionInfo?: EncryptionInfo;
  archiveTimeStampSequence = new ArchiveTimeStampSequence();

  constructor(params: Partial<EvidenceRecord> = {}) {
    Object.assign(this, params);
  }
}
declareAsn(EvidenceRecord, AsnTypeTypes.Sequence, {
  version: { type: AsnPropTypes.Integer },
  digestAlgorithms: { type: DigestAlgorithms },
  cryptoInfos: { type: CryptoInfos, context: 0, implicit: true, optional: true },
  encryptionInfo: { type: EncryptionInfo, context: 1, implicit: true, optional: true },
  archiveTimeStampSequence: { type: ArchiveTimeStampSequence },
});
