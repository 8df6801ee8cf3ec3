// The hash tree of RFC 4998 section 4.2 / RFC 6283 section 3.2.1 (SHA-256 unless another algorithm is
// named), the reduced tree that proves one leaf (RFC 4998 4.3, RFC 6283 3.2.2), and the walk back to
// the root.
import { randomBytes } from "node:crypto";
import { DIGEST_ALGORITHMS, digestOf, type DigestAlgorithm } from "./digests";

export const SHA256_LENGTH = 32;

// RFC 4998 4.3 / RFC 6283 3.2.2: the lists of hash values that lead from one data object to the root.
// The first list holds the object's own group; each later list holds the siblings of the node
// computed from the list before it.
export type ReducedHashTree = Buffer[][];

export interface HashTree {
  root: Buffer;
  // The reduced tree for the digest at `index` in the order the digests were given.
  reducedTreeFor(index: number): ReducedHashTree;
}

// Binary ascending order: the complete digest octets compared as unsigned bytes, most significant first.
export function compareHashes(a: Uint8Array, b: Uint8Array): number {
  return Buffer.compare(a, b);
}

// One node from its children: sort them in binary ascending order, concatenate, hash (RFC 4998 4.2 step 4).
export function hashGroup(
  hashes: readonly Uint8Array[],
  algorithm: DigestAlgorithm = "sha256",
): Buffer {
  const sorted = [...hashes].sort(compareHashes);
  return digestOf(algorithm, Buffer.concat(sorted));
}

// Builds the tree over several leaves. A leaf is one hash value or several that belong together (an
// XML data object's digests of its octets and of its canonical form; a renewed record's data object
// and its earlier evidence), which then form one group. Each leaf of several also gets a random
// blinding value in its group (RFC 4998 4.2 allows any extra hash values in a group), so a reduced
// tree names its own data object and nothing else: the digests of the other objects never appear in
// it, only hashes of their groups. Without that, a record would also prove (and reveal) its
// siblings' digests. Above the groups the tree is binary; a node left without a partner on its
// level is carried up unchanged, because a reduced tree cannot express a group of one above its
// first list.
export function buildHashTree(
  leaves: readonly (Uint8Array | readonly Uint8Array[])[],
  blinding?: readonly Uint8Array[],
  algorithm: DigestAlgorithm = "sha256",
): HashTree {
  const length = DIGEST_ALGORITHMS[algorithm].length;
  const values = leaves.map((leaf) => (leaf instanceof Uint8Array ? [leaf] : [...leaf]));
  if (values.length === 0 || values.some((group) => group.length === 0))
    throw new RangeError("A hash tree needs at least one digest in every leaf.");
  if ([...values.flat(), ...(blinding ?? [])].some((digest) => digest.length !== length)) {
    throw new RangeError(`Every digest must be a ${length}-byte ${algorithm} value.`);
  }
  if (values.length === 1) {
    const own = values[0]!;
    // RFC 6283 3.2 / RFC 4998 4.3: a lone data object needs no tree; its digest is time-stamped.
    if (own.length === 1) return { root: Buffer.from(own[0]!), reducedTreeFor: () => [] };
    const group = own.map((hash) => Buffer.from(hash)).sort(compareHashes);
    return { root: hashGroup(group, algorithm), reducedTreeFor: () => [group] };
  }
  const pads = blinding ?? values.map(() => randomBytes(length));
  if (pads.length !== values.length)
    throw new RangeError("Every digest needs its own blinding value.");
  const groups = values.map((own, index) =>
    [...own.map((hash) => Buffer.from(hash)), Buffer.from(pads[index]!)].sort(compareHashes),
  );
  const levels: Buffer[][] = [groups.map((group) => hashGroup(group, algorithm))];
  for (let level = levels[0]!; level.length > 1; level = levels.at(-1)!) {
    const next: Buffer[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const right = level[i + 1];
      next.push(right ? hashGroup([level[i]!, right], algorithm) : level[i]!);
    }
    levels.push(next);
  }

  return {
    root: levels.at(-1)![0]!,
    reducedTreeFor(index: number): ReducedHashTree {
      const group = groups[index];
      if (!group) throw new RangeError(`There is no digest at index ${index}.`);
      const lists: ReducedHashTree = [group];
      let position = index;
      for (const level of levels.slice(0, -1)) {
        const sibling = level[position ^ 1];
        if (sibling) lists.push([sibling]);
        position >>= 1;
      }
      return lists;
    },
  };
}

// Walks a reduced tree up to the root (RFC 6283 3.1.1, RFC 4998 5.3 step 3). A first list of a single
// value is carried forward unhashed, as RFC 6283 3.1.1 says and as ASN.1 implementations also read
// RFC 4998; every later list is combined with the value carried up to it. With no lists the leaf
// itself is the time-stamped value.
export function recomputeRoot(
  reduced: ReducedHashTree,
  leaf?: Uint8Array,
  algorithm: DigestAlgorithm = "sha256",
): Buffer {
  const [first, ...rest] = reduced;
  if (!first) {
    if (!leaf)
      throw new RangeError("Without a hash tree the root is the data object's own digest.");
    return Buffer.from(leaf);
  }
  if (first.length === 0 || rest.some((list) => list.length === 0)) {
    throw new RangeError("Every list of a reduced hash tree needs at least one hash value.");
  }
  let carried = first.length === 1 ? Buffer.from(first[0]!) : hashGroup(first, algorithm);
  for (const list of rest) carried = hashGroup([...list, carried], algorithm);
  return carried;
}

// True when `leaf` is one of the hash values of the first list (RFC 4998 5.3 step 2), or is the
// time-stamped value itself when there is no tree.
export function isCoveredLeaf(
  reduced: ReducedHashTree,
  leaf: Uint8Array,
  root: Uint8Array,
): boolean {
  const first = reduced[0];
  if (!first) return Buffer.from(leaf).equals(root);
  return first.some((hash) => hash.equals(leaf));
}
