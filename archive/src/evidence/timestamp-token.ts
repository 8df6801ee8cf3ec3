// Reads an RFC 3161 TimeStampToken (CMS SignedData over a TSTInfo) with the @peculiar CMS and TSP
// schemas. The envelope must be exact DER (see parseDer) and every field this validator does not
// understand is refused, so any changed byte is noticed; the TSTInfo is covered by the signature.
import { AsnProp, AsnPropTypes } from "@peculiar/asn1-schema";
import { TSTInfo } from "@peculiar/asn1-tsp";
import { algorithmOf, DerError, derGeneralizedTime, parseDer, parseSigned, toDer } from "./asn1";
import { TokenContentInfo, type TokenSignerInfo } from "./cms-schema";
import { DIGEST_NAME, OID } from "./oids";

export interface TimeStampToken {
  genTime: Date;
  policy: string;
  imprintAlgorithm: string;
  hashedMessage: Buffer;
  eContent: Buffer;
  certificates: Buffer[];
  signer: {
    sid: { issuer: Buffer; serial: Buffer } | { keyId: Buffer };
    digestAlgorithm: string;
    // The DER values of each signed attribute, by attribute type.
    attributes: Map<string, Buffer[]>;
    // The DER SET OF the signed attributes: what the signature covers.
    signedAttributes: Buffer;
    signatureAlgorithm: string;
    signature: Buffer;
  };
}

function fail(message: string): never {
  throw new DerError(message);
}

// The library's TSTInfo, with its genTime read exactly as derGeneralizedTime describes.
class ExactTstInfo extends TSTInfo {}
AsnProp({ type: AsnPropTypes.GeneralizedTime, converter: derGeneralizedTime })(
  ExactTstInfo.prototype,
  "genTime",
);

function readSignerInfo(signer: TokenSignerInfo): TimeStampToken["signer"] {
  const { issuerAndSerialNumber, subjectKeyIdentifier } = signer.sid;
  let sid: TimeStampToken["signer"]["sid"];
  if (signer.version === 1 && issuerAndSerialNumber) {
    sid = {
      issuer: toDer(issuerAndSerialNumber.issuer),
      serial: Buffer.from(issuerAndSerialNumber.serialNumber),
    };
  } else if (signer.version === 3 && subjectKeyIdentifier) {
    sid = { keyId: Buffer.from(subjectKeyIdentifier.buffer) };
  } else {
    fail("The signer information has an unknown version or signer identifier.");
  }
  if (!signer.signedAttrs || !signer.signedAttrsRaw)
    fail("The time-stamp token has no signed attributes.");
  if (signer.unsignedAttrs) fail("The signer information has unexpected fields.");
  const attributes = new Map<string, Buffer[]>();
  for (const { attrType, attrValues } of signer.signedAttrs) {
    if (attributes.has(attrType)) fail("The signed attributes are malformed or repeated.");
    attributes.set(
      attrType,
      attrValues.map((value) => Buffer.from(value)),
    );
  }
  return {
    sid,
    digestAlgorithm: algorithmOf(signer.digestAlgorithm, "The signer's digest algorithm"),
    attributes,
    signedAttributes: setOf(signer.signedAttrsRaw),
    signatureAlgorithm: algorithmOf(signer.signatureAlgorithm, "The signature algorithm"),
    signature: Buffer.from(signer.signature.buffer),
  };
}

// CMS signs the DER SET OF the attributes; the SignerInfo carries the same bytes under [0] IMPLICIT.
function setOf(signedAttrsRaw: ArrayBuffer): Buffer {
  const bytes = Buffer.from(signedAttrsRaw);
  bytes[0] = 0x31;
  return bytes;
}

function readTstInfo(
  eContent: Buffer,
): Pick<TimeStampToken, "genTime" | "policy" | "imprintAlgorithm" | "hashedMessage"> {
  const info = parseSigned(eContent, ExactTstInfo, "The time-stamp information");
  if (info.version !== 1) fail("The TSTInfo version is not 1.");
  return {
    policy: info.policy,
    imprintAlgorithm: algorithmOf(
      info.messageImprint.hashAlgorithm,
      "The message imprint algorithm",
    ),
    hashedMessage: Buffer.from(info.messageImprint.hashedMessage.buffer),
    genTime: info.genTime,
  };
}

// Reads a DER TimeStampToken; throws DerError with a sentence naming what is wrong.
export function readTimeStampToken(der: Uint8Array): TimeStampToken {
  const { contentType, content: signedData } = parseDer(
    der,
    TokenContentInfo,
    "The time-stamp token",
  );
  if (contentType !== OID.signedData) fail("The token is not CMS SignedData.");
  if (signedData.version !== 3) fail("The SignedData version is not 3.");
  const listed = signedData.digestAlgorithms.map((algorithm) =>
    algorithmOf(algorithm, "A listed digest algorithm"),
  );
  const { eContentType, eContent } = signedData.encapContentInfo;
  if (eContentType !== OID.tstInfo) fail("The token does not hold a TSTInfo.");
  if (!eContent?.single) fail("The encapsulated content is malformed.");
  const certificates = (signedData.certificates ?? []).map(({ bytes }) =>
    // CertificateChoices: anything but a plain certificate (a SEQUENCE) is a tagged alternative.
    bytes[0] === 0x30
      ? bytes
      : fail("The token carries certificates of a kind this validator does not read."),
  );
  // Revocation lists are refused rather than skipped: a skipped field is one whose damage goes unseen.
  if (signedData.crls)
    fail("Time-stamp tokens that carry revocation information are not supported.");
  if (signedData.signerInfos.length !== 1) fail("A time-stamp token must have exactly one signer.");
  const signer = readSignerInfo(signedData.signerInfos[0]!);
  if (!listed.includes(signer.digestAlgorithm))
    fail("The signer's digest algorithm is not among those the token lists.");
  if (!DIGEST_NAME[signer.digestAlgorithm]) fail("The signer's digest algorithm is not supported.");
  const eContentBytes = Buffer.from(eContent.single.buffer);
  return { ...readTstInfo(eContentBytes), eContent: eContentBytes, certificates, signer };
}
