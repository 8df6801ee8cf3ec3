// The archive's own time-stamp authority: an EC P-256 key, generated once and kept by the caller, that
// issues real RFC 3161 TimeStampTokens (timestamp-issue.ts). A TSA is anything that answers
// `timestamp` with a token, so a remote RFC 3161 service can stand in for the local key.
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from "node:crypto";
import type { JWK } from "jose";
import { createTsaCertificate, readCertificate } from "./certificate";
import { DIGEST_ALGORITHMS, type DigestAlgorithm } from "./digests";
import { issueTimeStampToken } from "./timestamp-issue";

export interface TsaKey {
  privateJwk: JWK;
  publicJwk: JWK;
  kid: string;
}

export interface TimestampRequest {
  // The hash value to time-stamp (for evidence records: the hash tree's root).
  digest: Buffer;
  // The digest's algorithm; SHA-256 when not named.
  algorithm?: DigestAlgorithm;
  // The time to state; a remote authority states its own.
  time: Date;
}

export interface Tsa {
  kid: string;
  publicJwk: JWK;
  // DER X.509 certificates for verifying the tokens: the signer's first, then its issuers. The
  // archive's own key has one, self-signed, embedded in every token.
  certificates: Buffer[];
  // Returns a DER RFC 3161 TimeStampToken.
  timestamp(request: TimestampRequest): Promise<Buffer>;
}

const THUMBPRINT_MEMBERS: Readonly<Record<string, readonly string[]>> = {
  EC: ["crv", "kty", "x", "y"],
  RSA: ["e", "kty", "n"],
  OKP: ["crv", "kty", "x"],
};

// RFC 7638 JWK thumbprint (SHA-256, base64url); the TSA's kid and the identity trust is decided on.
export function jwkThumbprint(jwk: JWK): string {
  const members = THUMBPRINT_MEMBERS[jwk.kty ?? ""];
  if (!members) throw new TypeError(`A thumbprint cannot be computed for key type "${jwk.kty}".`);
  const record = jwk as Record<string, unknown>;
  const canonical: Record<string, unknown> = {};
  for (const member of members) {
    if (typeof record[member] !== "string")
      throw new TypeError(`The key has no "${member}" member.`);
    canonical[member] = record[member];
  }
  return createHash("sha256").update(JSON.stringify(canonical)).digest("base64url");
}

// The RFC 7638 thumbprint of a node:crypto public key.
export function keyThumbprint(key: KeyObject): string {
  return jwkThumbprint(key.export({ format: "jwk" }) as JWK);
}

function publicMembers(key: KeyObject): JWK {
  const { kty, crv, x, y } = key.export({ format: "jwk" });
  return { kty, crv, x, y };
}

// Generates the TSA key pair and its certificate (carried in `x5c`); persist `privateJwk` as a secret.
export function generateTsaKey(now: Date = new Date()): TsaKey {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const kid = keyThumbprint(publicKey);
  const certificate = createTsaCertificate({ privateKey, publicKey, kid, notBefore: now });
  const meta = { kid, alg: "ES256", use: "sig", x5c: [certificate.toString("base64")] };
  const { d } = privateKey.export({ format: "jwk" });
  const publicJwk: JWK = { ...publicMembers(publicKey), ...meta };
  return { privateJwk: { ...publicJwk, d }, publicJwk, kid };
}

function certificateFor(
  privateJwk: JWK,
  privateKey: KeyObject,
  publicKey: KeyObject,
  kid: string,
): Buffer {
  const [stored] = privateJwk.x5c ?? [];
  if (stored === undefined) {
    // A key persisted without its certificate still works: the certificate only carries the key.
    return createTsaCertificate({ privateKey, publicKey, kid, notBefore: new Date() });
  }
  const certificate = Buffer.from(stored, "base64");
  if (keyThumbprint(readCertificate(certificate).publicKey) !== kid) {
    throw new TypeError("The certificate in the TSA key's x5c belongs to another key.");
  }
  return certificate;
}

// Loads the TSA from its persisted private JWK (as returned by generateTsaKey).
export function loadTsa(privateJwk: JWK): Tsa {
  const { kty, crv, x, y, d } = privateJwk;
  if (kty !== "EC" || crv !== "P-256" || !x || !y || !d) {
    throw new TypeError(
      "The TSA key must be a private EC P-256 JWK, as generateTsaKey returns it.",
    );
  }
  const privateKey = createPrivateKey({ key: { kty, crv, x, y, d }, format: "jwk" });
  const publicKey = createPublicKey(privateKey);
  const kid = keyThumbprint(publicKey);
  const certificate = certificateFor(privateJwk, privateKey, publicKey, kid);
  const signer = readCertificate(certificate);
  const publicJwk: JWK = {
    ...publicMembers(publicKey),
    kid,
    alg: "ES256",
    use: "sig",
    x5c: [certificate.toString("base64")],
  };
  return {
    kid,
    publicJwk,
    certificates: [certificate],
    timestamp: async ({ digest, algorithm = "sha256", time }) => {
      if (digest.length !== DIGEST_ALGORITHMS[algorithm].length)
        throw new RangeError(`The value to time-stamp is not a ${algorithm} value.`);
      return issueTimeStampToken(digest, time, privateKey, signer, algorithm);
    },
  };
}
