import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { readTimeStampToken } from "./timestamp-token";
import {
  createEvidenceRecords,
  EVIDENCE_FORMAT,
  generateTsaKey,
  loadTsa,
  validateEvidenceRecord,
  type ValidationResult,
} from "./index";

// The key's certificate is valid from before the time the records state.
const key = generateTsaKey(new Date("2026-01-01T00:00:00Z"));
const tsa = loadTsa(key.privateJwk);
const trustedKeys = [key.publicJwk];
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest();
const objects = ["scan.tiff", "scan.txt", "mets.xml", "premis.xml", "thumb.png"].map((id) => ({
  id,
  bytes: Buffer.from(`the content of ${id}`),
}));
const now = new Date("2026-01-15T10:20:30.456Z");
const evidence = await createEvidenceRecords({
  dataObjects: objects.map(({ id, bytes }) => ({ id, sha256: sha256(bytes) })),
  tsa,
  now,
});

const failing = (result: ValidationResult) =>
  result.checks.filter((check) => !check.ok).map((check) => check.name);

describe("createEvidenceRecords", () => {
  it("makes one record per data object in both syntaxes, all sharing one time-stamped root", () => {
    expect(evidence.time).toBe(now.toISOString());
    expect(evidence.records.map((record) => record.id)).toEqual(objects.map((object) => object.id));
    for (const record of evidence.records) {
      expect(record.xml).toContain(
        '<EvidenceRecord xmlns="urn:ietf:params:xml:ns:ers" Version="1.0">',
      );
      expect(record.der[0]).toBe(0x30);
    }
    const token = /<TimeStampToken Type="RFC3161">([^<]+)</.exec(evidence.records[2]!.xml)![1]!;
    expect(
      readTimeStampToken(Buffer.from(token, "base64")).hashedMessage.equals(evidence.root),
    ).toBe(true);
  });

  it("refuses an empty list, repeated ids and digests that are not SHA-256", async () => {
    await expect(createEvidenceRecords({ dataObjects: [], tsa })).rejects.toThrow(/at least one/);
    const one = { id: "a", sha256: sha256(Buffer.from("a")) };
    await expect(createEvidenceRecords({ dataObjects: [one, one], tsa })).rejects.toThrow(/own id/);
    await expect(
      createEvidenceRecords({ dataObjects: [{ id: "a", sha256: Buffer.alloc(20) }], tsa }),
    ).rejects.toThrow(/"a"/);
  });
});

describe("validateEvidenceRecord", () => {
  it("validates every record of the version, in both syntaxes, with proof of existence at the time-stamp", async () => {
    for (const [index, record] of evidence.records.entries()) {
      for (const [form, format] of [
        [record.xml, EVIDENCE_FORMAT.xml],
        [record.der, EVIDENCE_FORMAT.der],
      ] as const) {
        const result = await validateEvidenceRecord({
          record: form,
          dataObject: objects[index]!.bytes,
          trustedKeys,
        });
        expect(result).toMatchObject({ valid: true, poe: evidence.time, format });
        expect(result.checks.map((check) => check.name)).toEqual([
          "format",
          "timestamp-token",
          "data-object-digest",
          "hash-tree",
          "timestamp-signature",
          "timestamp-trust",
          "timestamp-validity",
        ]);
      }
    }
  });

  it("accepts the record as UTF-8 bytes or DER as base64, and the object as its digest", async () => {
    const { xml, der } = evidence.records[0]!;
    const digest = sha256(objects[0]!.bytes);
    expect(
      (await validateEvidenceRecord({ record: Buffer.from(xml), digest, trustedKeys })).valid,
    ).toBe(true);
    expect(
      (await validateEvidenceRecord({ record: Buffer.from(der).toString("base64"), digest })).valid,
    ).toBe(true);
  });

  it("fails the digest check when one byte of the data object changes", async () => {
    const changed = Buffer.from(objects[1]!.bytes);
    changed[4]! ^= 0x01;
    for (const record of [evidence.records[1]!.xml, evidence.records[1]!.der]) {
      const result = await validateEvidenceRecord({ record, dataObject: changed, trustedKeys });
      expect(result.valid).toBe(false);
      expect(result.poe).toBeUndefined();
      expect(failing(result)).toEqual(["data-object-digest"]);
      expect(result.checks.find((check) => check.name === "data-object-digest")?.detail).toMatch(
        /changed/,
      );
    }
  });

  it("fails the digest check for the data object of any other record of the same version", async () => {
    for (const [index, record] of evidence.records.entries()) {
      for (const [other, object] of objects.entries()) {
        if (other === index) continue;
        for (const form of [record.xml, record.der]) {
          const result = await validateEvidenceRecord({
            record: form,
            dataObject: object.bytes,
            trustedKeys,
          });
          expect(failing(result)).toEqual(["data-object-digest"]);
        }
      }
    }
  });

  it("fails when the given digest and data object disagree", async () => {
    const result = await validateEvidenceRecord({
      record: evidence.records[0]!.xml,
      dataObject: objects[0]!.bytes,
      digest: sha256(objects[1]!.bytes),
    });
    expect(failing(result)).toEqual(["data-object-digest"]);
  });

  it("checks a record on its own when no data object is given, and says so", async () => {
    const result = await validateEvidenceRecord({ record: evidence.records[4]!.der, trustedKeys });
    expect(result.valid).toBe(true);
    expect(result.checks.find((check) => check.name === "data-object-digest")?.detail).toMatch(
      /No data object/,
    );
  });

  it("proves a lone data object without a hash tree", async () => {
    const bytes = Buffer.from("the only file of a version");
    const single = await createEvidenceRecords({
      dataObjects: [{ id: "only", sha256: sha256(bytes) }],
      tsa,
    });
    expect(single.root.equals(sha256(bytes))).toBe(true);
    expect(single.records[0]!.xml).not.toContain("<HashTree>");
    for (const record of [single.records[0]!.xml, single.records[0]!.der]) {
      expect(
        await validateEvidenceRecord({ record, dataObject: bytes, trustedKeys }),
      ).toMatchObject({ valid: true, poe: single.time });
      const other = await validateEvidenceRecord({
        record,
        dataObject: Buffer.from("another file"),
        trustedKeys,
      });
      expect(failing(other)).toEqual(["data-object-digest"]);
    }
  });

  it("reports unreadable input as a format failure and nothing else", async () => {
    for (const record of [
      "not a record",
      Buffer.from([0x30, 0x03, 0x02, 0x01]),
      Buffer.from([0xff, 0xfe]),
    ]) {
      const result = await validateEvidenceRecord({ record });
      expect(result).toMatchObject({ valid: false, checks: [{ name: "format", ok: false }] });
      expect(result.checks).toHaveLength(1);
    }
  });

  it("validates records sealed before XML data objects were canonicalized (their octets) for the object sent as XML", async () => {
    const xml = Buffer.from(`<?xml version="1.0"?>\n<a y="2" x="1"/>`);
    const before = await createEvidenceRecords({
      dataObjects: [{ id: "a.xml", sha256: sha256(xml) }],
      tsa,
      now,
    });
    for (const record of [before.records[0]!.xml, before.records[0]!.der]) {
      const result = await validateEvidenceRecord({
        record,
        dataObject: xml,
        xml: true,
        trustedKeys,
      });
      expect(result.valid).toBe(true);
      expect(result.checks.find((c) => c.name === "data-object-digest")?.detail).toMatch(/octets/);
    }
  });
});
