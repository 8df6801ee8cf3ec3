// XML data objects (sent as xmlData) are sealed in their canonical form, as RFC 6283 verifiers hash
// them: the digest libxml2 computes (xmllint --c14n, not the archive's code) is in the record, and
// ValidateEvidence accepts the object as sent and in any equivalent serialization.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { XMLLINT } from "../../src/evidence/testing/tools";
import {
  b64,
  contentOf,
  fails,
  formats,
  ok,
  pres,
  preserve,
  profiles,
  type RetrievedPo,
} from "./client";

// Not canonical: an XML declaration, attributes out of order, an empty-element tag, single quotes.
const NOTE = `<?xml version="1.0" encoding="UTF-8"?>\n<note lang='en' id="n-1"><to>Ada</to><body kind="memo" at="2026-01-02"/></note>\n`;
// Its canonical form, and the same document serialized yet otherwise.
const SAME_NOTE = `<note id="n-1" lang="en"><to>Ada</to><body at="2026-01-02" kind="memo"></body></note>`;
const OTHER_NOTE = `<note lang="en"  id="n-1"><to>Ada</to><body kind="memo" at="2026-01-02" /></note>`;

describe.skipIf(!XMLLINT())("XML data objects in their canonical form", () => {
  const dir = mkdtempSync(join(tmpdir(), "xml-evidence-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let poId: string;
  let record: Buffer;
  let der: Buffer;
  beforeAll(async () => {
    ({ poId } = await preserve([
      { id: "note.xml", xmlData: { b64Content: b64(NOTE) } },
      { id: "scan.bin", binaryData: { value: b64("binary bytes stay bytes") } },
    ]));
    const po = ok(await pres("RetrievePO", { poId, sor: "Evidence", evFormat: formats.xml }))
      .po as RetrievedPo[];
    record = contentOf(po.find((p) => p.id === "note.xml.ers.xml")!);
    const ders = ok(await pres("RetrievePO", { poId, sor: "Evidence", evFormat: formats.der }))
      .po as RetrievedPo[];
    der = contentOf(ders.find((p) => p.id === "note.xml.ers")!);
  });

  const firstSequence = (xml: Buffer): string[] => {
    const parsed = new XMLParser({
      ignoreAttributes: false,
      isArray: (n) => n === "Sequence" || n === "DigestValue",
    }).parse(xml.toString("utf8"));
    const stamp =
      parsed.EvidenceRecord.ArchiveTimeStampSequence.ArchiveTimeStampChain.ArchiveTimeStamp;
    return stamp.HashTree.Sequence[0].DigestValue as string[];
  };

  it("seals the SHA-256 of the canonical form libxml2 computes (and of the octets, for RFC 4998 verifiers)", () => {
    writeFileSync(join(dir, "note.xml"), NOTE);
    const canonical = execFileSync("xmllint", ["--c14n", join(dir, "note.xml")]);
    expect(canonical.toString()).toBe(SAME_NOTE);
    const sha = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("base64");
    const values = firstSequence(record);
    expect(values).toContain(sha(canonical));
    expect(values).toContain(sha(NOTE));
  });

  const validate = async (ev: Buffer, format: string, po: Record<string, unknown>) =>
    ok(
      await pres("ValidateEvidence", {
        ev:
          format === formats.xml
            ? { xmlData: { b64Content: b64(ev) }, formatId: format }
            : { binaryData: { value: b64(ev) }, formatId: format },
        po: [{ id: "note.xml", ...po }],
      }),
    );

  it("validates the record for the object as sent, and for any equivalent serialization sent as XML", async () => {
    for (const [ev, format] of [
      [record, formats.xml],
      [der, formats.der],
    ] as const) {
      const asSent = await validate(ev, format, { xmlData: { b64Content: b64(NOTE) } });
      expect(asSent.result.msg?.value).toMatch(/is valid/);
      const same = await validate(ev, format, { xmlData: { b64Content: b64(OTHER_NOTE) } });
      expect(same.result.msg?.value).toMatch(/is valid/);
      // As octets, another serialization does not match.
      const octets = await validate(ev, format, { binaryData: { value: b64(OTHER_NOTE) } });
      expect(octets.result.msg?.value).toMatch(/is invalid/);
      const changed = await validate(ev, format, {
        xmlData: { b64Content: b64(SAME_NOTE.replace("Ada", "Bob")) },
      });
      expect(changed.result.msg?.value).toMatch(/is invalid/);
    }
  });

  it("refuses xmlData that is not XML, saying to send it as binaryData", async () => {
    const answer = await pres("PreservePO", {
      pro: profiles.general,
      po: [{ id: "broken.xml", xmlData: { b64Content: b64("<a><b></a>") } }],
    });
    expect(fails(answer, "parameterError")).toMatch(/binaryData/);
  });
});
