// UpdatePOC adds versions; RetrieveTrace lists every event on an object.
import { beforeAll, describe, expect, it } from "vitest";
import { PDF } from "../support/fixtures";
import {
  archivist,
  b64,
  contentOf,
  DC,
  fails,
  ok,
  pres,
  preserve,
  type RetrievedPo,
} from "./client";

type TraceEvent = { time: string; sub: string; op: string; obj?: string; det?: string };
const traceOf = async (poId: string) =>
  (ok(await pres("RetrieveTrace", { poId })).trace as { event: TraceEvent[] }).event;

describe("UpdatePOC", () => {
  let poId: string;
  beforeAll(async () => {
    poId = (
      await preserve([
        { id: "letter.pdf", binaryData: { value: b64(PDF) } },
        { id: "readme.txt", binaryData: { value: b64("first text") } },
        {
          id: "dc",
          formatId: DC,
          binaryData: { value: b64(JSON.stringify({ title: "Letters" })) },
        },
      ])
    ).poId;
  });

  it("adds a version from the delta: same ids are replaced, new ids added, the rest carried over", async () => {
    const answer = ok(
      await pres("UpdatePOC", {
        poId,
        deltaPoc: [
          { id: "readme.txt", binaryData: { value: b64("second text") } },
          { id: "annex.txt", binaryData: { value: b64("annex") }, relObj: ["letter.pdf"] },
        ],
      }),
    );
    expect(answer.versionId).toBe("2");
    const latest = ok(await pres("RetrievePO", { poId, sor: "PO" })).po as RetrievedPo[];
    expect(latest.map((p) => [p.id, contentOf(p).toString().slice(0, 11)])).toEqual([
      ["letter.pdf", PDF.toString().slice(0, 11)],
      ["readme.txt", "second text"],
      ["dc", JSON.stringify({ title: "Letters" }).slice(0, 11)],
      ["annex.txt", "annex"],
    ]);
    expect(latest[3]?.relObj).toEqual(["letter.pdf"]);
  });

  it("keeps earlier versions retrievable, with ids prefixed by the version when several are asked", async () => {
    const both = ok(await pres("RetrievePO", { poId, versionId: ["1", "2"], sor: "PO" }))
      .po as RetrievedPo[];
    const readmes = both.filter((p) => p.id.endsWith("/readme.txt"));
    expect(readmes.map((p) => [p.id, contentOf(p).toString()])).toEqual([
      ["1/readme.txt", "first text"],
      ["2/readme.txt", "second text"],
    ]);
  });

  it("refuses an unknown object, an empty delta and relObj naming no id of the object or the request", async () => {
    fails(
      await pres("UpdatePOC", {
        poId: "no-such-object",
        deltaPoc: [{ binaryData: { value: b64("x") } }],
      }),
      "unknownPOID",
    );
    fails(await pres("UpdatePOC", { poId, deltaPoc: [] }), "parameterError");
    fails(
      await pres("UpdatePOC", {
        poId,
        deltaPoc: [{ binaryData: { value: b64("x") }, relObj: ["ghost"] }],
      }),
      "parameterError",
    );
  });
});

describe("RetrieveTrace", () => {
  it("lists the object's events oldest first with time, subject, operation, object and detail", async () => {
    const { poId } = await preserve([{ id: "a.txt", binaryData: { value: b64("a") } }], {
      client: archivist,
    });
    ok(
      await pres("UpdatePOC", {
        poId,
        reqId: "update-for-trace",
        deltaPoc: [{ id: "b.txt", binaryData: { value: b64("b") } }],
      }),
    );
    ok(await pres("RetrievePO", { poId }));
    const events = await traceOf(poId);
    expect(events.map((e) => [e.op, e.obj])).toEqual([
      ["PreservePO", poId],
      ["version added", `${poId}@1`],
      ["evidence created", `${poId}@1`],
      ["UpdatePOC", poId],
      ["version added", `${poId}@2`],
      ["evidence created", `${poId}@2`],
      ["RetrievePO", poId],
    ]);
    expect(new Set(events.map((e) => e.sub))).toEqual(new Set(["demo-archivist"]));
    expect(events[0]?.det).toContain("urn:scriptorium:profile:general:1.0");
    expect(events[3]?.det).toContain("update-for-trace");
    const times = events.map((e) => Date.parse(e.time));
    expect(times.every((t, i) => i === 0 || t >= times[i - 1]!)).toBe(true);
  });

  it("answers unknownPOID for an object that never existed", async () => {
    fails(await pres("RetrieveTrace", { poId: "never-existed" }), "unknownPOID");
  });
});
