// The walk of RFC 4998 5.3 / RFC 6283 5.3 over every archive time-stamp of a record, oldest first:
// each time-stamp is read, its hash tree recomputed, its signature and signer checked, and its link
// to what it protects: the data object (the first of the first chain), the previous time-stamp (a
// time-stamp renewal), or the data object and the chains before it (a hash-tree renewal).
import type { KeyObject } from "node:crypto";
import type { JWK } from "jose";
import { DerError } from "./asn1";
import { readCertificate } from "./certificate";
import type { Candidate, DataObjectDigests } from "./data-digests";
import { algorithmOfOid, type DigestAlgorithm } from "./digests";
import { recomputeRoot } from "./hash-tree";
import { EvidenceFormatError, type EvidenceFormat, type EvidenceRecordContent } from "./record";
import { jwkThumbprint, keyThumbprint } from "./timestamp";
import { readTimeStampToken, type TimeStampToken } from "./timestamp-token";
import { verifyTimeStampSignature } from "./timestamp-verify";

export type ValidationCheckName =
  | "format"
  | "data-object-digest"
  | "hash-tree"
  | "renewal"
  | "timestamp-token"
  | "timestamp-signature"
  | "timestamp-trust"
  | "timestamp-validity";

export interface ValidationCheck {
  name: ValidationCheckName;
  ok: boolean;
  detail: string;
}

// What links a renewing time-stamp to what it renews, computed in the record's own syntax.
export interface RenewalLinks {
  format: EvidenceFormat;
  // The hash a time-stamp renewal of stamp `stampIndex` of chain `chainIndex` covers.
  stampDigest(chainIndex: number, stampIndex: number): Buffer;
  // The hash of the chains before `chainIndex`, which its hash-tree renewal covers.
  sequenceDigest(chainIndex: number): Buffer;
  // RFC 4998 combines a data object's hash with that one; RFC 6283 lists both.
  combine?(data: Buffer, sequence: Buffer, algorithm: DigestAlgorithm): Buffer;
}

export interface StampWalkInput {
  content: EvidenceRecordContent;
  links: RenewalLinks;
  data?: DataObjectDigests;
  trustedKeys?: JWK[];
  now: Date;
}

function message(error: unknown, fallback: string): string {
  return error instanceof EvidenceFormatError || error instanceof DerError
    ? error.message
    : fallback;
}

function thumbprintOrUndefined(jwk: JWK): string | undefined {
  try {
    return jwkThumbprint(jwk);
  } catch {
    return undefined;
  }
}

function trustOf(signerKey: KeyObject, trustedKeys: JWK[] | undefined): [boolean, string] {
  let signer: string;
  try {
    signer = keyThumbprint(signerKey);
  } catch {
    return [
      false,
      "The time-stamp signer's key is of a type that cannot be compared with trusted keys.",
    ];
  }
  if (!trustedKeys) {
    return [
      true,
      `No trusted keys were given, so the signer key embedded in the record (${signer}) was taken as it is.`,
    ];
  }
  return trustedKeys.some((jwk) => thumbprintOrUndefined(jwk) === signer)
    ? [true, `The time-stamp was signed by a trusted key (${signer}).`]
    : [false, `The time-stamp was signed by a key that is not among the trusted keys (${signer}).`];
}

const KIND: Record<Candidate["kind"], string> = {
  octets: "digest of its octets",
  canonical: "digest of its canonical XML form",
};

interface Verified {
  genTime: Date;
  notBefore?: Date;
  notAfter?: Date;
}

// Walks every archive time-stamp; answers the checks and, when every one passed, the proof of existence.
export function verifyStamps(input: StampWalkInput): { checks: ValidationCheck[]; poe?: Date } {
  const { content, links, data } = input;
  const checks: ValidationCheck[] = [];
  const single = content.chains.length === 1 && content.chains[0]!.stamps.length === 1;
  const verified: (Verified | undefined)[] = [];

  content.chains.forEach((chain, i) => {
    const algorithm = chain.digestAlgorithm;
    chain.stamps.forEach((stamp, j) => {
      const where = single ? "" : `Chain ${i + 1}, time-stamp ${j + 1}: `;
      const add = (name: ValidationCheckName, ok: boolean, detail: string) =>
        checks.push({ name, ok, detail: `${where}${detail}` });
      const tree = stamp.reducedHashTree;

      let token: TimeStampToken | undefined;
      try {
        token = readTimeStampToken(stamp.timeStampToken);
        if (algorithmOfOid(token.imprintAlgorithm) !== algorithm) {
          throw new DerError(
            `The time-stamp covers a hash made with another algorithm than the chain's ${algorithm}.`,
          );
        }
        add(
          "timestamp-token",
          true,
          `The time-stamp is a well-formed RFC 3161 token issued at ${token.genTime.toISOString()}.`,
        );
      } catch (error) {
        token = undefined;
        add(
          "timestamp-token",
          false,
          `The time-stamp token is damaged: ${message(error, "it could not be read.")}`,
        );
      }
      // The values this time-stamp's first list (or, without a tree, its imprint) must hold.
      const protectedValues = tree[0] ?? (token ? [token.hashedMessage] : []);
      const holds = (value: Buffer) => protectedValues.some((hash) => hash.equals(value));

      if (j === 0) checkDataObject(i, holds, add);
      else {
        let renewed: Buffer | undefined;
        try {
          renewed = links.stampDigest(i, j - 1);
        } catch (error) {
          add(
            "renewal",
            false,
            `The renewed time-stamp could not be hashed: ${message(error, "it could not be read.")}`,
          );
        }
        if (renewed) {
          const ok = holds(renewed);
          add(
            "renewal",
            ok,
            ok
              ? `The time-stamp renews time-stamp ${j}: it covers its hash.`
              : `The time-stamp does not cover the hash of time-stamp ${j}, which it should renew: the earlier time-stamp was changed.`,
          );
        }
      }

      if (token) {
        if (tree.length === 0) {
          add(
            "hash-tree",
            true,
            "The archive time-stamp has no hash tree: its time-stamp covers one hash value directly.",
          );
        } else {
          const reaches = recomputeRoot(tree, undefined, algorithm).equals(token.hashedMessage);
          add(
            "hash-tree",
            reaches,
            reaches
              ? "The reduced hash tree recomputes to the hash value the time-stamp covers."
              : "The reduced hash tree does not recompute to the hash value the time-stamp covers: a hash value in the record was changed.",
          );
        }
        const signature = verifyTimeStampSignature(token, stamp.certificates);
        const known = [signature.signerCertificate, ...token.certificates].filter(
          (raw): raw is Buffer => !!raw,
        );
        if (signature.ok && stamp.certificates.some((raw) => !known.some((c) => c.equals(raw)))) {
          add(
            "timestamp-signature",
            false,
            "The record lists a certificate that is neither the time-stamp signer's nor one of the token's own.",
          );
        } else {
          add("timestamp-signature", signature.ok, signature.detail);
        }
        if (signature.signerKey)
          add("timestamp-trust", ...trustOf(signature.signerKey, input.trustedKeys));
        const validity = signature.signerCertificate
          ? readCertificate(signature.signerCertificate).certificate.tbsCertificate.validity
          : undefined;
        verified.push({
          genTime: token.genTime,
          notBefore: validity?.notBefore.getTime(),
          notAfter: validity?.notAfter.getTime(),
        });
      } else {
        verified.push(undefined);
      }
    });
  });

  checkTimes(verified, single, input.now, checks);
  const valid = checks.every((check) => check.ok);
  const first = verified[0];
  return { checks, ...(valid && first ? { poe: first.genTime } : {}) };

  function checkDataObject(
    chainIndex: number,
    holds: (value: Buffer) => boolean,
    add: (name: ValidationCheckName, ok: boolean, detail: string) => void,
  ) {
    const chain = content.chains[chainIndex]!;
    let sequence: Buffer | undefined;
    if (chainIndex > 0) {
      try {
        sequence = links.sequenceDigest(chainIndex);
      } catch (error) {
        add(
          "renewal",
          false,
          `The chains before this one could not be hashed: ${message(error, "they could not be read.")}`,
        );
        return;
      }
    }
    const candidates = data?.candidates(chain.digestAlgorithm, chain.canonicalizationMethod) ?? [];
    if (sequence && !links.combine) {
      // RFC 6283: the hash of the earlier chains is one of the values of the first list.
      const ok = holds(sequence);
      add(
        "renewal",
        ok,
        ok
          ? `The chain renews the ${chainIndex} chain(s) before it: it covers their hash.`
          : "The chain does not cover the hash of the chains before it: an earlier chain was changed.",
      );
    }
    if (!data) {
      add(
        "data-object-digest",
        true,
        sequence && links.combine
          ? "No data object or digest was given, so the record was checked without proving which data object it covers (nor, in RFC 4998, the link of this hash-tree renewal to the chains before it, which is hashed with the data object)."
          : "No data object or digest was given, so the record was checked without proving which data object it covers.",
      );
      return;
    }
    if (candidates.length === 0) {
      add(
        "data-object-digest",
        false,
        data.problem ??
          `The chain hashes with ${chain.digestAlgorithm}: the data object itself is needed, a SHA-256 digest is not enough.`,
      );
      return;
    }
    const match = candidates.find((candidate) =>
      holds(
        sequence && links.combine
          ? links.combine(candidate.value, sequence, chain.digestAlgorithm)
          : candidate.value,
      ),
    );
    add(
      "data-object-digest",
      !!match,
      match
        ? `The data object's ${chain.digestAlgorithm} ${KIND[match.kind]} is one of the hash values the record protects${sequence && links.combine ? ", together with the chains before it" : ""}.`
        : sequence && links.combine
          ? "The data object's digest combined with the hash of the chains before this one is not in the record: the data object or an earlier chain was changed, or the record belongs to another data object."
          : `The data object's ${chain.digestAlgorithm} digest is not in the record: the data object was changed, or the record belongs to another data object.`,
    );
  }
}

// Each renewal must come after what it renews and while the renewed time-stamp's certificate was
// still valid; each time-stamp within its own certificate's validity; and the last one valid now.
function checkTimes(
  verified: (Verified | undefined)[],
  single: boolean,
  now: Date,
  checks: ValidationCheck[],
) {
  const problems: string[] = [];
  verified.forEach((stamp, index) => {
    if (!stamp) return;
    const name = single ? "The time-stamp" : `Time-stamp ${index + 1} (in the order made)`;
    if (stamp.notBefore && stamp.genTime < stamp.notBefore)
      problems.push(`${name} is dated before its signer's certificate became valid.`);
    if (stamp.notAfter && stamp.genTime > stamp.notAfter)
      problems.push(`${name} is dated after its signer's certificate ended.`);
    const next = verified[index + 1];
    if (next && next.genTime < stamp.genTime)
      problems.push(`Time-stamp ${index + 2} is dated before the time-stamp it renews.`);
    if (next && stamp.notAfter && next.genTime > stamp.notAfter)
      problems.push(
        `Time-stamp ${index + 1} was renewed only after its certificate ended (${stamp.notAfter.toISOString()}).`,
      );
    if (!next && index === verified.length - 1 && stamp.notAfter && stamp.notAfter < now)
      problems.push(
        `The last time-stamp's certificate ended at ${stamp.notAfter.toISOString()} and the record was not renewed before.`,
      );
  });
  if (verified.every((stamp) => stamp === undefined)) return;
  checks.push({
    name: "timestamp-validity",
    ok: problems.length === 0,
    detail:
      problems.length === 0
        ? single
          ? "The time-stamp lies within its signer certificate's validity."
          : "Every time-stamp lies within its signer certificate's validity, and each renewal came before the time-stamp it renews ended."
        : problems.join(" "),
  });
}
