// DeletePO: admins only; OnlySubDOs keeps the evidence, SubDOsAndEvidence (default) removes it;
// the trace, with crn and reason, outlives the object.
import { describe, expect, it } from "vitest";
import {
  admin,
  archivist,
  b64,
  contentOf,
  fails,
  formats,
  ok,
  pres,
  preserve,
  type RetrievedPo,
} from "./client";

const traceOps = async (poId: string) =>
  (
    ok(await pres("RetrieveTrace", { poId }, { client: admin })).trace as {
      event: { op: string; det?: string }[];
    }
  ).event;

describe("DeletePO", () => {
  it("refuses a caller without the admin role with noPermission (403) and keeps the object", async () => {
    const { poId } = await preserve([{ binaryData: { value: b64("keep me") } }], {
      client: archivist,
    });
    fails(await pres("DeletePO", { poId }, { client: archivist }), "noPermission", 403);
    ok(await pres("RetrievePO", { poId, sor: "PO" }, { client: archivist }));
  });

  it("with OnlySubDOs removes the data objects but keeps the evidence and the trace", async () => {
    const { poId } = await preserve(
      [{ id: "secret.txt", binaryData: { value: b64("personal data") } }],
      { client: admin },
    );
    const before = ok(await pres("RetrievePO", { poId, sor: "Evidence" }, { client: admin }))
      .po as RetrievedPo[];
    ok(
      await pres(
        "DeletePO",
        {
          poId,
          mod: "OnlySubDOs",
          crn: "Jane Doe (data subject)",
          reason: "GDPR erasure request 2025-17",
        },
        { client: admin },
      ),
    );
    fails(await pres("RetrievePO", { poId, sor: "PO" }, { client: admin }), "unknownPOID");
    fails(await pres("RetrievePO", { poId }, { client: admin }), "unknownPOID");
    const after = ok(await pres("RetrievePO", { poId, sor: "Evidence" }, { client: admin }))
      .po as RetrievedPo[];
    expect(after.map((p) => [p.id, p.formatId])).toEqual([["secret.txt.ers.xml", formats.xml]]);
    expect(contentOf(after[0]!)).toEqual(contentOf(before[0]!));
    const events = await traceOps(poId);
    const deletion = events.find((e) => e.op === "DeletePO");
    expect(deletion?.det).toContain("mode OnlySubDOs");
    expect(deletion?.det).toContain("claimed requestor: Jane Doe (data subject)");
    expect(deletion?.det).toContain("reason: GDPR erasure request 2025-17");
  });

  it("by default removes data objects and evidence, while the trace remains", async () => {
    const { poId } = await preserve([{ binaryData: { value: b64("temporary") } }], {
      client: admin,
    });
    ok(await pres("DeletePO", { poId, reason: "duplicate" }, { client: admin }));
    fails(await pres("RetrievePO", { poId, sor: "Evidence" }, { client: admin }), "unknownPOID");
    fails(
      await pres(
        "UpdatePOC",
        { poId, deltaPoc: [{ binaryData: { value: b64("x") } }] },
        { client: admin },
      ),
      "unknownPOID",
    );
    const ops = (await traceOps(poId)).map((e) => e.op);
    expect(ops[0]).toBe("PreservePO");
    expect(ops.at(-1)).toBe("DeletePO");
    expect((await traceOps(poId)).at(-1)?.det).toContain("mode SubDOsAndEvidence");
  });

  it("answers unknownPOID for an object deleted already, and a Search no longer finds it", async () => {
    const marker = `gone-${Date.now()}`;
    const { poId } = await preserve([{ id: `${marker}.txt`, binaryData: { value: b64("x") } }], {
      client: admin,
    });
    expect(ok(await pres("Search", { fi: marker }, { client: admin })).poId).toEqual([poId]);
    ok(await pres("DeletePO", { poId }, { client: admin }));
    fails(await pres("DeletePO", { poId }, { client: admin }), "unknownPOID");
    expect(ok(await pres("Search", { fi: marker }, { client: admin })).poId).toEqual([]);
  });

  it("refuses an unknown deletion mode with unknownMode and deletes nothing", async () => {
    const { poId } = await preserve([{ binaryData: { value: b64("stays") } }], { client: admin });
    fails(await pres("DeletePO", { poId, mod: "Everything" }, { client: admin }), "unknownMode");
    ok(await pres("RetrievePO", { poId, sor: "PO" }, { client: admin }));
  });
});
