// One archive, two APIs: a package ingested through the ingest API is the preservation object whose
// poId is its packageId — retrievable with evidence, traceable with its ingest events, deletable.
import { describe, expect, it } from "vitest";
import { expectAccepted, ingestApi, waitForTerminal } from "../support/client";
import { documentRequest, PDF, uniquePackageId } from "../support/fixtures";
import { suite } from "../support/target";
import { admin, contentOf, fails, formats, ok, pres, type RetrievedPo } from "./client";

describe("a package ingested through the ingest API", () => {
  it("is retrievable with evidence, traceable and deletable through the preservation API", async () => {
    const packageId = uniquePackageId("preservation");
    const accepted = expectAccepted(await ingestApi("PUT", "/document", { client: admin, body: documentRequest({ packageId }) }));
    expect((await waitForTerminal(accepted, { client: admin })).status).toBe("INGESTED");

    const po = ok(await pres("RetrievePO", { poId: packageId }, { client: admin })).po as RetrievedPo[];
    const letter = po.find((p) => p.id === "letter.pdf");
    expect(letter && contentOf(letter)).toEqual(PDF);
    expect(letter).toMatchObject({ mimeType: "application/pdf", pronomId: expect.stringMatching(/^fmt\//) });
    const metadata = po.find((p) => p.formatId === suite.schema);
    expect(metadata && JSON.parse(contentOf(metadata).toString("utf8"))).toEqual(documentRequest().metadatas[0]?.metadata);
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
    const ops = ((ok(await events()).trace as { event: { op: string }[] }).event).map((e) => e.op);
    expect(ops[0]).toBe("SIP accepted");
    expect(ops.filter((op) => op.startsWith("plugin ")).length).toBeGreaterThan(0);
    expect(ops).toContain("version added");
    expect(ops).toContain("evidence created");
    expect(ops.indexOf("version added")).toBeLessThan(ops.indexOf("evidence created"));

    expect(ok(await pres("Search", { fi: `id=${packageId}` }, { client: admin })).poId).toEqual([packageId]);
    ok(await pres("DeletePO", { poId: packageId, reason: "end of interop test" }, { client: admin }));
    fails(await pres("RetrievePO", { poId: packageId }, { client: admin }), "unknownPOID");
    const after = ((ok(await events()).trace as { event: { op: string }[] }).event).map((e) => e.op);
    expect(after.slice(0, ops.length)).toEqual(ops);
    expect(after.at(-1)).toBe("DeletePO");
  });
});
