// PreservePO's rules and RetrievePO's subjects of retrieval, formats and versions.
import { beforeAll, describe, expect, it } from "vitest";
import { OPAQUE, PDF } from "../support/fixtures";
import {
  b64,
  contentOf,
  DC,
  fails,
  formats,
  ok,
  pres,
  preserve,
  profiles,
  type RetrievedPo,
} from "./client";

const dcRecord = (title: string) => b64(JSON.stringify({ title, creator: ["Finance"] }));

describe("PreservePO", () => {
  it("makes several POs one object and answers them as stored, with the detected PRONOM id", async () => {
    const body = await preserve([
      { id: "report.pdf", binaryData: { value: b64(PDF) } },
      {
        id: "note.xml",
        xmlData: { b64Content: b64("<note>kept</note>") },
        formatId: "urn:example:note",
      },
      {
        id: "dc",
        formatId: DC,
        relObj: ["report.pdf"],
        binaryData: { value: dcRecord("Annual report") },
      },
    ]);
    expect(body.optOut).toEqual({ policy: [profiles.general] });
    expect(body.po).toEqual([
      {
        id: "report.pdf",
        mimeType: "application/pdf",
        pronomId: expect.stringMatching(/^fmt\//),
        formatId: expect.stringMatching(/^info:pronom\/fmt\//),
      },
      {
        id: "note.xml",
        mimeType: expect.stringContaining("xml"),
        pronomId: "fmt/101",
        formatId: "urn:example:note",
      },
      { id: "dc", mimeType: "application/json", formatId: DC, relObj: ["report.pdf"] },
    ]);
    for (const po of body.po) expect(po).not.toHaveProperty("binaryData");
    const retrieved = ok(await pres("RetrievePO", { poId: body.poId, sor: "PO" }))
      .po as RetrievedPo[];
    expect(retrieved.map((p) => p.id)).toEqual(["report.pdf", "note.xml", "dc"]);
  });

  it("names a POID of its own for each request", async () => {
    const one = await preserve([{ binaryData: { value: b64("one") } }]);
    const two = await preserve([{ binaryData: { value: b64("one") } }]);
    expect(one.poId).not.toBe(two.poId);
    expect(one.po[0]?.id).toBe("po-1");
  });

  it("refuses a request with zero POs (an object without data objects could carry no evidence)", async () => {
    expect(
      fails(await pres("PreservePO", { pro: profiles.general, po: [] }), "parameterError"),
    ).toMatch(/at least one/);
    fails(await pres("PreservePO", { pro: profiles.general }), "parameterError");
  });

  it("needs pro to name an active profile", async () => {
    fails(
      await pres("PreservePO", { po: [{ binaryData: { value: b64("x") } }] }),
      "parameterError",
    );
    const po = [{ binaryData: { value: b64("x") } }];
    expect(
      fails(await pres("PreservePO", { pro: "urn:example:nothing", po }), "parameterError"),
    ).toMatch(/no profile/);
    expect(
      fails(await pres("PreservePO", { pro: profiles.expired, po }), "parameterError"),
    ).toMatch(/not active/);
  });

  it("refuses a PO with both binaryData and xmlData", async () => {
    const po = [{ binaryData: { value: b64("x") }, xmlData: { b64Content: b64("<x/>") } }];
    fails(await pres("PreservePO", { pro: profiles.general, po }), "parameterError");
  });

  it("refuses a PO without content, and content that is not base64", async () => {
    fails(
      await pres("PreservePO", {
        pro: profiles.general,
        po: [{ id: "empty", mimeType: "text/plain" }],
      }),
      "parameterError",
    );
    fails(
      await pres("PreservePO", {
        pro: profiles.general,
        po: [{ binaryData: { value: "not base64!" } }],
      }),
      "parameterError",
    );
  });

  it("lets relObj name only ids of the same request", async () => {
    const po = [{ id: "a", binaryData: { value: b64("a") }, relObj: ["elsewhere"] }];
    expect(
      fails(await pres("PreservePO", { pro: profiles.general, po }), "parameterError"),
    ).toMatch(/elsewhere/);
  });

  it("validates metadata POs against their registered schema (POFormatError)", async () => {
    const po = [
      { id: "doc", binaryData: { value: b64(PDF) } },
      {
        formatId: DC,
        relObj: ["doc"],
        binaryData: { value: b64(JSON.stringify({ creator: "no title" })) },
      },
    ];
    expect(fails(await pres("PreservePO", { pro: profiles.general, po }), "POFormatError")).toMatch(
      /title/,
    );
  });
});

describe("RetrievePO", () => {
  let poId: string;
  beforeAll(async () => {
    poId = (
      await preserve([
        { id: "scan.bin", binaryData: { value: b64(OPAQUE) } },
        { id: "page.xml", xmlData: { b64Content: b64("<page n='1'/>") } },
      ])
    ).poId;
  });

  it("answers the latest version's POs with their bytes, each followed by its evidence record by default", async () => {
    const po = ok(await pres("RetrievePO", { poId })).po as RetrievedPo[];
    expect(po.map((p) => p.id)).toEqual([
      "scan.bin",
      "scan.bin.ers.xml",
      "page.xml",
      "page.xml.ers.xml",
    ]);
    expect(contentOf(po[0]!)).toEqual(OPAQUE);
    expect(po[0]?.binaryData).toBeDefined();
    expect(po[2]?.xmlData).toBeDefined();
    expect(contentOf(po[2]!).toString()).toBe("<page n='1'/>");
    expect(po[0]?.relObj).toEqual(["scan.bin.ers.xml"]);
    expect(po[1]).toMatchObject({
      formatId: formats.xml,
      mimeType: "application/xml",
      relObj: ["scan.bin"],
    });
    expect(contentOf(po[1]!).toString()).toContain("urn:ietf:params:xml:ns:ers");
  });

  it("answers only POs for sor PO, only evidence for sor Evidence, and evidence after the POs when detached", async () => {
    const plain = ok(await pres("RetrievePO", { poId, sor: "PO" })).po as RetrievedPo[];
    expect(plain.map((p) => p.id)).toEqual(["scan.bin", "page.xml"]);
    expect(plain[0]).not.toHaveProperty("relObj");
    const evidence = ok(await pres("RetrievePO", { poId, sor: "Evidence" })).po as RetrievedPo[];
    expect(evidence.map((p) => [p.id, p.formatId, p.relObj])).toEqual([
      ["scan.bin.ers.xml", formats.xml, ["scan.bin"]],
      ["page.xml.ers.xml", formats.xml, ["page.xml"]],
    ]);
    const detached = ok(await pres("RetrievePO", { poId, sor: "POwithDetachedEvidence" }))
      .po as RetrievedPo[];
    expect(detached.map((p) => p.id)).toEqual([
      "scan.bin",
      "page.xml",
      "scan.bin.ers.xml",
      "page.xml.ers.xml",
    ]);
  });

  it("answers RFC 4998 DER evidence for evFormat urn:ietf:rfc:4998", async () => {
    const evidence = ok(await pres("RetrievePO", { poId, sor: "Evidence", evFormat: formats.der }))
      .po as RetrievedPo[];
    expect(evidence.map((p) => [p.id, p.formatId])).toEqual([
      ["scan.bin.ers", formats.der],
      ["page.xml.ers", formats.der],
    ]);
    expect(contentOf(evidence[0]!)[0]).toBe(0x30);
  });

  it("refuses a poFormat or evFormat the object's profile does not offer", async () => {
    fails(await pres("RetrievePO", { poId, poFormat: "urn:example:zip" }), "unknownPOFormat");
    fails(
      await pres("RetrievePO", { poId, evFormat: "urn:example:evidence" }),
      "unknownEvidenceFormat",
    );
    ok(
      await pres("RetrievePO", {
        poId,
        poFormat: "urn:scriptorium:po-format:as-stored:1.0",
        sor: "PO",
      }),
    );
    const research = await preserve([{ binaryData: { value: b64("data") } }], {
      pro: profiles.research,
    });
    expect(
      fails(
        await pres("RetrievePO", { poId: research.poId, evFormat: formats.der }),
        "unknownEvidenceFormat",
      ),
    ).toContain(profiles.research);
  });

  it("answers unknownPOID for an object that does not exist and unknownVersionID for a version it lacks", async () => {
    fails(await pres("RetrievePO", { poId: "no-such-object" }), "unknownPOID");
    expect(fails(await pres("RetrievePO", { poId, versionId: ["7"] }), "unknownVersionID")).toMatch(
      /"7"/,
    );
    const first = ok(await pres("RetrievePO", { poId, versionId: ["1"], sor: "PO" }))
      .po as RetrievedPo[];
    expect(first.map((p) => p.id)).toEqual(["scan.bin", "page.xml"]);
  });
});
