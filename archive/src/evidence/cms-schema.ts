// CMS structures of a time-stamp token, declared with the library's schema classes: the SET OF Attribute
// that is signed; the ESS signing-certificate attributes a token names its signer's certificate with,
// SigningCertificate (RFC 2634, ESSCertID with a SHA-1 hash) and SigningCertificateV2 (RFC 5035,
// ESSCertIDv2 with any hash, SHA-256 by default), which no @peculiar package carries; and the token's
// SignedData, whose signed and hashed parts are kept as the bytes that were signed.
import {
  Attribute,
  CMSVersion,
  DigestAlgorithmIdentifiers,
  EncapsulatedContentInfo,
  SignerInfo,
} from "@peculiar/asn1-cms";
import { AsnArray, AsnProp, AsnPropTypes, AsnTypeTypes, OctetString } from "@peculiar/asn1-schema";
import { AlgorithmIdentifier } from "@peculiar/asn1-x509";
import { IssuerSerial } from "@peculiar/asn1-x509-attr";
import { declareAsn, declareAsnArray, RawDer, rawAny } from "./asn1";

// The library's Attribute, with each value kept as its DER bytes (the library's ANY decodes a value again
// to write it); its readers decode the values they need.
export class RawAttribute extends Attribute {}
AsnProp({ type: AsnPropTypes.Any, repeated: "set", converter: rawAny })(
  RawAttribute.prototype,
  "attrValues",
);

// SignedAttributes ::= SET SIZE (1..MAX) OF Attribute (RFC 5652); RFC 4998 calls the same shape Attributes.
export class Attributes extends AsnArray<Attribute> {}
declareAsnArray(Attributes, AsnTypeTypes.Set, RawAttribute);

// ESSCertIDv2 ::= SEQUENCE {
//   hashAlgorithm AlgorithmIdentifier DEFAULT {algorithm id-sha256},
//   certHash      OCTET STRING,
//   issuerSerial  IssuerSerial OPTIONAL }
export class EssCertIdV2 {
  hashAlgorithm?: AlgorithmIdentifier;
  certHash = new OctetString();
  issuerSerial?: IssuerSerial;

  constructor(params: Partial<EssCertIdV2> = {}) {
    Object.assign(this, params);
  }
}
declareAsn(EssCertIdV2, AsnTypeTypes.Sequence, {
  hashAlgorithm: { type: AlgorithmIdentifier, optional: true },
  certHash: { type: OctetString },
  issuerSerial: { type: IssuerSerial, optional: true },
});

// ESSCertID ::= SEQUENCE { certHash OCTET STRING (SHA-1), issuerSerial IssuerSerial OPTIONAL }
export class EssCertId {
  certHash = new OctetString();
  issuerSerial?: IssuerSerial;
}
declareAsn(EssCertId, AsnTypeTypes.Sequence, {
  certHash: { type: OctetString },
  issuerSerial: { type: IssuerSerial, optional: true },
});

export class EssCertIdsV2 extends AsnArray<EssCertIdV2> {}
declareAsnArray(EssCertIdsV2, AsnTypeTypes.Sequence, EssCertIdV2);

export class EssCertIds extends AsnArray<EssCertId> {}
declareAsnArray(EssCertIds, AsnTypeTypes.Sequence, EssCertId);

// SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2, policies SEQUENCE OF ... OPTIONAL }
// The policies are kept undecoded: a verifier here does not use them.
export class SigningCertificateV2 {
  certs = new EssCertIdsV2();
  policies?: ArrayBuffer;

  constructor(params: Partial<SigningCertificateV2> = {}) {
    Object.assign(this, params);
  }
}
declareAsn(SigningCertificateV2, AsnTypeTypes.Sequence, {
  certs: { type: EssCertIdsV2 },
  policies: { type: AsnPropTypes.Any, optional: true },
});

// SigningCertificate ::= SEQUENCE { certs SEQUENCE OF ESSCertID, policies SEQUENCE OF ... OPTIONAL }
export class SigningCertificate {
  certs = new EssCertIds();
  policies?: ArrayBuffer;
}
declareAsn(SigningCertificate, AsnTypeTypes.Sequence, {
  certs: { type: EssCertIds },
  policies: { type: AsnPropTypes.Any, optional: true },
});

// SignerInfo as the library declares it, but with the signed attributes also kept as the bytes that
// were signed (`signedAttrsRaw`, [0]-tagged): CMS signs exactly those, re-tagged as a SET.
export class TokenSignerInfo extends SignerInfo {}
AsnProp({ type: Attributes, context: 0, implicit: true, optional: true, raw: true })(
  TokenSignerInfo.prototype,
  "signedAttrs",
);

export class TokenSignerInfos extends AsnArray<TokenSignerInfo> {}
declareAsnArray(TokenSignerInfos, AsnTypeTypes.Set, TokenSignerInfo);

// CertificateSet and RevocationInfoChoices kept as the bytes of each member: a certificate is hashed
// as it is (the signing-certificate attribute) and read on its own; revocation data is refused.
export class RawDerSet extends AsnArray<RawDer> {}
declareAsnArray(RawDerSet, AsnTypeTypes.Set, RawDer);

// SignedData (RFC 5652 5.1) of a time-stamp token, with the library's types for every field but the
// certificates and revocation data, kept as bytes (RawDerSet), and its signer infos (TokenSignerInfo).
export class TokenSignedData {
  version = CMSVersion.v3;
  digestAlgorithms = new DigestAlgorithmIdentifiers();
  encapContentInfo = new EncapsulatedContentInfo();
  certificates?: RawDerSet;
  crls?: RawDerSet;
  signerInfos = new TokenSignerInfos();

  constructor(params: Partial<TokenSignedData> = {}) {
    Object.assign(this, params);
  }
}
declareAsn(TokenSignedData, AsnTypeTypes.Sequence, {
  version: { type: AsnPropTypes.Integer },
  digestAlgorithms: { type: DigestAlgorithmIdentifiers },
  encapContentInfo: { type: EncapsulatedContentInfo },
  certificates: { type: RawDerSet, context: 0, implicit: true, optional: true },
  crls: { type: RawDerSet, context: 1, implicit: true, optional: true },
  signerInfos: { type: TokenSignerInfos },
});

// TimeStampToken ::= ContentInfo (RFC 3161 2.4.2) with contentType id-signedData. The library's
// ContentInfo holds its content as ANY; this one decodes the SignedData in the same pass.
export class TokenContentInfo {
  contentType = "";
  content = new TokenSignedData();

  constructor(params: Partial<TokenContentInfo> = {}) {
    Object.assign(this, params);
  }
}
declareAsn(TokenContentInfo, AsnTypeTypes.Sequence, {
  contentType: { type: AsnPropTypes.ObjectIdentifier },
  content: { type: TokenSignedData, context: 0 },
});
