// Renewed records, in both syntaxes: valid for their data object with the first time-stamp's proof
// of existence, after time-stamp and hash-tree renewals in any sequence; invalid once an earlier
// link is changed or dropped.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { C14N_METHODS, canonicalizeXmlBytes } from "./c14n";
import { parseEvidenceRecordDer, serializeEvidenceRecordDer } from "./ers-der";
import { parseEvidenceRecordXml, serializeEvidenceRecordXml } from "./ers-xml";
import {
  createEvidenceRecords,
  generateTsaKey,
  loadTsa,
  validateEvidenceRecord,
  type ValidationResult,
} from "./index";
import { renewEvidenceRecords, type RenewableRecord } from "./renew";

const key = generateTsaKey(new Date("2026-01-01T00:00:00Z"));
const tsa = loadTsa(key.privateJwk);
const trustedKeys = [key.publicJwk];
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest();
const objects = [
  { id: "scan.tiff", bytes: Buffer.from("the scan"), xml: false },
  { id: "mets.xml", bytes: Buffer.from(`<?xml version="1.0"?>\n<mets b="2" a="1"/>`), xml: true },
  { id: "notes.txt", bytes: Buffer.from("the notes"), xml: false },
];
const sealedAt = new Date("2026-02-01T10:00:00Z");
const sealed = await createEvidenceRecords({
  dataObjects: objects.map((o) => ({
    id: o.id,
    sha256: sha256(o.bytes),
    ...(o.xml ? { canonicalSha256: sha256(canonicalizeXmlBytes(o.bytes, C14N_METHODS.c14n)) } : {}),
  })),
  tsa,
  now: sealedAt,
});
const at = (iso: string) => new Date(iso);
let records: RenewableRecord[] = sealed.records;
const steps: ["timestamp" | "hashtree", Date][] = [
  ["timestamp", at("2027-02-01T10:00:00Z")],
  ["timestamp", at("2028-02-01T10:00:00Z")],
  ["hashtree", at("2029-02-01T10:00:00Z")],
  ["timestamp", at("2030-02-01T10:00:00Z")],
];
const history: RenewableRecord[][] = [records];
for (const [mode, now] of steps) {
  const renewed = await renewEvidenceRecords({ records, mode, tsa, dataObjects: objects, now });
  expect(renewed.time).toBe(now.toISOString());
  records = renewed.records;
  history.push(records);
}
const failing = (result: ValidationResult) =>
  result.checks.filter((check) => !check.ok).map((check) => check.name);
const validate = (record: string | Uint8Array, index: number, bytes = objects[index]!.bytes) =>
  validateEvidenceRecord({
    record,
    dataObject: bytes,
    xml: objects[index]!.xml,
    trustedKeys,
    now: at("2031-01-01T00:00:00Z"),
  });

describe("renewed evidence records", () => {
  it("keep validating after every renewal, in both syntaxes, with the first time-stamp's proof of existence", async () => {
    for (const stage of history) {
      for (const [index, record] of stage.entries()) {
        for (const form of [record.xml, record.der]) {
          const result = await validate(form, index);
          expect(result, `${objects[index]!.id} ${failing(result)}`).toMatchObject({
            valid: true,
            poe: sealedAt.toISOString(),
          });
        }
      }
    }
  });

  it("grow as RFC 4998 and RFC 6283 say: time-stamps in the last chain, a new SHA-512 chain", () => {
    const xml = parseEvidenceRecordXml(records[1]!.xml);
    const der = parseEvidenceRecordDer(records[1]!.der);
    for (const content of [xml, der]) {
      expect(content.chains.map((c) => [c.digestAlgorithm, c.stamps.length])).toEqual([
        ["sha256", 3],
        ["sha512", 2],
      ]);
    }
    expect(serializeEvidenceRecordXml(xml)).toBe(records[1]!.xml);
    expect(serializeEvidenceRecordDer(der).equals(Buffer.from(records[1]!.der))).toBe(true);
  });

  it("are invalid for another or a changed data object", async () => {
    for (const [index, record] of records.entries()) {
      for (const form of [record.xml, record.der]) {
        const other = await validate(form, index, Buffer.from("another object"));
        expect(other.valid).toBe(false);
        expect(failing(other)).toContain("data-object-digest");
      }
    }
  });

  it("are invalid once an earlier time-stamp is changed or dropped", async () => {
    const [first] = records;
    for (const [parse, serialize] of [
      [parseEvidenceRecordXml, serializeEvidenceRecordXml],
      [parseEvidenceRecordDer, serializeEvidenceRecordDer],
    ] as const) {
      const source = parse === parseEvidenceRecordXml ? first!.xml : first!.der;
      // A time-stamp of the first chain replaced by another record's (signed, trusted, but not the renewed one).
      const swapped = (parse as (x: unknown) => ReturnType<typeof parseEvidenceRecordXml>)(source);
      const stranger = (parse as (x: unknown) => ReturnType<typeof parseEvidenceRecordXml>)(
        parse === parseEvidenceRecordXml ? history[2]![2]!.xml : history[2]![2]!.der,
      );
      swapped.chains[0]!.stamps[1] = stranger.chains[0]!.stamps[2]!;
      const changed = await validate((serialize as (c: unknown) => string | Buffer)(swapped), 0);
      expect(changed.valid).toBe(false);
      expect(failing(changed)).toContain("renewal");
      // The middle time-stamp of the first chain dropped: the next one renews nothing here.
      const dropped = (parse as (x: unknown) => ReturnType<typeof parseEvidenceRecordXml>)(source);
      dropped.chains[0]!.stamps.splice(1, 1);
      const result = await validate((serialize as (c: unknown) => string | Buffer)(dropped), 0);
      expect(result.valid).toBe(false);
      expect(failing(result)).toContain("renewal");
      // The first chain's data object leaf replaced: the hash-tree renewal no longer covers the chains before it.
      const rewritten = (parse as (x: unknown) => ReturnType<typeof parseEvidenceRecordXml>)(
        source,
      );
      rewritten.chains[0] = (parse as (x: unknown) => ReturnType<typeof parseEvidenceRecordXml>)(
        parse === parseEvidenceRecordXml ? history[0]![0]!.xml : history[0]![0]!.der,
      ).chains[0]!;
      const older = await validate((serialize as (c: unknown) => string | Buffer)(rewritten), 0);
      expect(older.valid).toBe(false);
      expect(failing(older).some((name) => ["renewal", "data-object-digest"].includes(name))).toBe(
        true,
      );
    }
  });

  it("need the data object for a hash-tree renewal", async () => {
    await expect(
      renewEvidenceRecords({ records, mode: "hashtree", tsa, dataObjects: [] }),
    ).rejects.toThrow(/needs the data object/);
  });
});
