// What one bag may unpack to, against zip bombs (archive/README.md, PUT /sip), and the sentence
// for the first limit a bag passes. The extraction checks every entry's sizes, as the zip's
// directory declares them, before it unpacks the entry.
import { INGEST_LIMITS } from "@scriptorium/contract/ingest/schemas";

export interface BagLimits {
  /** Bytes of all entries together. */
  maxTotalBytes: number;
  /** Entries in the zip, folders and skipped ones included. */
  maxEntries: number;
  /** Unpacked bytes per compressed byte, of each deflated entry and of the whole zip. */
  maxRatio: number;
}

// As many bytes as one upload may hold, 100,000 entries, and 100 unpacked bytes per compressed
// byte (the bound Apache POI and others use; deflate reaches about 1,000 on zeros, documents
// rarely 20).
export const DEFAULT_BAG_LIMITS: BagLimits = {
  maxTotalBytes: INGEST_LIMITS.uploadBytes,
  maxEntries: 100_000,
  maxRatio: 100,
};

// Below this many unpacked bytes, an entry (or a whole zip) is not held to the ratio: a small
// blank or repetitive file compresses far beyond any sensible ratio and costs nothing.
export const RATIO_GRACE_BYTES = 1024 * 1024;

// Where an extraction stands when the next entry is to be unpacked.
export interface UnpackProgress {
  /** The entry's name in the zip. */
  entry: string;
  entryBytes: number;
  /** The entry's compressed size; undefined for a stored entry. */
  entryCompressed?: number;
  totalBytes: number;
  /** The size of the whole zip. */
  zipBytes: number;
}

const BOMB_LIMIT = "the archive's limit against zip bombs";

// The sentence for the first limit that `more` unpacked bytes would pass; undefined when none.
export function limitExcess(
  limits: BagLimits,
  at: UnpackProgress,
  more: number,
): string | undefined {
  const name = JSON.stringify(at.entry);
  const { maxTotalBytes, maxRatio } = limits;
  if (at.totalBytes + more > maxTotalBytes) {
    return `The bag unpacks to more than ${maxTotalBytes} bytes (the archive's upload limit): unpacking stopped in ${name}.`;
  }
  const compressed = at.entryCompressed;
  if (
    compressed !== undefined &&
    at.entryBytes + more > Math.max(RATIO_GRACE_BYTES, maxRatio * compressed)
  ) {
    return `The zip entry ${name} unpacks to more than ${maxRatio} times its compressed size (${BOMB_LIMIT}): unpacking stopped.`;
  }
  if (at.totalBytes + more > Math.max(RATIO_GRACE_BYTES, maxRatio * at.zipBytes)) {
    return `The bag unpacks to more than ${maxRatio} times the size of its zip (${BOMB_LIMIT}): unpacking stopped in ${name}.`;
  }
  return undefined;
}

// The sentence for a zip with more entries than the limit (`count` when the directory says).
export function tooManyEntries(limits: BagLimits, count?: number): string {
  return count === undefined
    ? `The zip holds more than ${limits.maxEntries} entries, the most the archive accepts in one bag.`
    : `The zip holds ${count} entries, more than the ${limits.maxEntries} the archive accepts in one bag.`;
}
