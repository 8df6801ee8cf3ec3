// RetrieveInfo's filters, and the envelope and HTTP status rules every operation shares.
import { describe, expect, it } from "vitest";
import { INGEST_PROFILE_EXTENSION } from "@scriptorium/contract/preservation/extensions";
import { RESULT_MINOR } from "@scriptorium/contract/preservation/result-codes";
import { tokenFor } from "../support/client";
import { suite } from "../support/target";
import { admin, archivist, fails, formats, ok, pres, profiles } from "./client";

type Profile = {
  pid: string;
  pvp: { vfrom: string; vuntl?: string };
  description: { lang: string }[];
  ef: { fid: string }[];
};
const pids = (body: Record<string, unknown>) => (body.pro as Profile[]).map((p) => p.pid);

describe("RetrieveInfo", () => {
  it("lists the active profiles by default, each described in English, German and French", async () => {
    const body = ok(await pres("RetrieveInfo", {}));
    const list = body.pro as Profile[];
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(pids(body)).not.toContain(profiles.expired);
    for (const profile of list) {
      expect(profile.description.map((d) => d.lang)).toEqual(
        expect.arrayContaining(["en", "de", "fr"]),
      );
      expect(Date.parse(profile.pvp.vfrom)).toBeLessThanOrEqual(Date.now());
    }
    const evidenceFormats = new Set(list.flatMap((p) => p.ef.map((f) => f.fid)));
    expect(evidenceFormats).toEqual(new Set([formats.xml, formats.der]));
  });

  it("names in an ETSI profile extension the ingest profile whose packages each profile preserves", async () => {
    const list = ok(await pres("RetrieveInfo", { stat: "all" })).pro as (Profile & {
      ext?: { name: string; value: string }[];
    })[];
    const served = Object.fromEntries(
      list.map((p) => [p.pid, p.ext?.find((e) => e.name === INGEST_PROFILE_EXTENSION)?.value]),
    );
    expect(served).toEqual({
      [profiles.general]: "default",
      [profiles.records]: "records-10y",
      [profiles.signed]: "permanent-archive",
      [profiles.research]: "research-data",
      [profiles.expired]: "default",
    });
  });

  it("answers the same for stat active as for no stat", async () => {
    expect(pids(ok(await pres("RetrieveInfo", { stat: "active" })))).toEqual(
      pids(ok(await pres("RetrieveInfo", {}))),
    );
  });

  it("lists only expired or future profiles for stat inactive, and every profile for stat all", async () => {
    const inactive = ok(await pres("RetrieveInfo", { stat: "inactive" })).pro as Profile[];
    expect(inactive.map((p) => p.pid)).toContain(profiles.expired);
    for (const p of inactive)
      expect(
        Date.parse(p.pvp.vuntl ?? "9999-01-01T00:00:00Z") < Date.now() ||
          Date.parse(p.pvp.vfrom) > Date.now(),
      ).toBe(true);
    const all = pids(ok(await pres("RetrieveInfo", { stat: "all" })));
    const active = pids(ok(await pres("RetrieveInfo", {})));
    expect(new Set(all)).toEqual(new Set([...active, ...inactive.map((p) => p.pid)]));
  });

  it("narrows to the profile pro names, under the status filter", async () => {
    expect(pids(ok(await pres("RetrieveInfo", { pro: profiles.records })))).toEqual([
      profiles.records,
    ]);
    expect(pids(ok(await pres("RetrieveInfo", { pro: profiles.expired })))).toEqual([]);
    expect(pids(ok(await pres("RetrieveInfo", { pro: profiles.expired, stat: "all" })))).toEqual([
      profiles.expired,
    ]);
  });

  it("refuses an unknown profile and an unknown status with parameterError", async () => {
    fails(await pres("RetrieveInfo", { pro: "urn:example:no-such-profile" }), "parameterError");
    fails(await pres("RetrieveInfo", { stat: "sometimes" }), "parameterError");
  });
});

describe("every operation's envelope", () => {
  it("names the response with a reqId of its own when the request has none", async () => {
    const first = ok(await pres("RetrieveInfo", {}, { noReqId: true }));
    const second = ok(await pres("RetrieveInfo", {}, { noReqId: true }));
    expect(first.reqId).not.toBe(second.reqId);
  });

  it("answers 401 with noPermission and a Bearer challenge without a valid token", async () => {
    const missing = await pres("RetrievePO", { reqId: "no-token", poId: "x" }, { token: null });
    fails(missing, "noPermission", 401);
    expect(missing.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(missing.body.reqId).toBe("no-token");
    fails(await pres("RetrieveInfo", {}, { token: "not.a.jwt" }), "noPermission", 401);
    const token = await tokenFor(archivist);
    const forged = `${token.slice(0, -4)}${token.slice(-4) === "AAAA" ? "BBBB" : "AAAA"}`;
    fails(await pres("RetrieveInfo", {}, { token: forged }), "noPermission", 401);
  });

  it("answers 403 with noPermission for a tenant the caller does not belong to", async () => {
    fails(
      await pres("RetrieveInfo", {}, { client: archivist, tenant: suite.tenantB }),
      "noPermission",
      403,
    );
  });

  it("answers HTTP 200 with parameterError for a body that is not JSON or breaks the schema", async () => {
    fails(await pres("RetrievePO", undefined, { rawBody: "{not json" }), "parameterError");
    fails(await pres("RetrievePO", {}), "parameterError");
    fails(await pres("RetrievePO", { poId: "x", unexpected: true }), "parameterError");
    fails(await pres("RetrievePO", { poId: "x", sor: "Everything" }), "parameterError");
  });

  it("answers 404 notSupported for an operation that does not exist, and 405 for GET", async () => {
    fails(await pres("RetrieveEverything", {}, { client: admin }), "notSupported", 404);
    const get = await fetch(`${suite.baseUrl}/preservation/RetrieveInfo`, {
      headers: { Authorization: `Bearer ${await tokenFor()}` },
    });
    expect(get.status).toBe(405);
    expect(((await get.json()) as { result: { min: string } }).result.min).toBe(
      RESULT_MINOR.notSupported,
    );
  });
});
