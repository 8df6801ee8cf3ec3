// The digest algorithms evidence records may use: their names in node:crypto, ASN.1 OIDs, the XML
// DigestMethod URIs of RFC 6283, and their lengths. SHA-256 seals new evidence; hash-tree renewal
// moves to a stronger one.
import { createHash } from "node:crypto";
import { OID } from "./oids";

export type DigestAlgorithm = "sha256" | "sha384" | "sha512";

interface AlgorithmInfo {
  oid: string;
  xml: string;
  length: number;
}

export const DIGEST_ALGORITHMS: Readonly<Record<DigestAlgorithm, AlgorithmInfo>> = {
  sha256: { oid: OID.sha256, xml: "http://www.w3.org/2001/04/xmlenc#sha256", length: 32 },
  sha384: { oid: OID.sha384, xml: "http://www.w3.org/2001/04/xmldsig-more#sha384", length: 48 },
  sha512: { oid: OID.sha512, xml: "http://www.w3.org/2001/04/xmlenc#sha512", length: 64 },
};

export const DIGEST_ALGORITHM_NAMES = Object.keys(DIGEST_ALGORITHMS) as DigestAlgorithm[];

export function isDigestAlgorithm(name: string): name is DigestAlgorithm {
  return Object.hasOwn(DIGEST_ALGORITHMS, name);
}

export function algorithmOfOid(oid: string): DigestAlgorithm | undefined {
  return DIGEST_ALGORITHM_NAMES.find((name) => DIGEST_ALGORITHMS[name].oid === oid);
}

export function algorithmOfXmlUri(uri: string): DigestAlgorithm | undefined {
  return DIGEST_ALGORITHM_NAMES.find((name) => DIGEST_ALGORITHMS[name].xml === uri);
}

export function digestOf(algorithm: DigestAlgorithm, ...parts: Uint8Array[]): Buffer {
  const hash = createHash(algorithm);
  for (const part of parts) hash.update(part);
  return hash.digest();
}
