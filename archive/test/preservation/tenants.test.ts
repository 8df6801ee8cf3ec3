// One tenant's objects are unknown to every operation acting in another tenant.
import { beforeAll, describe, expect, it } from "vitest";
import { suite } from "../support/target";
import { admin, archivist, b64, fails, ok, pres, preserve } from "./client";

describe("tenant isolation", () => {
  const marker = `research-only-${Date.now()}`;
  let poId: string;
  beforeAll(async () => {
    poId = (
      await preserve([{ id: `${marker}.csv`, binaryData: { value: b64("a,b\n1,2\n") } }], {
        client: admin,
        tenant: suite.tenantB,
      })
    ).poId;
  });

  it("lets the owning tenant retrieve, trace and find the object", async () => {
    const inB = { client: admin, tenant: suite.tenantB };
    ok(await pres("RetrievePO", { poId }, inB));
    ok(await pres("RetrieveTrace", { poId }, inB));
    expect(ok(await pres("Search", { fi: marker }, inB)).poId).toEqual([poId]);
  });

  it("answers unknownPOID to another tenant, even for a caller who may act in both", async () => {
    for (const options of [{ client: archivist }, { client: admin, tenant: suite.tenantA }]) {
      fails(await pres("RetrievePO", { poId }, options), "unknownPOID");
      fails(await pres("RetrievePO", { poId, sor: "Evidence" }, options), "unknownPOID");
      fails(await pres("RetrieveTrace", { poId }, options), "unknownPOID");
      fails(
        await pres("UpdatePOC", { poId, deltaPoc: [{ binaryData: { value: b64("x") } }] }, options),
        "unknownPOID",
      );
      expect(ok(await pres("Search", { fi: marker }, options)).poId).toEqual([]);
    }
    fails(
      await pres("DeletePO", { poId }, { client: admin, tenant: suite.tenantA }),
      "unknownPOID",
    );
    ok(await pres("RetrievePO", { poId, sor: "PO" }, { client: admin, tenant: suite.tenantB }));
  });

  it("refuses a tenant the token does not grant before looking at the object", async () => {
    fails(
      await pres("RetrievePO", { poId }, { client: archivist, tenant: suite.tenantB }),
      "noPermission",
      403,
    );
  });
});
