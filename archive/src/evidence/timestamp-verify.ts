// Verifies the CMS signature of an RFC 3161 TimeStampToken. Tokens of other TSAs are verified too
// (RSA, ECDSA, Ed25519 signers; ESSCertID v1 or v2).
import { createHash, verify, type KeyObject } from "node:crypto";
import { MessageDigest } from "@peculiar/asn1-cms";
import { AsnObjectIdentifierConverter } from "@peculiar/asn1-schema";
import { algorithmOf, DerError, parseSigned } from "./asn1";
import { readCertificate, type CertificateInfo } from "./certificate";
import { SigningCertificate, SigningCertificateV2 } from "./cms-schema";
import { DIGEST_NAME, OID } from "./oids";
import type { TimeStampToken } from "./timestamp-token";

function fail(message: string): never {
  throw new DerError(message);
}

function matchesSigner(token: TimeStampToken, cert: CertificateInfo): boolean {
  const { sid } = token.signer;
  return "keyId" in sid
    ? cert.subjectKeyIdentifier?.equals(sid.keyId) === true
    : cert.issuer.equals(sid.issuer) && cert.serial.equals(sid.serial);
}

function singleValue(token: TimeStampToken, attribute: string, name: string): Buffer {
  const values = token.signer.attributes.get(attribute);
  if (values?.length !== 1) fail(`The token's signed attributes need exactly one ${name}.`);
  return values[0]!;
}

// RFC 3161 2.4.1 / RFC 5816: the signed ESS attribute names the signer certificate by its hash.
function checkSigningCertificate(token: TimeStampToken, cert: CertificateInfo): void {
  const v2 = token.signer.attributes.has(OID.signingCertificateV2);
  const value = singleValue(
    token,
    v2 ? OID.signingCertificateV2 : OID.signingCertificate,
    "signing-certificate attribute",
  );
  const what = "The signing-certificate attribute";
  const [first] = v2
    ? parseSigned(value, SigningCertificateV2, what).certs
    : parseSigned(value, SigningCertificate, what).certs;
  if (!first) fail("The signing-certificate attribute names no certificate.");
  const algorithm =
    "hashAlgorithm" in first && first.hashAlgorithm
      ? algorithmOf(first.hashAlgorithm, "The certificate hash algorithm")
      : v2
        ? OID.sha256
        : OID.sha1;
  const digestName = DIGEST_NAME[algorithm];
  if (!digestName) fail("The signing-certificate attribute uses an unsupported hash.");
  const expected = Buffer.from(first.certHash.buffer);
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

// The DER of the one content type a time-stamp token may sign.
const TST_INFO_CONTENT_TYPE = Buffer.from(AsnObjectIdentifierConverter.toASN(OID.tstInfo).toBER());

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
export function verifyTimeStampSignature(
  token: TimeStampToken,
  extraCertificates: readonly Buffer[] = [],
): SignatureResult {
  try {
    const candidates =
      token.certificates.length > 0
        ? readCertificates(token.certificates, "in the time-stamp token")
        : readCertificates(extraCertificates, "in the record");
    const cert = candidates.find((candidate) => matchesSigner(token, candidate));
    if (!cert) fail("The certificate of the key that signed the time-stamp is not in the record.");
    checkSigningCertificate(token, cert);
    const contentType = singleValue(token, OID.contentTypeAttr, "content type");
    if (!contentType.equals(TST_INFO_CONTENT_TYPE)) fail("The signed content type is not TSTInfo.");
    const digest = parseSigned(
      singleValue(token, OID.messageDigestAttr, "message digest"),
      MessageDigest,
      "The message digest",
    );
    const actual = createHash(DIGEST_NAME[token.signer.digestAlgorithm]!)
      .update(token.eContent)
      .digest();
    if (!actual.equals(Buffer.from(digest.buffer)))
      fail("The signed message digest does not match the time-stamp information.");
    const { signatureAlgorithm } = token.signer;
    const hash =
      signatureAlgorithm in SIGNATURE_DIGEST
        ? SIGNATURE_DIGEST[signatureAlgorithm]
        : [OID.ecPublicKey, OID.rsaEncryption].includes(
              signatureAlgorithm as typeof OID.ecPublicKey,
            )
          ? DIGEST_NAME[token.signer.digestAlgorithm]!
          : fail("The signature algorithm is not supported.");
    if (
      !verify(hash ?? null, token.signer.signedAttributes, cert.publicKey, token.signer.signature)
    ) {
      fail(
        "The signature does not verify with the signer's public key: the token was changed or signed by another key.",
      );
    }
    return {
      ok: true,
      detail: "The time-stamp token's signature verifies with the key of its signer certificate.",
      signerKey: cert.publicKey,
      signerCertificate: cert.raw,
    };
  } catch (error) {
    const detail =
      error instanceof DerError
        ? error.message
        : "The signature could not be checked with the signer's key.";
    return { ok: false, detail };
  }
}
