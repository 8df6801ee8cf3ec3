// An external RFC 3161 time-stamp authority reached over HTTP (RFC 3161 3.4): the archive sends a
// TimeStampReq with a nonce and certReq, and seals nothing until the answer is checked: status
// granted, the imprint and nonce it sent, a signature that verifies, by the certificate the operator
// configured. Requests and answers are read and written with the @peculiar TSP schemas.
import { randomBytes, X509Certificate } from "node:crypto";
import { AsnConvert, OctetString } from "@peculiar/asn1-schema";
import {
  MessageImprint,
  PKIStatus,
  TimeStampReq,
  TimeStampResp,
  TSTInfo,
} from "@peculiar/asn1-tsp";
import { AlgorithmIdentifier } from "@peculiar/asn1-x509";
import type { JWK } from "jose";
import { toDer } from "./asn1";
import { readCertificate } from "./certificate";
import { DIGEST_ALGORITHMS } from "./digests";
import { OID } from "./oids";
import { keyThumbprint, type Tsa } from "./timestamp";
import { readTimeStampToken } from "./timestamp-token";
import { verifyTimeStampSignature } from "./timestamp-verify";

// Raised when the external authority is unreachable or its answer cannot be trusted; the message
// says which, for the operator.
export class TsaUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TsaUnavailableError";
  }
}

export interface RemoteTsaOptions {
  url: string;
  // DER certificates: the TSA's signing certificate first, then its issuers.
  certificates: Buffer[];
  timeoutMs: number;
}

// Checks the configured chain once, at start: a mistake here would otherwise surface only as every
// sealing failing.
function checkChain(certificates: readonly Buffer[], source: string): void {
  if (certificates.length === 0) throw new Error(`${source} holds no certificate.`);
  const chain = certificates.map((der) => new X509Certificate(der));
  if (!chain[0]!.keyUsage?.includes(OID.timeStamping))
    throw new Error(
      `The first certificate in ${source} is not a time-stamping certificate (extended key usage timeStamping); put the TSA's own certificate first.`,
    );
  for (let i = 0; i + 1 < chain.length; i++) {
    if (!chain[i]!.verify(chain[i + 1]!.publicKey))
      throw new Error(
        `Certificate ${i + 1} in ${source} is not signed by certificate ${i + 2}; list the TSA's certificate, then its issuers in order.`,
      );
  }
}

// The INTEGER's value bytes without the sign octet DER may put in front.
const magnitude = (bytes: ArrayBuffer | Uint8Array) => {
  const buffer = Buffer.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes));
  let start = 0;
  while (start < buffer.length - 1 && buffer[start] === 0) start++;
  return buffer.subarray(start);
};

async function post(url: string, body: Buffer, timeoutMs: number): Promise<Buffer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/timestamp-query" },
      body: new Uint8Array(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const reason =
      (error as Error).name === "TimeoutError"
        ? `no answer within ${timeoutMs} ms`
        : (error as Error).message;
    throw new TsaUnavailableError(
      `The time-stamp authority at ${url} cannot be reached (${reason}).`,
    );
  }
  if (!response.ok)
    throw new TsaUnavailableError(
      `The time-stamp authority at ${url} answered HTTP ${response.status}.`,
    );
  return Buffer.from(await response.arrayBuffer());
}

// The token in a TimeStampResp, after the checks RFC 3161 2.4.2 asks of a requester.
function checkedToken(
  answer: Buffer,
  sent: { digest: Buffer; nonce: Buffer },
  certificates: readonly Buffer[],
  url: string,
): Buffer {
  const refuse = (why: string): never => {
    throw new TsaUnavailableError(`The time-stamp authority at ${url} ${why}`);
  };
  let response: TimeStampResp;
  try {
    response = AsnConvert.parse(answer, TimeStampResp);
  } catch {
    return refuse("did not answer with an RFC 3161 TimeStampResp.");
  }
  const { status, statusString } = response.status;
  if (status !== PKIStatus.granted && status !== PKIStatus.grantedWithMods)
    refuse(
      `refused the request (status ${status}${statusString ? `: ${statusString.join(" ")}` : ""}).`,
    );
  if (!response.timeStampToken) return refuse("granted the request but sent no token.");
  const der = toDer(response.timeStampToken);
  let token: ReturnType<typeof readTimeStampToken>;
  try {
    token = readTimeStampToken(der);
  } catch (error) {
    return refuse(`sent a token that cannot be read (${(error as Error).message})`);
  }
  if (token.imprintAlgorithm !== OID.sha256 || !token.hashedMessage.equals(sent.digest))
    refuse("time-stamped another value than the one sent.");
  const { nonce } = AsnConvert.parse(token.eContent, TSTInfo);
  if (!nonce || !magnitude(nonce).equals(magnitude(sent.nonce)))
    refuse("answered with another nonce than the one sent (a replayed or misdirected answer).");
  const signature = verifyTimeStampSignature(token, certificates);
  if (!signature.ok) refuse(`sent a token whose signature does not verify: ${signature.detail}`);
  if (!signature.signerCertificate?.equals(certificates[0]!))
    refuse("signed with another certificate than the one in ARCHIVE_TSA_CERTS.");
  return der;
}

// A Tsa whose tokens come from the external authority at `url`.
export function remoteTsa(options: RemoteTsaOptions, source = "ARCHIVE_TSA_CERTS"): Tsa {
  checkChain(options.certificates, source);
  const signer = readCertificate(options.certificates[0]!);
  const kid = keyThumbprint(signer.publicKey);
  const publicJwk: JWK = {
    ...(signer.publicKey.export({ format: "jwk" }) as JWK),
    kid,
    use: "sig",
    x5c: options.certificates.map((der) => der.toString("base64")),
  };
  return {
    kid,
    publicJwk,
    certificates: options.certificates,
    timestamp: async ({ digest, algorithm = "sha256" }) => {
      if (algorithm !== "sha256" || digest.length !== DIGEST_ALGORITHMS.sha256.length)
        throw new RangeError("The value to time-stamp is not a sha256 value.");
      // A positive 64-bit INTEGER with no leading zero octet, so DER keeps all 8 bytes.
      const nonce = randomBytes(8);
      nonce[0] = (nonce[0]! & 0x7f) | 0x40;
      const request = toDer(
        new TimeStampReq({
          messageImprint: new MessageImprint({
            hashAlgorithm: new AlgorithmIdentifier({ algorithm: OID.sha256 }),
            hashedMessage: new OctetString(digest),
          }),
          nonce: new Uint8Array(nonce).buffer,
          certReq: true,
        }),
      );
      const answer = await post(options.url, request, options.timeoutMs);
      return checkedToken(answer, { digest, nonce }, options.certificates, options.url);
    },
  };
}
