// Evidence of every version, checked by ValidateEvidence: valid for the untouched data object, invalid
// once one byte of the data object or of the record changes.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { PDF } from "../support/fixtures";
import { b64, contentOf, fails, formats, ok, pres, preserve, type RetrievedPo } from "./client";

const VALIDATION_REPORT = "urn:scriptorium:evidence-validation-report:1.0";

describe("ValidateEvidence", () => {
  let data: RetrievedPo;
  let xmlRecord: Buffer;
  let derRecord: Buffer;
  let before: number;
  let after: number;
  beforeAll(async () => {
    before = Date.now() - 1000;
    const { poId } = await preserve([
      { id: "contract.pdf", binaryData: { value: b64(PDF) } },
      { id: "annex.txt", binaryData: { value: b64("Annex A: terms") } },
    ]);
    after = Date.now() + 1000;
    const po = ok(await pres("RetrievePO", { poId, sor: "POwithDetachedEvidence" }))
      .po as RetrievedPo[];
    data = po.find((p) => p.id === "contract.pdf")!;
    xmlRecord = contentOf(po.find((p) => p.id === "contract.pdf.ers.xml")!);
    const der = ok(await pres("RetrievePO", { poId, sor: "Evidence", evFormat: formats.der }))
      .po as RetrievedPo[];
    derRecord = contentOf(der.find((p) => p.id === "contract.pdf.ers")!);
  });

  const validate = async (record: Buffer, format: string, po?: Buffer) =>
    ok(
      await pres("ValidateEvidence", {
        ev:
          format === formats.xml
            ? { xmlData: { b64Content: b64(record) }, formatId: format }
            : { binaryData: { value: b64(record) }, formatId: format },
        ...(po ? { po: [{ id: "contract.pdf", binaryData: { value: b64(po) } }] } : {}),
      }),
    );
  const report = (body: Record<string, unknown>) => {
    const valRep = body.valRep as RetrievedPo;
    expect(valRep).toMatchObject({ formatId: VALIDATION_REPORT, mimeType: "application/xml" });
    return contentOf(valRep).toString("utf8");
  };

  it("finds both records of a version valid for their data object, with the time of proof of existence", async () => {
    for (const [record, format] of [
      [xmlRecord, formats.xml],
      [derRecord, formats.der],
    ] as const) {
      const body = await validate(record, format, contentOf(data));
      expect(report(body)).toContain("<Result>valid</Result>");
      expect(Date.parse(body.poe as string)).toBeGreaterThanOrEqual(before);
      expect(Date.parse(body.poe as string)).toBeLessThanOrEqual(after);
      expect(body.result.msg?.value).toMatch(/is valid/);
    }
  });

  it("checks a record on its own when no PO is supplied", async () => {
    const body = await validate(xmlRecord, formats.xml);
    expect(report(body)).toContain("<Result>valid</Result>");
  });

  it("finds the record invalid, without poe, for a data object with one byte changed", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: PDF.length - 1 }),
        fc.integer({ min: 1, max: 255 }),
        async (index, mask) => {
          const tampered = Buffer.from(contentOf(data));
          tampered[index] = tampered[index]! ^ mask;
          for (const [record, format] of [
            [xmlRecord, formats.xml],
            [derRecord, formats.der],
          ] as const) {
            const body = await validate(record, format, tampered);
            expect(report(body)).toContain("<Result>invalid</Result>");
            expect(body).not.toHaveProperty("poe");
            expect(body.result.msg?.value).toMatch(/invalid/);
          }
        },
      ),
      { numRuns: 8 },
    );
  });

  it("finds a DER record invalid once any one of its bytes changes", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: derRecord.length - 1 }),
        fc.integer({ min: 1, max: 255 }),
        async (index, mask) => {
          const tampered = Buffer.from(derRecord);
          tampered[index] = tampered[index]! ^ mask;
          expect(report(await validate(tampered, formats.der, contentOf(data)))).toContain(
            "<Result>invalid</Result>",
          );
        },
      ),
      { numRuns: 25 },
    );
  });

  it("finds an XML record invalid once one character of its digests, time-stamp or certificate changes", async () => {
    const text = xmlRecord.toString("utf8");
    // Positions of base64 characters in element content: the values the record's proof rests on.
    const positions = [...text.matchAll(/>([^<]+)</g)].flatMap((m) =>
      [...m[1]!].flatMap((ch, i) => (/[A-Za-z0-9+/]/.test(ch) ? [m.index! + 1 + i] : [])),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...positions), async (index) => {
        const replacement = text[index] === "A" ? "B" : "A";
        const tampered = Buffer.from(
          text.slice(0, index) + replacement + text.slice(index + 1),
          "utf8",
        );
        expect(report(await validate(tampered, formats.xml, contentOf(data)))).toContain(
          "<Result>invalid</Result>",
        );
      }),
      { numRuns: 25 },
    );
  });

  it("refuses an evidence format it does not know, a request without ev, and several POs it cannot tell apart", async () => {
    fails(
      await pres("ValidateEvidence", {
        ev: { binaryData: { value: b64(derRecord) }, formatId: "urn:example:ers" },
      }),
      "unknownEvidenceFormat",
    );
    fails(await pres("ValidateEvidence", {}), "parameterError");
    const two = [
      { id: "one", binaryData: { value: b64("1") } },
      { id: "two", binaryData: { value: b64("2") } },
    ];
    fails(
      await pres("ValidateEvidence", { ev: { binaryData: { value: b64(derRecord) } }, po: two }),
      "parameterError",
    );
  });

  it("picks the PO that ev.relObj names among several", async () => {
    const pos = [
      { id: "other", binaryData: { value: b64("unrelated") } },
      { id: "contract.pdf", binaryData: data.binaryData },
    ];
    const body = ok(
      await pres("ValidateEvidence", {
        ev: { binaryData: { value: b64(derRecord) }, relObj: ["contract.pdf"] },
        po: pos,
      }),
    );
    expect(report(body)).toContain("<Result>valid</Result>");
  });
});
