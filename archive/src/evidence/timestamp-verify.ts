// Reads an RFC 3161 TimeStampToken (strictly: any changed byte fails) and verifies its CMS signature.
// Tokens of other TSAs are read too (RSA, ECDSA, Ed25519 signers; ESSCertID v1 or v2).
import { createHash, verify, type KeyObject } from "node:crypto";
import { readCertificate, type CertificateInfo } from "./certificate";
import {
  decodeDer,
  DerError,
  expectTag,
  readGeneralizedTime,
  readInteger,
  readAlgorithmIdentifier,
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
    const [issuer, serial, more] = expectTag(sid, TAG.sequence, "the signer's issuer and serial number").children;
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
  if (extra || (unsigned && unsigned.tag !== 0xa1)) fail("The signer information has unexpected fields.");
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

function readTstInfo(eContent: Buffer): Pick<TimeStampToken, "genTime" | "policy" | "imprintAlgorithm" | "hashedMessage"> {
  const [version, policy, imprint, serial, genTime, ...optional] = expectTag(
    decodeDer(eContent),
    TAG.sequence,
    "the time-stamp information",
  ).children;
  if (readInteger(version, "The time-stamp information version") !== 1n) fail("The TSTInfo version is not 1.");
  readInteger(serial, "The time-stamp serial number");
  // accuracy, ordering, nonce, tsa [0], extensions [1]: each optional, in this order.
  const optionalTags = [TAG.sequence, TAG.boolean, TAG.integer, 0xa0, 0xa1];
  let next = 0;
  for (const node of optional) {
    const found = optionalTags.indexOf(node.tag as (typeof optionalTags)[number], next);
    if (found < 0) fail("The time-stamp information has unexpected fields.");
    next = found + 1;
  }
  const [algorithm, hashed, extra] = expectTag(imprint, TAG.sequence, "the message imprint").children;
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
  const [type, content, extra] = expectTag(decodeDer(der), TAG.sequence, "a CMS ContentInfo").children;
  if (readOid(type, "The token content type") !== OID.signedData || extra) fail("The token is not CMS SignedData.");
  const [signedData, more] = expectTag(content, 0xa0, "the SignedData content").children;
  if (more) fail("The token has unexpected content.");
  const parts = expectTag(signedData, TAG.sequence, "SignedData").children;
  const [version, digestAlgorithms, encapsulated, ...rest] = parts;
  if (readInteger(version, "The SignedData version") !== 3n) fail("The SignedData version is not 3.");
  const listed = expectTag(digestAlgorithms, TAG.set, "the digest algorithms").children.map((node) =>
    readAlgorithmIdentifier(node, "A listed digest algorithm"),
  );
  const [eType, eWrapper, eExtra] = expectTag(encapsulated, TAG.sequence, "the encapsulated content").children;
  if (readOid(eType, "The encapsulated content type") !== OID.tstInfo || eExtra) fail("The token does not hold a TSTInfo.");
  const [eOctets, eMore] = expectTag(eWrapper, 0xa0, "the TSTInfo content").children;
  if (eMore) fail("The encapsulated content is malformed.");
  const eContent = expectTag(eOctets, TAG.octetString, "the TSTInfo octets").value;

  const signerInfos = rest.pop();
  const certificates = rest[0]?.tag === 0xa0 ? rest.shift()!.children : [];
  if (certificates.some((node) => node.tag !== TAG.sequence)) fail("The token carries certificates of a kind this validator does not read.");
  if (rest[0]?.tag === 0xa1) rest.shift();
  if (rest.length > 0) fail("The SignedData has unexpected fields.");
  const signers = expectTag(signerInfos, TAG.set, "the signer infos").children;
  if (signers.length !== 1) fail("A time-stamp token must have exactly one signer.");
  const signer = readSignerInfo(signers[0]);
  if (!listed.includes(signer.digestAlgorithm)) fail("The signer's digest algorithm is not among those the token lists.");
  if (!DIGEST_NAME[signer.digestAlgorithm]) fail("The signer's digest algorithm is not supported.");
  return {
    ...readTstInfo(eContent),
    eContent,
    certificates: certificates.map((node) => node.raw),
    signer,
  };
}

function matchesSigner(token: TimeStampToken, cert: CertificateInfo): boolean {
  const { sid } = token.signer;
  return "keyId" in sid
    ? cert.subjectKeyIdentifier?.equals(sid.keyId) === true
    : cert.issuer.equals(sid.issuer) && cert.serial.equals(sid.serial);
}

function singleValue(token: TimeStampToken, attribute: string, name: string): DerNode {
  const values = token.signer.attributes.get(attribute);
  if (values?.length !== 1) fail(`The token's signed attributes need exactly one ${name}.`);
  return values[0]!;
}

// RFC 3161 2.4.1 / RFC 5816: the signed ESS attribute names the signer certificate by its hash.
function checkSigningCertificate(token: TimeStampToken, cert: CertificateInfo): void {
  const v2 = token.signer.attributes.has(OID.signingCertificateV2);
  const attribute = singleValue(token, v2 ? OID.signingCertificateV2 : OID.signingCertificate, "signing-certificate attribute");
  const [certs] = expectTag(attribute, TAG.sequence, "the signing-certificate attribute").children;
  const [first] = expectTag(certs, TAG.sequence, "the signing-certificate list").children;
  const fields = expectTag(first, TAG.sequence, "the signer's certificate identifier").children;
  const algorithm = v2 && fields[0]?.tag === TAG.sequence ? readAlgorithmIdentifier(fields.shift(), "The certificate hash algorithm") : v2 ? OID.sha256 : OID.sha1;
  const digestName = DIGEST_NAME[algorithm];
  if (!digestName) fail("The signing-certificate attribute uses an unsupported hash.");
  const expected = expectTag(fields[0], TAG.octetString, "the certificate hash").value;
  if (!createHash(digestName).update(cert.raw).digest().equals(expected)) {
    fail("The signing-certificate attribute names another certificate than the one that signed.");
  }
}

const SIGNATURE_DIGEST: Readonly<Record<string, string | null>> = {
  [OID.ecdsaWithSha256]: "sha256",
  [OID.ecdsaWithSha384]: "sha384",
  [OID.ecdsaWithSha512]: "sha512",
  [OID.sha256WithRsa]: "sha256",
  [OID.sha384WithRsa]: "sha384",
  [OID.sha512WithRsa]: "sha512",
  [OID.ed25519]: null,
};

export interface SignatureResult {
  ok: boolean;
  detail: string;
  signerKey?: KeyObject;
  signerCertificate?: Buffer;
}

function readCertificates(raws: readonly Buffer[], where: string): CertificateInfo[] {
  return raws.map((raw) => {
    try {
      return readCertificate(raw);
    } catch {
      return fail(`A certificate ${where} is damaged.`);
    }
  });
}

// Verifies the token's signature with the certificate its signer identifier names. That certificate
// is taken from the token itself; `extraCertificates` (RFC 6283 CryptographicInformation) are only
// consulted for a token that carries none, so a damaged certificate in the token is never bypassed.
export function verifyTimeStampSignature(token: TimeStampToken, extraCertificates: readonly Buffer[] = []): SignatureResult {
  try {
    const candidates =
      token.certificates.length > 0
        ? readCertificates(token.certificates, "in the time-stamp token")
        : readCertificates(extraCertificates, "in the record");
    const cert = candidates.find((candidate) => matchesSigner(token, candidate));
    if (!cert) fail("The certificate of the key that signed the time-stamp is not in the record.");
    checkSigningCertificate(token, cert);
    const contentType = readOid(singleValue(token, OID.contentTypeAttr, "content type"), "The signed content type");
    if (contentType !== OID.tstInfo) fail("The signed content type is not TSTInfo.");
    const digest = expectTag(singleValue(token, OID.messageDigestAttr, "message digest"), TAG.octetString, "the message digest").value;
    const actual = createHash(DIGEST_NAME[token.signer.digestAlgorithm]!).update(token.eContent).digest();
    if (!actual.equals(digest)) fail("The signed message digest does not match the time-stamp information.");
    const { signatureAlgorithm } = token.signer;
    const hash =
      signatureAlgorithm in SIGNATURE_DIGEST
        ? SIGNATURE_DIGEST[signatureAlgorithm]
        : [OID.ecPublicKey, OID.rsaEncryption].includes(signatureAlgorithm as typeof OID.ecPublicKey)
          ? DIGEST_NAME[token.signer.digestAlgorithm]!
          : fail("The signature algorithm is not supported.");
    if (!verify(hash ?? null, token.signer.signedAttributes, cert.publicKey, token.signer.signature)) {
      fail("The signature does not verify with the signer's public key: the token was changed or signed by another key.");
    }
    return { ok: true, detail: "The time-stamp token's signature verifies with the key of its signer certificate.", signerKey: cert.publicKey, signerCertificate: cert.raw };
  } catch (error) {
    const detail = error instanceof DerError ? error.message : "The signature could not be checked with the signer's key.";
    return { ok: false, detail };
  }
}
