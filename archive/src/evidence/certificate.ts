// The TSA's X.509 certificate: RFC 3161 verifiers find the signing key through a certificate, so the
// archive wraps its own key in a self-signed one. Trust never comes from this certificate (anyone can
// make one); it comes from comparing the key with the keys the verifier was told to trust.
import { createHash, createPublicKey, sign, type KeyObject } from "node:crypto";
import {
  bitString,
  boolean,
  contextTag,
  decodeDer,
  expectTag,
  generalizedTime,
  integer,
  octetString,
  oid,
  readOid,
  seq,
  set,
  tlv,
  TAG,
  utcTime,
  utf8String,
  type DerNode,
} from "./der";
import { OID } from "./oids";

// RFC 5280 4.1.2.5: this date means "no well-defined expiration"; the archive key outlives any plan.
const NO_EXPIRY = new Date("9999-12-31T23:59:59Z");

function x509Time(time: Date): Buffer {
  // RFC 5280 4.1.2.5: UTCTime through 2049, GeneralizedTime from 2050.
  return time.getUTCFullYear() < 2050 ? utcTime(time) : generalizedTime(time);
}

function tsaName(kid: string): Buffer {
  return seq(
    set(seq(oid(OID.organizationName), utf8String("Scriptorium"))),
    set(
      seq(
        oid(OID.commonName),
        utf8String(`Scriptorium archive time-stamp authority ${kid.slice(0, 16)}`),
      ),
    ),
  );
}

function extension(id: string, critical: boolean, value: Buffer): Buffer {
  return critical
    ? seq(oid(id), boolean(true), octetString(value))
    : seq(oid(id), octetString(value));
}

// Creates the self-signed certificate of the archive's TSA key (EC P-256), marked for time-stamping only.
export function createTsaCertificate(options: {
  privateKey: KeyObject;
  publicKey: KeyObject;
  kid: string;
  notBefore: Date;
}): Buffer {
  const spki = options.publicKey.export({ type: "spki", format: "der" });
  const keyBits = expectTag(
    decodeDer(spki).children[1],
    TAG.bitString,
    "the public key",
  ).value.subarray(1);
  // RFC 7093 method 1: the key identifier is the leftmost 160 bits of the SHA-256 of the key.
  const keyId = createHash("sha256").update(keyBits).digest().subarray(0, 20);
  // A serial derived from the key is unique per key and lets the certificate be rebuilt identically.
  const serial = createHash("sha256").update(spki).digest().subarray(0, 16);
  serial[0] = ((serial[0] ?? 0) & 0x7f) | 0x40;
  const name = tsaName(options.kid);
  const algorithm = seq(oid(OID.ecdsaWithSha256));
  const tbs = seq(
    contextTag(0, integer(2)),
    integer(serial),
    algorithm,
    name,
    seq(x509Time(options.notBefore), x509Time(NO_EXPIRY)),
    name,
    spki,
    contextTag(
      3,
      seq(
        extension(OID.basicConstraints, true, seq()),
        extension(OID.keyUsage, true, tlv(TAG.bitString, Buffer.from([7, 0x80]))),
        // RFC 3161 2.3: a TSA certificate has exactly one, critical, extended key usage: timeStamping.
        extension(OID.extKeyUsage, true, seq(oid(OID.timeStamping))),
        extension(OID.subjectKeyIdentifier, false, octetString(keyId)),
      ),
    ),
  );
  return seq(tbs, algorithm, bitString(sign("sha256", tbs, options.privateKey)));
}

// The parts of a certificate a CMS verifier needs to find and use it.
export interface CertificateInfo {
  raw: Buffer;
  issuer: Buffer;
  subject: Buffer;
  serial: Buffer;
  subjectKeyIdentifier?: Buffer;
  publicKey: KeyObject;
}

function findSubjectKeyIdentifier(tbsRest: DerNode[]): Buffer | undefined {
  const extensions = tbsRest.find((node) => node.tag === 0xa3)?.children[0]?.children ?? [];
  for (const ext of extensions) {
    if (readOid(ext.children[0], "an extension identifier") !== OID.subjectKeyIdentifier) continue;
    const wrapped = expectTag(ext.children.at(-1), TAG.octetString, "the key identifier extension");
    return expectTag(decodeDer(wrapped.value), TAG.octetString, "the key identifier").value;
  }
  return undefined;
}

// Reads an X.509 certificate far enough to match it to a CMS signer and take its public key.
export function readCertificate(der: Uint8Array): CertificateInfo {
  const certificate = expectTag(decodeDer(der), TAG.sequence, "a certificate");
  const tbs = expectTag(certificate.children[0], TAG.sequence, "the certificate body");
  const at = tbs.children[0]?.tag === 0xa0 ? 1 : 0;
  const serial = expectTag(tbs.children[at], TAG.integer, "the certificate serial number");
  const issuer = expectTag(tbs.children[at + 2], TAG.sequence, "the certificate issuer");
  const subject = expectTag(tbs.children[at + 4], TAG.sequence, "the certificate subject");
  const spki = expectTag(tbs.children[at + 5], TAG.sequence, "the certificate public key");
  return {
    raw: certificate.raw,
    issuer: issuer.raw,
    subject: subject.raw,
    serial: serial.value,
    subjectKeyIdentifier: findSubjectKeyIdentifier(tbs.children.slice(at + 6)),
    publicKey: createPublicKey({ key: spki.raw, format: "der", type: "spki" }),
  };
}
