import { describe, expect, it } from "vitest";
import { groupReads, traceDetailParts } from "./trace-words";

describe("traceDetailParts", () => {
  it("says protocol details as a person would, keeping each term for a tooltip", () => {
    expect(traceDetailParts("versions 1; sor PO")).toEqual([
      { text: "version 1" },
      { text: "retrieved the content", term: "sor PO" },
    ]);
    expect(
      traceDetailParts(
        "mode OnlySubDOs; claimed requestor: Alan; reason: Retention ended; reqId r1",
      ),
    ).toEqual([
      { text: "content deleted, evidence kept", term: "mode OnlySubDOs" },
      { text: "claimed requestor: Alan" },
      { text: "reason: Retention ended" },
      { text: "request r1", term: "reqId r1" },
    ]);
    expect(traceDetailParts("versions 1, 2; sor Evidence; evidence urn:ietf:rfc:6283")).toEqual([
      { text: "versions 1, 2" },
      { text: "retrieved the evidence", term: "sor Evidence" },
      { text: "evidence as XML evidence record (RFC 6283)", term: "evidence urn:ietf:rfc:6283" },
    ]);
    expect(traceDetailParts("2 PO(s): a.txt, b.xml")).toEqual([
      { text: "2 files: a.txt, b.xml", term: "2 PO(s): a.txt, b.xml" },
    ]);
  });
});

describe("groupReads", () => {
  const at = (op: string, time: string) => ({ op, time, sub: "ada" });

  it("gathers each run of reads into one entry and keeps changes on their own", () => {
    const events = [
      at("PreservePO", "1"),
      at("RetrievePO", "2"),
      at("RetrievePO", "3"),
      at("UpdatePOC", "4"),
      at("RetrievePO", "5"),
    ];
    expect(groupReads(events)).toEqual([
      { kind: "event", event: events[0] },
      { kind: "reads", events: [events[1], events[2]] },
      { kind: "event", event: events[3] },
      { kind: "reads", events: [events[4]] },
    ]);
  });
});
