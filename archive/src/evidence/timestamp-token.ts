// Reads an RFC 3161 TimeStampToken (CMS SignedData over a TSTInfo) strictly: every field is read
// in its place, and unknown or damaged fields are refused, so any changed byte is noticed.
import {
  decodeDer,
  DerError,
  expectTag,
  readAlgorithmIdentifier,
  readGeneralizedTime,
  readInteger,
  readOid,
  TAG,
  type DerNode,
} from "./der";
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
    attributes: Map<string, DerNode[]>;
    signedAttributes: Buffer;
    signatureAlgorithm: string;
    signature: Buffer;
  };
}

function fail(message: string): never {
  throw new DerError(message);
}

function readAttributes(node: DerNode): Map<string, DerNode[]> {
  const attributes = new Map<string, DerNode[]>();
  for (const attribute of node.children) {
    const [type, values, extra] = expectTag(attribute, TAG.sequence, "a signed attribute").children;
    const id = readOid(type, "a signed attribute type");
    if (extra || attributes.has(id)) fail("The signed attributes are malformed or repeated.");
    attributes.set(id, expectTag(values, TAG.set, "signed attribute values").children);
  }
  return attributes;
}

function readSignerInfo(node: DerNode | undefined): TimeStampToken["signer"] {
  const parts = expectTag(node, TAG.sequence, "the signer information").children;
  const [version, sid, digest, attrs, algorithm, signature, unsigned, extra] = parts;
  const v = readInteger(version, "The signer information version");
  let signerId: TimeStampToken["signer"]["sid"];
  if (v === 1n) {
    const [issuer, serial, more] = expectTag(
      sid,
      TAG.sequence,
      "the signer's issuer and serial number",
    ).children;
    if (more) fail("The signer identifier is malformed.");
    signerId = {
      issuer: expectTag(issuer, TAG.sequence, "the signer's issuer").raw,
      serial: expectTag(serial, TAG.integer, "the signer's serial number").value,
    };
  } else if (v === 3n && sid?.tag === 0x80) {
    signerId = { keyId: sid.value };
  } else {
    fail("The signer information has an unknown version or signer identifier.");
  }
  if (attrs?.tag !== 0xa0) fail("The time-stamp token has no signed attributes.");
  if (extra || (unsigned && unsigned.tag !== 0xa1))
    fail("The signer information has unexpected fields.");
  const signedAttributes = Buffer.from(attrs.raw);
  signedAttributes[0] = TAG.set;
  return {
    sid: signerId,
    digestAlgorithm: readAlgorithmIdentifier(digest, "The signer's digest algorithm"),
    attributes: readAttributes(attrs),
    signedAttributes,
    signatureAlgorithm: readAlgorithmIdentifier(algorithm, "The signature algorithm"),
    signature: expectTag(signature, TAG.octetString, "the signature").value,
  };
}

function readTstInfo(
  eContent: Buffer,
): Pick<TimeStampToken, "genTime" | "policy" | "imprintAlgorithm" | "hashedMessage"> {
  const [version, policy, imprint, serial, genTime, ...optional] = expectTag(
    decodeDer(eContent),
    TAG.sequence,
    "the time-stamp information",
  ).children;
  if (readInteger(version, "The time-stamp information version") !== 1n)
    fail("The TSTInfo version is not 1.");
  readInteger(serial, "The time-stamp serial number");
  // accuracy, ordering, nonce, tsa [0], extensions [1]: each optional, in this order.
  const optionalTags = [TAG.sequence, TAG.boolean, TAG.integer, 0xa0, 0xa1];
  let next = 0;
  for (const node of optional) {
    const found = optionalTags.indexOf(node.tag as (typeof optionalTags)[number], next);
    if (found < 0) fail("The time-stamp information has unexpected fields.");
    next = found + 1;
  }
  const [algorithm, hashed, extra] = expectTag(
    imprint,
    TAG.sequence,
    "the message imprint",
  ).children;
  if (extra) fail("The message imprint has unexpected fields.");
  return {
    policy: readOid(policy, "The time-stamp policy"),
    imprintAlgorithm: readAlgorithmIdentifier(algorithm, "The message imprint algorithm"),
    hashedMessage: expectTag(hashed, TAG.octetString, "the time-stamped hash").value,
    genTime: readGeneralizedTime(genTime, "The time-stamp time"),
  };
}

// Reads a DER TimeStampToken; throws DerError with a sentence naming what is wrong.
export function readTimeStampToken(der: Uint8Array): TimeStampToken {
  const [type, content, extra] = expectTag(
    decodeDer(der),
    TAG.sequence,
    "a CMS ContentInfo",
  ).children;
  if (readOid(type, "The token content type") !== OID.signedData || extra)
    fail("The token is not CMS SignedData.");
  const [signedData, more] = expectTag(content, 0xa0, "the SignedData content").children;
  if (more) fail("The token has unexpected content.");
  const parts = expectTag(signedData, TAG.sequence, "SignedData").children;
  const [version, digestAlgorithms, encapsulated, ...rest] = parts;
  if (readInteger(version, "The SignedData version") !== 3n)
    fail("The SignedData version is not 3.");
  const listed = expectTag(digestAlgorithms, TAG.set, "the digest algorithms").children.map(
    (node) => readAlgorithmIdentifier(node, "A listed digest algorithm"),
  );
  const [eType, eWrapper, eExtra] = expectTag(
    encapsulated,
    TAG.sequence,
    "the encapsulated content",
  ).children;
  if (readOid(eType, "The encapsulated content type") !== OID.tstInfo || eExtra)
    fail("The token does not hold a TSTInfo.");
  const [eOctets, eMore] = expectTag(eWrapper, 0xa0, "the TSTInfo content").children;
  if (eMore) fail("The encapsulated content is malformed.");
  const eContent = expectTag(eOctets, TAG.octetString, "the TSTInfo octets").value;

  const signerInfos = rest.pop();
  const certificates = rest[0]?.tag === 0xa0 ? rest.shift()!.children : [];
  if (certificates.some((node) => node.tag !== TAG.sequence))
    fail("The token carries certificates of a kind this validator does not read.");
  // Revocation lists are refused rather than skipped: a skipped field is one whose damage goes unseen.
  if (rest[0]?.tag === 0xa1)
    fail("Time-stamp tokens that carry revocation information are not supported.");
  if (rest.length > 0) fail("The SignedData has unexpected fields.");
  const signers = expectTag(signerInfos, TAG.set, "the signer infos").children;
  if (signers.length !== 1) fail("A time-stamp token must have exactly one signer.");
  const signer = readSignerInfo(signers[0]);
  if (!listed.includes(signer.digestAlgorithm))
    fail("The signer's digest algorithm is not among those the token lists.");
  if (!DIGEST_NAME[signer.digestAlgorithm]) fail("The signer's digest algorithm is not supported.");
  return {
    ...readTstInfo(eContent),
    eContent,
    certificates: certificates.map((node) => node.raw),
    signer,
  };
}
