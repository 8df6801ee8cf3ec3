// The hash tree of RFC 4998 section 4.2 / RFC 6283 section 3.2.1 over SHA-256 digests, the reduced
// tree that proves one leaf (RFC 4998 4.3, RFC 6283 3.2.2), and the walk back to the root.
import { createHash, randomBytes } from "node:crypto";

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
export function hashGroup(hashes: readonly Uint8Array[]): Buffer {
  const sorted = [...hashes].sort(compareHashes);
  return createHash("sha256").update(Buffer.concat(sorted)).digest();
}

// Builds the tree over several data objects. Each data object first forms a group with a random
// blinding value (RFC 4998 4.2 allows any extra hash values in a group), so a reduced tree names its
// own data object and nothing else: the digests of the other objects never appear in it, only hashes
// of their groups. Without that, a record would also prove (and reveal) its siblings' digests.
// Above the groups the tree is binary; a node left without a partner on its level is carried up
// unchanged, because a reduced tree cannot express a group of one above its first list.
export function buildHashTree(
  digests: readonly Uint8Array[],
  blinding?: readonly Uint8Array[],
): HashTree {
  if (digests.length === 0) throw new RangeError("A hash tree needs at least one digest.");
  if ([...digests, ...(blinding ?? [])].some((digest) => digest.length !== SHA256_LENGTH)) {
    throw new RangeError("Every digest must be a 32-byte SHA-256 value.");
  }
  if (digests.length === 1) {
    // RFC 6283 3.2 / RFC 4998 4.3: a lone data object needs no tree; its digest is time-stamped.
    return { root: Buffer.from(digests[0]!), reducedTreeFor: () => [] };
  }
  const pads = blinding ?? digests.map(() => randomBytes(SHA256_LENGTH));
  if (pads.length !== digests.length)
    throw new RangeError("Every digest needs its own blinding value.");
  const groups = digests.map((digest, index) =>
    [Buffer.from(digest), Buffer.from(pads[index]!)].sort(compareHashes),
  );
  const levels: Buffer[][] = [groups.map(hashGroup)];
  for (let level = levels[0]!; level.length > 1; level = levels.at(-1)!) {
    const next: Buffer[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const right = level[i + 1];
      next.push(right ? hashGroup([level[i]!, right]) : level[i]!);
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
export function recomputeRoot(reduced: ReducedHashTree, leaf?: Uint8Array): Buffer {
  const [first, ...rest] = reduced;
  if (!first) {
    if (!leaf)
      throw new RangeError("Without a hash tree the root is the data object's own digest.");
    return Buffer.from(leaf);
  }
  if (first.length === 0 || rest.some((list) => list.length === 0)) {
    throw new RangeError("Every list of a reduced hash tree needs at least one hash value.");
  }
  let carried = first.length === 1 ? Buffer.from(first[0]!) : hashGroup(first);
  for (const list of rest) carried = hashGroup([...list, carried]);
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
