import { createHash, randomBytes } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildHashTree, isCoveredLeaf, recomputeRoot } from "./hash-tree";

const sha256 = (...parts: Buffer[]) => createHash("sha256").update(Buffer.concat(parts)).digest();
const sorted = (...hashes: Buffer[]) => [...hashes].sort(Buffer.compare);

const digestSet = fc
  .uniqueArray(fc.uint8Array({ minLength: 32, maxLength: 32 }), {
    minLength: 1,
    maxLength: 64,
    selector: (bytes) => Buffer.from(bytes).toString("hex"),
  })
  .map((list) => list.map((bytes) => Buffer.from(bytes)));

describe("buildHashTree", () => {
  it("uses the single digest as the root, with an empty reduced tree", () => {
    const digest = randomBytes(32);
    const tree = buildHashTree([digest]);
    expect(tree.root.equals(digest)).toBe(true);
    expect(tree.reducedTreeFor(0)).toEqual([]);
  });

  it("hashes a group by sorting its members in binary ascending order and concatenating them", () => {
    const [a, b] = [randomBytes(32), randomBytes(32)];
    const [low, high] = sorted(a, b);
    expect(buildHashTree([a, b]).root.equals(sha256(low!, high!))).toBe(true);
    expect(buildHashTree([b, a]).root.equals(sha256(low!, high!))).toBe(true);
  });

  it("carries the odd node of a level up unchanged and lists only real siblings", () => {
    const digests = [randomBytes(32), randomBytes(32), randomBytes(32)];
    const [x0, x1, x2] = sorted(...digests) as [Buffer, Buffer, Buffer];
    const inner = sha256(...sorted(x0, x1));
    expect(buildHashTree(digests).root.equals(sha256(...sorted(inner, x2)))).toBe(true);

    const tree = buildHashTree(digests);
    const lonely = digests.findIndex((digest) => digest.equals(x2));
    expect(tree.reducedTreeFor(lonely)).toEqual([sorted(x2, inner)]);
    const paired = digests.findIndex((digest) => digest.equals(x0));
    expect(tree.reducedTreeFor(paired)).toEqual([sorted(x0, x1), [x2]]);
  });

  it("rejects digests that are not SHA-256 values", () => {
    expect(() => buildHashTree([])).toThrow(RangeError);
    expect(() => buildHashTree([randomBytes(20)])).toThrow(/32-byte/);
  });
});

describe("reduced hash trees (property)", () => {
  it("recompute to the root for every data object, with the object in the first list", () => {
    fc.assert(
      fc.property(digestSet, (digests) => {
        const tree = buildHashTree(digests);
        digests.forEach((digest, index) => {
          const reduced = tree.reducedTreeFor(index);
          expect(recomputeRoot(reduced, digest).equals(tree.root)).toBe(true);
          expect(isCoveredLeaf(reduced, digest, tree.root)).toBe(true);
          if (digests.length > 1) expect(reduced[0]).toHaveLength(2);
        });
      }),
    );
  });

  it("no longer reach the root when any hash value in them changes", () => {
    fc.assert(
      fc.property(
        digestSet.filter((digests) => digests.length > 1),
        fc.nat(),
        fc.nat(),
        fc.nat(31),
        fc.integer({ min: 1, max: 255 }),
        (digests, pick, at, byte, mask) => {
          const tree = buildHashTree(digests);
          const reduced = tree.reducedTreeFor(pick % digests.length);
          const cells = reduced.flatMap((list, l) => list.map((_, v) => [l, v] as const));
          const [l, v] = cells[at % cells.length]!;
          const changed = reduced.map((list) => list.map((hash) => Buffer.from(hash)));
          changed[l]![v]![byte]! ^= mask;
          expect(recomputeRoot(changed).equals(tree.root)).toBe(false);
        },
      ),
    );
  });

  it("do not cover a changed data object, and a changed set has another root", () => {
    fc.assert(
      fc.property(digestSet, fc.nat(), fc.nat(31), fc.integer({ min: 1, max: 255 }), (digests, pick, byte, mask) => {
        const index = pick % digests.length;
        const tree = buildHashTree(digests);
        const changed = Buffer.from(digests[index]!);
        changed[byte]! ^= mask;
        fc.pre(!digests.some((digest) => digest.equals(changed)));
        expect(isCoveredLeaf(tree.reducedTreeFor(index), changed, tree.root)).toBe(false);
        const altered = digests.map((digest, i) => (i === index ? changed : digest));
        expect(buildHashTree(altered).root.equals(tree.root)).toBe(false);
      }),
    );
  });
});

describe("recomputeRoot", () => {
  it("carries a first list of one value forward unhashed (RFC 6283 3.1.1)", () => {
    const [a, b] = [randomBytes(32), randomBytes(32)];
    expect(recomputeRoot([[a], [b]]).equals(sha256(...sorted(a, b)))).toBe(true);
  });

  it("refuses empty lists and a missing leaf when there is no tree", () => {
    expect(() => recomputeRoot([[randomBytes(32)], []])).toThrow(RangeError);
    expect(() => recomputeRoot([])).toThrow(RangeError);
  });
});
