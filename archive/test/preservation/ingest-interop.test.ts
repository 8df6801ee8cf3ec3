// One archive, two APIs: a package ingested through the ingest API is the preservation object whose
// poId is its packageId — retrievable with evidence, traceable with its ingest events, deletable.
import { describe, expect, it } from "vitest";
import { expectAccepted, ingestApi, waitForTerminal } from "../support/client";
import { documentRequest, metadata, PDF, uniquePackageId } from "../support/fixtures";
import { suite } from "../support/target";
import {
  admin,
  b64,
  contentOf,
  fails,
  formats,
  ok,
  pres,
  preserve,
  type RetrievedPo,
} from "./client";

describe("a package ingested through the ingest API", () => {
  it("is retrievable with evidence, traceable and deletable through the preservation API", async () => {
    const packageId = uniquePackageId("preservation");
    const accepted = expectAccepted(
      await ingestApi("PUT", "/document", { client: admin, body: documentRequest({ packageId }) }),
    );
    expect((await waitForTerminal(accepted, { client: admin })).status).toBe("INGESTED");

    const po = ok(await pres("RetrievePO", { poId: packageId }, { client: admin }))
      .po as RetrievedPo[];
    const letter = po.find((p) => p.id === "letter.pdf");
    expect(letter && contentOf(letter)).toEqual(PDF);
    expect(letter).toMatchObject({
      mimeType: "application/pdf",
      pronomId: expect.stringMatching(/^fmt\//),
    });
    const metadata = po.find((p) => p.formatId === suite.schema);
    expect(metadata && JSON.parse(contentOf(metadata).toString("utf8"))).toEqual(
      documentRequest().metadatas[0]?.metadata,
    );
    const evidence = po.find((p) => p.id === "letter.pdf.ers.xml");
    expect(evidence?.formatId).toBe(formats.xml);

    const validation = ok(
      await pres("ValidateEvidence", {
        ev: { xmlData: evidence!.xmlData, formatId: formats.xml },
        po: [{ id: "letter.pdf", binaryData: letter!.binaryData }],
      }),
    );
    expect(typeof validation.poe).toBe("string");

    const events = () => pres("RetrieveTrace", { poId: packageId }, { client: admin });
    const ops = (ok(await events()).trace as { event: { op: string }[] }).event.map((e) => e.op);
    expect(ops[0]).toBe("SIP accepted");
    expect(ops.filter((op) => op.startsWith("plugin ")).length).toBeGreaterThan(0);
    expect(ops).toContain("version added");
    expect(ops).toContain("evidence created");
    expect(ops.indexOf("version added")).toBeLessThan(ops.indexOf("evidence created"));

    expect(ok(await pres("Search", { fi: `id=${packageId}` }, { client: admin })).poId).toEqual([
      packageId,
    ]);
    ok(
      await pres("DeletePO", { poId: packageId, reason: "end of interop test" }, { client: admin }),
    );
    fails(await pres("RetrievePO", { poId: packageId }, { client: admin }), "unknownPOID");
    const after = (ok(await events()).trace as { event: { op: string }[] }).event.map((e) => e.op);
    expect(after.slice(0, ops.length)).toEqual(ops);
    expect(after.at(-1)).toBe("DeletePO");
  });

  it("takes versions from both APIs: UpdatePOC after an ingest, an ingest metadata update after PreservePO", async () => {
    const packageId = uniquePackageId("both-apis");
    const accepted = expectAccepted(
      await ingestApi("PUT", "/document", { body: documentRequest({ packageId }) }),
    );
    expect((await waitForTerminal(accepted)).status).toBe("INGESTED");
    const update = ok(
      await pres("UpdatePOC", {
        poId: packageId,
        deltaPoc: [{ id: "annex.txt", binaryData: { value: b64("annex") } }],
      }),
    );
    expect(update.versionId).toBe("2");
    const latest = ok(await pres("RetrievePO", { poId: packageId, sor: "PO" })).po as RetrievedPo[];
    expect(latest.map((p) => p.id)).toEqual(expect.arrayContaining(["letter.pdf", "annex.txt"]));

    const { poId } = await preserve([{ id: "minutes.txt", binaryData: { value: b64("minutes") } }]);
    const updated = expectAccepted(
      await ingestApi("POST", `/document/${encodeURIComponent(poId)}`, {
        body: { metadatas: [metadata("Minutes, revised")] },
      }),
    );
    expect((await waitForTerminal(updated)).status).toBe("INGESTED");
    const both = ok(
      await pres("RetrievePO", { poId, versionId: ["1", "2"], sor: "POwithDetachedEvidence" }),
    ).po as RetrievedPo[];
    const titles = both
      .filter((p) => p.formatId === suite.schema)
      .map((p) => [p.id.split("/")[0], JSON.parse(contentOf(p).toString()).title]);
    expect(titles).toEqual([["2", "Minutes, revised"]]);
    expect(both.map((p) => p.id)).toEqual(
      expect.arrayContaining(["1/minutes.txt", "2/minutes.txt", "2/minutes.txt.ers.xml"]),
    );
  });
});
