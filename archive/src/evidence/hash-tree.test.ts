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

  it("groups each digest with its blinding value, then pairs the groups (RFC 4998 4.2)", () => {
    const [a, b, pa, pb] = [randomBytes(32), randomBytes(32), randomBytes(32), randomBytes(32)];
    const group = (x: Buffer, y: Buffer) => sha256(...sorted(x, y));
    expect(buildHashTree([a, b], [pa, pb]).root.equals(group(group(a, pa), group(b, pb)))).toBe(
      true,
    );
    expect(buildHashTree([a, b], [pa, pb]).reducedTreeFor(1)).toEqual([
      sorted(b, pb),
      [group(a, pa)],
    ]);
  });

  it("carries the odd node of a level up unchanged and lists only real siblings", () => {
    const digests = [randomBytes(32), randomBytes(32), randomBytes(32)];
    const pads = [randomBytes(32), randomBytes(32), randomBytes(32)];
    const [l0, l1, l2] = digests.map((digest, i) => sha256(...sorted(digest, pads[i]!))) as [
      Buffer,
      Buffer,
      Buffer,
    ];
    const inner = sha256(...sorted(l0, l1));
    const tree = buildHashTree(digests, pads);
    expect(tree.root.equals(sha256(...sorted(inner, l2)))).toBe(true);
    expect(tree.reducedTreeFor(2)).toEqual([sorted(digests[2]!, pads[2]!), [inner]]);
    expect(tree.reducedTreeFor(0)).toEqual([sorted(digests[0]!, pads[0]!), [l1], [l2]]);
  });

  it("blinds every tree afresh, so no record reveals another data object's digest", () => {
    const digests = [randomBytes(32), randomBytes(32)];
    expect(buildHashTree(digests).root.equals(buildHashTree(digests).root)).toBe(false);
    const reduced = buildHashTree(digests).reducedTreeFor(0);
    expect(reduced.flat().some((hash) => hash.equals(digests[1]!))).toBe(false);
  });

  it("rejects digests that are not SHA-256 values", () => {
    expect(() => buildHashTree([])).toThrow(RangeError);
    expect(() => buildHashTree([randomBytes(20)])).toThrow(/32-byte/);
    expect(() => buildHashTree([randomBytes(32), randomBytes(32)], [randomBytes(32)])).toThrow(
      /blinding/,
    );
  });
});

describe("reduced hash trees (property)", () => {
  it("recompute to the root for every data object, and name that object and no other", () => {
    fc.assert(
      fc.property(digestSet, (digests) => {
        const tree = buildHashTree(digests);
        digests.forEach((digest, index) => {
          const reduced = tree.reducedTreeFor(index);
          expect(recomputeRoot(reduced, digest).equals(tree.root)).toBe(true);
          expect(isCoveredLeaf(reduced, digest, tree.root)).toBe(true);
          const others = digests.filter((_, i) => i !== index);
          expect(reduced.flat().some((hash) => others.some((other) => other.equals(hash)))).toBe(
            false,
          );
          expect(reduced.length).toBeLessThanOrEqual(1 + Math.ceil(Math.log2(digests.length)));
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
      fc.property(
        digestSet,
        fc.nat(),
        fc.nat(31),
        fc.integer({ min: 1, max: 255 }),
        (digests, pick, byte, mask) => {
          const index = pick % digests.length;
          const tree = buildHashTree(digests);
          const changed = Buffer.from(digests[index]!);
          changed[byte]! ^= mask;
          fc.pre(!digests.some((digest) => digest.equals(changed)));
          expect(isCoveredLeaf(tree.reducedTreeFor(index), changed, tree.root)).toBe(false);
          const altered = digests.map((digest, i) => (i === index ? changed : digest));
          expect(buildHashTree(altered).root.equals(tree.root)).toBe(false);
        },
      ),
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
