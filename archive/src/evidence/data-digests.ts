// The hash values a data object may appear under in a record: the digest of its octets, and for an
// XML data object (one sent as xmlData) also the digest of its canonical form, as RFC 6283 hashes
// XML data objects. Records sealed before XML data objects were canonicalized cover their octets;
// both are proofs of the same object, so either is accepted and the report says which was found.
import { CanonicalizationError, canonicalizeXmlBytes, isSupportedC14n } from "./c14n";
import { digestOf, type DigestAlgorithm } from "./digests";

export interface Candidate {
  value: Buffer;
  kind: "octets" | "canonical";
}

export interface DataObjectDigests {
  // Digests under `algorithm`; `method` canonicalizes an XML data object. Empty when nothing is known
  // about the object under that algorithm (only a SHA-256 digest was given).
  candidates(algorithm: DigestAlgorithm, method: string): Candidate[];
  // Why the canonical form could not be computed, when it could not.
  problem?: string;
}

export function dataObjectDigests(input: {
  bytes?: Uint8Array;
  xml?: boolean;
  sha256?: Uint8Array;
}): DataObjectDigests {
  const cache = new Map<string, Candidate[]>();
  const result: DataObjectDigests = {
    candidates(algorithm, method) {
      const key = `${algorithm} ${method}`;
      const known = cache.get(key);
      if (known) return known;
      const found: Candidate[] = [];
      if (input.bytes) found.push({ value: digestOf(algorithm, input.bytes), kind: "octets" });
      else if (input.sha256 && algorithm === "sha256")
        found.push({ value: Buffer.from(input.sha256), kind: "octets" });
      if (input.bytes && input.xml) {
        if (!isSupportedC14n(method)) {
          result.problem = `The record canonicalizes with ${method}, which this archive cannot compute.`;
        } else {
          try {
            const canonical = canonicalizeXmlBytes(input.bytes, method);
            found.push({ value: digestOf(algorithm, canonical), kind: "canonical" });
          } catch (error) {
            if (!(error instanceof CanonicalizationError)) throw error;
            result.problem = `The XML data object could not be canonicalized: ${error.message}`;
          }
        }
      }
      cache.set(key, found);
      return found;
    },
  };
  return result;
}
