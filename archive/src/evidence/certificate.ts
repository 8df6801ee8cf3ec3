// The TSA's X.509 certificate: RFC 3161 verifiers find the signing key through a certificate, so the
// archive wraps its own key in a self-signed one. Trust never comes from this certificate (anyone can
// make one); it comes from comparing the key with the keys the verifier was told to trust.
import { createHash, createPublicKey, sign, type KeyObject } from "node:crypto";
import { AsnConvert, OctetString } from "@peculiar/asn1-schema";
import {
  AlgorithmIdentifier,
  AttributeTypeAndValue,
  AttributeValue,
  BasicConstraints,
  Certificate,
  ExtendedKeyUsage,
  Extension,
  Extensions,
  KeyUsage,
  KeyUsageFlags,
  Name,
  RelativeDistinguishedName,
  SubjectKeyIdentifier,
  SubjectPublicKeyInfo,
  TBSCertificate,
  Validity,
  Version,
} from "@peculiar/asn1-x509";
import { parseSigned, toDer } from "./asn1";
import { OID } from "./oids";

// RFC 5280 4.1.2.5: this date means "no well-defined expiration"; the archive key outlives any plan.
// (The library writes UTCTime through 2049 and GeneralizedTime from 2050, as RFC 5280 requires.)
const NO_EXPIRY = new Date("9999-12-31T23:59:59Z");

function tsaName(kid: string): Name {
  const rdn = (type: string, utf8String: string) =>
    new RelativeDistinguishedName([
      new AttributeTypeAndValue({ type, value: new AttributeValue({ utf8String }) }),
    ]);
  return new Name([
    rdn(OID.organizationName, "Scriptorium"),
    rdn(OID.commonName, `Scriptorium archive time-stamp authority ${kid.slice(0, 16)}`),
  ]);
}

function extension(extnID: string, critical: boolean, value: unknown): Extension {
  return new Extension({
    extnID,
    critical,
    extnValue: new OctetString(AsnConvert.serialize(value)),
  });
}

// Creates the self-signed certificate of the archive's TSA key (EC P-256), marked for time-stamping only.
export function createTsaCertificate(options: {
  privateKey: KeyObject;
  publicKey: KeyObject;
  kid: string;
  notBefore: Date;
}): Buffer {
  const spki = options.publicKey.export({ type: "spki", format: "der" });
  const publicKeyInfo = AsnConvert.parse(spki, SubjectPublicKeyInfo);
  // RFC 7093 method 1: the key identifier is the leftmost 160 bits of the SHA-256 of the key.
  const keyId = createHash("sha256")
    .update(Buffer.from(publicKeyInfo.subjectPublicKey))
    .digest()
    .subarray(0, 20);
  // A serial derived from the key is unique per key and lets the certificate be rebuilt identically.
  const serial = createHash("sha256").update(spki).digest().subarray(0, 16);
  serial[0] = ((serial[0] ?? 0) & 0x7f) | 0x40;
  const name = tsaName(options.kid);
  const algorithm = new AlgorithmIdentifier({ algorithm: OID.ecdsaWithSha256 });
  const tbs = new TBSCertificate({
    version: Version.v3,
    serialNumber: new Uint8Array(serial).buffer,
    signature: algorithm,
    issuer: name,
    validity: new Validity({ notBefore: options.notBefore, notAfter: NO_EXPIRY }),
    subject: name,
    subjectPublicKeyInfo: publicKeyInfo,
    extensions: new Extensions([
      extension(OID.basicConstraints, true, new BasicConstraints()),
      extension(OID.keyUsage, true, new KeyUsage(KeyUsageFlags.digitalSignature)),
      // RFC 3161 2.3: a TSA certificate has exactly one, critical, extended key usage: timeStamping.
      extension(OID.extKeyUsage, true, new ExtendedKeyUsage([OID.timeStamping])),
      extension(OID.subjectKeyIdentifier, false, new SubjectKeyIdentifier(keyId)),
    ]),
  });
  const signatureValue = sign("sha256", toDer(tbs), options.privateKey);
  return toDer(
    new Certificate({
      tbsCertificate: tbs,
      signatureAlgorithm: algorithm,
      signatureValue: new Uint8Array(signatureValue).buffer,
    }),
  );
}

// The parts of a certificate a CMS verifier needs to find and use it.
export interface CertificateInfo {
  raw: Buffer;
  certificate: Certificate;
  // DER of the issuer name and the serial number's content octets, as a signer identifier holds them.
  issuer: Buffer;
  serial: Buffer;
  subjectKeyIdentifier?: Buffer;
  publicKey: KeyObject;
}

// The certificates read last, by their bytes: nearly every token a validator sees carries the same one,
// the archive's own, and decoding it is most of the cost of a validation.
const recent = new Map<string, CertificateInfo>();
const RECENT_LIMIT = 16;

// Reads an X.509 certificate far enough to match it to a CMS signer and take its public key. It is read
// as the library reads BER: a time-stamp token's signing-certificate attribute covers its exact bytes.
export function readCertificate(der: Uint8Array): CertificateInfo {
  const key = Buffer.from(der.buffer, der.byteOffset, der.byteLength).toString("base64");
  const known = recent.get(key);
  if (known) return known;
  const info = decodeCertificate(der);
  if (recent.size >= RECENT_LIMIT) recent.delete(recent.keys().next().value!);
  recent.set(key, info);
  return info;
}

function decodeCertificate(der: Uint8Array): CertificateInfo {
  const certificate = parseSigned(der, Certificate, "The certificate");
  const tbs = certificate.tbsCertificate;
  const ski = tbs.extensions?.find((ext) => ext.extnID === OID.subjectKeyIdentifier);
  return {
    raw: Buffer.from(der),
    certificate,
    issuer: toDer(tbs.issuer),
    serial: Buffer.from(tbs.serialNumber),
    subjectKeyIdentifier: ski
      ? Buffer.from(
          parseSigned(ski.extnValue.buffer, SubjectKeyIdentifier, "The key identifier").buffer,
        )
      : undefined,
    publicKey: createPublicKey({
      key: toDer(tbs.subjectPublicKeyInfo),
      format: "der",
      type: "spki",
    }),
  };
}
