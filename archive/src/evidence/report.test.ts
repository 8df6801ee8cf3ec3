import { createHash } from "node:crypto";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import {
  createEvidenceRecords,
  generateTsaKey,
  loadTsa,
  renderValidationReport,
  validateEvidenceRecord,
} from "./index";

const key = generateTsaKey();
const bytes = Buffer.from("a page of a register");
const evidence = await createEvidenceRecords({
  dataObjects: [
    { id: "page-1", sha256: createHash("sha256").update(bytes).digest() },
    { id: "page-2", sha256: createHash("sha256").update("another page").digest() },
  ],
  tsa: loadTsa(key.privateJwk),
});
const parse = (xml: string) =>
  new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "",
    isArray: (name) => name === "Check",
  }).parse(xml).ValidationReport;

describe("renderValidationReport", () => {
  it("reports a valid record with its proof of existence, the subject and every check", async () => {
    const result = await validateEvidenceRecord({
      record: evidence.records[0]!.xml,
      dataObject: bytes,
      trustedKeys: [key.publicJwk],
    });
    const xml = renderValidationReport(result, {
      poId: "po-17",
      versionId: "v2",
      dataObjectId: "page-1",
      validationTime: new Date("2026-05-06T07:08:09Z"),
    });
    expect(XMLValidator.validate(xml)).toBe(true);
    const report = parse(xml);
    expect(report).toMatchObject({
      xmlns: "urn:scriptorium:evidence-validation-report:1.0",
      ValidationTime: "2026-05-06T07:08:09.000Z",
      Subject: {
        POID: "po-17",
        VersionID: "v2",
        DataObjectID: "page-1",
        EvidenceFormat: "urn:ietf:rfc:6283",
      },
      Result: "valid",
      ProofOfExistence: evidence.time,
    });
    expect(
      report.Checks.Check.map((check: { Name: string; Result: string }) => [
        check.Name,
        check.Result,
      ]),
    ).toEqual(result.checks.map((check) => [check.name, "passed"]));
    expect(report.Checks.Check[0]["#text"]).toBe(result.checks[0]!.detail);
  });

  it("reports an invalid record without a proof of existence, naming the failed check", async () => {
    const result = await validateEvidenceRecord({
      record: evidence.records[1]!.der,
      dataObject: bytes,
    });
    const report = parse(renderValidationReport(result));
    expect(report.Result).toBe("invalid");
    expect(report.ProofOfExistence).toBeUndefined();
    expect(report.Subject.EvidenceFormat).toBe("urn:ietf:rfc:4998");
    const failed = report.Checks.Check.filter(
      (check: { Result: string }) => check.Result === "failed",
    );
    expect(failed.map((check: { Name: string }) => check.Name)).toEqual(["data-object-digest"]);
  });

  it("escapes what it is given so the report stays well-formed", () => {
    const xml = renderValidationReport(
      { valid: false, checks: [{ name: "format", ok: false, detail: `Expected "<x>" & 'y'.` }] },
      { poId: "<po & co>" },
    );
    expect(XMLValidator.validate(xml)).toBe(true);
    const report = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: "",
      processEntities: true,
    }).parse(xml).ValidationReport;
    expect(report.Subject.POID).toBe("<po & co>");
    expect(report.Checks.Check["#text"]).toBe(`Expected "<x>" & 'y'.`);
  });
});
