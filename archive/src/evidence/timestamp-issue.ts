// Issues RFC 3161 TimeStampTokens with the archive's own key: CMS SignedData over a TSTInfo, DER, the
// signer certificate named by an RFC 5816 ESSCertIDv2, built from the @peculiar CMS and TSP schemas.
import { createHash, randomBytes, sign, type KeyObject } from "node:crypto";
import {
  CMSVersion,
  DigestAlgorithmIdentifiers,
  EncapsulatedContent,
  EncapsulatedContentInfo,
  IssuerAndSerialNumber,
  MessageDigest,
  SignerIdentifier,
} from "@peculiar/asn1-cms";
import { AsnObjectIdentifierConverter, OctetString } from "@peculiar/asn1-schema";
import { MessageImprint, TSTInfo } from "@peculiar/asn1-tsp";
import { AlgorithmIdentifier, GeneralName, GeneralNames } from "@peculiar/asn1-x509";
import { IssuerSerial } from "@peculiar/asn1-x509-attr";
import { RawDer, toDer } from "./asn1";
import type { CertificateInfo } from "./certificate";
import { DIGEST_ALGORITHMS, type DigestAlgorithm } from "./digests";
import {
  Attributes,
  EssCertIdsV2,
  EssCertIdV2,
  RawAttribute,
  RawDerSet,
  SigningCertificateV2,
  TokenContentInfo,
  TokenSignedData,
  TokenSignerInfo,
  TokenSignerInfos,
} from "./cms-schema";
import { OID } from "./oids";

const sha256 = (data: Uint8Array) => createHash("sha256").update(data).digest();
const algorithm = (oid: string) => new AlgorithmIdentifier({ algorithm: oid });
const arrayBuffer = (bytes: Uint8Array) => new Uint8Array(bytes).buffer;

function signedAttributes(tstInfo: Buffer, cert: CertificateInfo): Attributes {
  const { issuer, serialNumber } = cert.certificate.tbsCertificate;
  const attribute = (attrType: string, value: ArrayBuffer) =>
    new RawAttribute({ attrType, attrValues: [value] });
  // ESSCertIDv2 leaves out its hash algorithm: DER omits the default, SHA-256.
  const certId = new EssCertIdV2({
    certHash: new OctetString(sha256(cert.raw)),
    issuerSerial: new IssuerSerial({
      issuer: new GeneralNames([new GeneralName({ directoryName: issuer })]),
      serial: serialNumber,
      issuerUID: undefined,
    }),
  });
  const attributes = [
    attribute(OID.contentTypeAttr, AsnObjectIdentifierConverter.toASN(OID.tstInfo).toBER()),
    attribute(OID.messageDigestAttr, arrayBuffer(toDer(new MessageDigest(sha256(tstInfo))))),
    attribute(
      OID.signingCertificateV2,
      arrayBuffer(toDer(new SigningCertificateV2({ certs: new EssCertIdsV2([certId]) }))),
    ),
  ];
  // X.690 11.6: a DER SET OF lists its elements in ascending order of their encodings; the library
  // writes them in the order given.
  const sorted = attributes
    .map((value) => ({ value, der: toDer(value) }))
    .sort((a, b) => Buffer.compare(a.der, b.der));
  return new Attributes(sorted.map(({ value }) => value));
}

// A DER TimeStampToken stating that `digest` (of `imprint`, SHA-256 by default) existed at `time`.
export function issueTimeStampToken(
  digest: Buffer,
  time: Date,
  privateKey: KeyObject,
  cert: CertificateInfo,
  imprint: DigestAlgorithm = "sha256",
): Buffer {
  const { subject, issuer, serialNumber } = cert.certificate.tbsCertificate;
  const tstInfo = toDer(
    new TSTInfo({
      policy: OID.scriptoriumTsaPolicy,
      messageImprint: new MessageImprint({
        hashAlgorithm: algorithm(DIGEST_ALGORITHMS[imprint].oid),
        hashedMessage: new OctetString(digest),
      }),
      // RFC 3161 2.4.2: serial numbers must be unique per TSA; 127 random bits need no shared counter.
      serialNumber: arrayBuffer(randomBytes(16).map((byte, i) => (i === 0 ? byte & 0x7f : byte))),
      genTime: time,
      tsa: new GeneralName({ directoryName: subject }),
    }),
  );
  const attributes = signedAttributes(tstInfo, cert);
  const signer = new TokenSignerInfo({
    version: CMSVersion.v1,
    sid: new SignerIdentifier({
      issuerAndSerialNumber: new IssuerAndSerialNumber({ issuer, serialNumber }),
    }),
    digestAlgorithm: algorithm(OID.sha256),
    // The SignerInfo carries the attributes under [0] IMPLICIT; CMS signs their DER SET OF.
    signedAttrs: attributes,
    signatureAlgorithm: algorithm(OID.ecdsaWithSha256),
    signature: new OctetString(sign("sha256", toDer(attributes), privateKey)),
  });
  const signedData = new TokenSignedData({
    version: CMSVersion.v3,
    digestAlgorithms: new DigestAlgorithmIdentifiers([algorithm(OID.sha256)]),
    encapContentInfo: new EncapsulatedContentInfo({
      eContentType: OID.tstInfo,
      eContent: new EncapsulatedContent({ single: new OctetString(tstInfo) }),
    }),
    certificates: new RawDerSet([new RawDer(cert.raw)]),
    signerInfos: new TokenSignerInfos([signer]),
  });
  return toDer(new TokenContentInfo({ contentType: OID.signedData, content: signedData }));
}
