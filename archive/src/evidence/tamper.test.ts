import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseEvidenceRecordXml, serializeEvidenceRecordXml } from "./ers-xml";
import type { ArchiveTimeStampContent, EvidenceRecordContent } from "./record";
import {
  createEvidenceRecords,
  generateTsaKey,
  loadTsa,
  validateEvidenceRecord,
  type ValidationResult,
} from "./index";

const archiveKey = generateTsaKey();
const archive = loadTsa(archiveKey.privateJwk);
const stranger = loadTsa(generateTsaKey().privateJwk);
const trustedKeys = [archiveKey.publicJwk];
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest();
const objects = Array.from({ length: 6 }, (_, i) => ({
  id: `file-${i}`,
  bytes: Buffer.from(`data object number ${i}`),
}));
const dataObjects = objects.map(({ id, bytes }) => ({ id, sha256: sha256(bytes) }));
const evidence = await createEvidenceRecords({ dataObjects, tsa: archive });
const foreign = await createEvidenceRecords({ dataObjects, tsa: stranger });

const failing = (result: ValidationResult) =>
  result.checks.filter((check) => !check.ok).map((check) => check.name);
const validate = (record: string | Uint8Array, index: number) =>
  validateEvidenceRecord({ record, dataObject: objects[index]!.bytes, trustedKeys });
const flip = (bytes: Uint8Array, at: number, mask: number) => {
  const copy = Buffer.from(bytes);
  copy[at]! ^= mask;
  return copy;
};
const mask = fc.integer({ min: 1, max: 255 });
// The same record with its one archive time-stamp replaced.
const withStamp = (
  content: EvidenceRecordContent,
  stamp: ArchiveTimeStampContent,
): EvidenceRecordContent => ({ chains: [{ ...content.chains[0]!, stamps: [stamp] }] });

describe("a changed byte in the record", () => {
  it("in a digest value of the hash tree breaks the tree, and the digest check when it is the object's own", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat(objects.length - 1),
        fc.nat(),
        fc.nat(31),
        mask,
        async (index, pick, at, m) => {
          const content = parseEvidenceRecordXml(evidence.records[index]!.xml);
          const tree = content.chains[0]!.stamps[0]!.reducedHashTree;
          const cells = tree.flatMap((list, l) => list.map((_, v) => [l, v] as const));
          const [l, v] = cells[pick % cells.length]!;
          const own = tree[l]![v]!.equals(dataObjects[index]!.sha256);
          tree[l]![v] = flip(tree[l]![v]!, at, m);
          const result = await validate(serializeEvidenceRecordXml(content), index);
          expect(result.valid).toBe(false);
          expect(failing(result)).toEqual(
            own ? ["data-object-digest", "hash-tree"] : ["hash-tree"],
          );
        },
      ),
      { numRuns: 60 },
    );
  });

  it("in the time-stamp token fails a time-stamp check, and only time-stamp checks", async () => {
    const content = parseEvidenceRecordXml(evidence.records[0]!.xml);
    const stamp = content.chains[0]!.stamps[0]!;
    await fc.assert(
      fc.asyncProperty(fc.nat(stamp.timeStampToken.length - 1), mask, async (at, m) => {
        const changed = withStamp(content, {
          ...stamp,
          timeStampToken: flip(stamp.timeStampToken, at, m),
        });
        const result = await validate(serializeEvidenceRecordXml(changed), 0);
        expect(result.valid).toBe(false);
        expect(failing(result).length).toBeGreaterThan(0);
        for (const name of failing(result))
          expect(["timestamp-token", "timestamp-signature", "hash-tree"]).toContain(name);
      }),
      { numRuns: 150 },
    );
  });

  // About 1,500 validations, each decoding the record with the ASN.1 library: seconds, not milliseconds.
  it(
    "anywhere in an RFC 4998 record makes it invalid (every position)",
    { timeout: 30_000 },
    async () => {
      const der = evidence.records[3]!.der;
      const masks = fc.sample(mask, der.length);
      for (let at = 0; at < der.length; at++) {
        const result = await validate(flip(der, at, masks[at]!), 3);
        if (result.valid)
          throw new Error(`A change at byte ${at} of the DER record went unnoticed.`);
      }
    },
  );

  // XML whitespace between elements and inside base64 carries no information, so turning one
  // whitespace character into another is the only change an RFC 6283 record may survive.
  it("anywhere in an RFC 6283 record makes it invalid, unless whitespace only becomes other whitespace", async () => {
    const xml = Buffer.from(evidence.records[2]!.xml);
    const isSpace = (byte: number) => [0x20, 0x09, 0x0a, 0x0d].includes(byte);
    await fc.assert(
      fc.asyncProperty(fc.nat(xml.length - 1), mask, async (at, m) => {
        fc.pre(!(isSpace(xml[at]!) && isSpace(xml[at]! ^ m)));
        const result = await validate(flip(xml, at, m), 2);
        expect(result.valid).toBe(false);
        expect(result.poe).toBeUndefined();
      }),
      { numRuns: 1000 },
    );
  });
});

describe("the time-stamp signer", () => {
  it("must be a trusted key when trusted keys are given", async () => {
    const result = await validate(foreign.records[1]!.xml, 1);
    expect(failing(result)).toEqual(["timestamp-trust"]);
    expect(result.checks.find((check) => check.name === "timestamp-trust")?.detail).toContain(
      stranger.kid,
    );
    const none = await validateEvidenceRecord({
      record: evidence.records[1]!.der,
      dataObject: objects[1]!.bytes,
      trustedKeys: [],
    });
    expect(failing(none)).toEqual(["timestamp-trust"]);
  });

  it("is taken from the record when no trusted keys are given, which the trust check states", async () => {
    const result = await validateEvidenceRecord({
      record: foreign.records[1]!.der,
      dataObject: objects[1]!.bytes,
    });
    expect(result.valid).toBe(true);
    expect(result.checks.find((check) => check.name === "timestamp-trust")?.detail).toMatch(
      /No trusted keys/,
    );
  });

  it("cannot be swapped: a record re-signed by a stranger with its own embedded key is not trusted", async () => {
    const content = parseEvidenceRecordXml(evidence.records[4]!.xml);
    const resigned = serializeEvidenceRecordXml(
      withStamp(content, {
        ...content.chains[0]!.stamps[0]!,
        timeStampToken: await stranger.timestamp({ digest: evidence.root, time: new Date() }),
        certificates: stranger.certificates,
      }),
    );
    const result = await validate(resigned, 4);
    expect(result.valid).toBe(false);
    expect(failing(result)).toEqual(["timestamp-trust"]);
  });

  it("must match the certificate the record lists for it", async () => {
    const content = parseEvidenceRecordXml(evidence.records[5]!.xml);
    const mixed = serializeEvidenceRecordXml(
      withStamp(content, { ...content.chains[0]!.stamps[0]!, certificates: stranger.certificates }),
    );
    const result = await validate(mixed, 5);
    expect(failing(result)).toEqual(["timestamp-signature"]);
  });

  it("is trusted by the archive's key and not by a stranger's, for the same record", async () => {
    const record = evidence.records[0]!.der;
    const ours = await validateEvidenceRecord({
      record,
      dataObject: objects[0]!.bytes,
      trustedKeys,
    });
    const theirs = await validateEvidenceRecord({
      record,
      dataObject: objects[0]!.bytes,
      trustedKeys: [stranger.publicJwk],
    });
    expect(ours.valid).toBe(true);
    expect(theirs.valid).toBe(false);
  });
});
