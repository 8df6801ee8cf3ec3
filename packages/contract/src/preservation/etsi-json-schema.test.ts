import { describe, expect, it } from "vitest";
import {
  ETSI_REQUEST_DEFINITIONS,
  ETSI_RESPONSE_DEFINITIONS,
  etsiValidator,
} from "./etsi-json-schema";
import { RESULT_MAJOR, RESULT_MINOR } from "./result-codes";
import { PRESERVATION_OPERATIONS, PRESERVATION_OPERATION_NAMES } from "./schemas";
import type { PreservationOperation } from "./schemas";

const ok = { maj: RESULT_MAJOR.Success, msg: { value: "Done.", lang: "en" } };
const envelope = { optOut: { policy: ["urn:policy:1"] }, result: ok, reqId: "r-1" };
const pdf = Buffer.from("%PDF-1.7\n").toString("base64");

// One hand-written, complete response per operation, as ETSI's schema describes it.
const samples: Record<PreservationOperation, Record<string, unknown>> = {
  RetrieveInfo: {
    ...envelope,
    pro: [
      {
        pid: "urn:scriptorium:profile:default",
        spec: ["http://uri.etsi.org/19512/v1.1.2"],
        description: [
          { value: "Long-term storage", lang: "en" },
          { value: "Langzeitspeicherung", lang: "de" },
        ],
        sid: "urn:scriptorium:scheme",
        pvp: { vfrom: "2024-01-01T00:00:00Z", vuntl: "2034-01-01T00:00:00.500Z" },
        psm: "WithStorage",
        pg: ["http://uri.etsi.org/19512/goal/pgd"],
        ef: [
          {
            fid: "urn:ietf:rfc:4998",
            spec: "RFC 4998",
            desc: [{ value: "ERS", lang: "en" }],
            def: true,
          },
        ],
        eed: "P30Y",
      },
    ],
  },
  PreservePO: {
    ...envelope,
    poId: "pkg-1",
    po: [
      {
        formatId: "http://www.iana.org/assignments/media-types/application/pdf",
        mimeType: "application/pdf",
        id: "doc-1",
      },
    ],
  },
  RetrievePO: {
    ...envelope,
    po: [
      { binaryData: { value: pdf }, mimeType: "application/pdf", id: "doc-1", relObj: ["ev-1"] },
      { binaryData: { value: "AAAA" }, formatId: "urn:ietf:rfc:4998", id: "ev-1" },
    ],
  },
  DeletePO: { optOut: {}, result: ok, reqId: "r-1" },
  RetrieveTrace: {
    ...envelope,
    trace: {
      event: [
        { time: "2025-01-31T12:00:00Z", sub: "alice", op: "PreservePO", obj: "pkg-1" },
        {
          time: "2025-02-01T08:30:00.123Z",
          sub: "bob",
          op: "DeletePO",
          obj: "pkg-1",
          det: "retention ended",
        },
      ],
    },
  },
  Search: { ...envelope, poId: ["pkg-1", "pkg-2"] },
  ValidateEvidence: {
    ...envelope,
    valRep: {
      xmlData: { b64Content: Buffer.from("<report/>").toString("base64") },
      mimeType: "application/xml",
    },
    poe: "2025-01-31T12:00:00Z",
  },
  UpdatePOC: { ...envelope, versionId: "v2" },
};

describe("ETSI JSON Schema and our zod schemas agree on valid responses", () => {
  it.each(PRESERVATION_OPERATION_NAMES)("a complete %s response validates against both", (op) => {
    const sample = samples[op];
    expect(etsiValidator(ETSI_RESPONSE_DEFINITIONS[op])(sample)).toEqual({
      valid: true,
      errors: [],
    });
    expect(PRESERVATION_OPERATIONS[op].response.safeParse(sample).error).toBeUndefined();
  });

  it("a failure answer with a string msg (the vendor's form) parses with zod", () => {
    const failure = {
      result: {
        maj: RESULT_MAJOR.RequesterError,
        min: RESULT_MINOR.unknownPOID,
        msg: "No such object",
      },
    };
    expect(PRESERVATION_OPERATIONS.RetrievePO.response.safeParse(failure).success).toBe(true);
  });
});

describe("ETSI JSON Schema and our zod schemas agree on broken responses", () => {
  it.each(PRESERVATION_OPERATION_NAMES)(
    "a %s response whose maj is not a string fails both",
    (op) => {
      const broken = { ...samples[op], result: { maj: 42 } };
      const etsi = etsiValidator(ETSI_RESPONSE_DEFINITIONS[op])(broken);
      expect(etsi.valid).toBe(false);
      expect(etsi.errors).toContain("/result/maj must be string");
      expect(PRESERVATION_OPERATIONS[op].response.safeParse(broken).success).toBe(false);
    },
  );

  it("an unknown maj URN fails both", () => {
    const broken = { result: { maj: "urn:oasis:names:tc:dss:1.0:resultmajor:Maybe" } };
    expect(etsiValidator(ETSI_RESPONSE_DEFINITIONS.DeletePO)(broken).valid).toBe(false);
    expect(PRESERVATION_OPERATIONS.DeletePO.response.safeParse(broken).success).toBe(false);
  });

  it("a DeletePO response without result fails both", () => {
    const etsi = etsiValidator(ETSI_RESPONSE_DEFINITIONS.DeletePO)({ reqId: "r-1" });
    expect(etsi).toEqual({ valid: false, errors: ["(root) must have required property 'result'"] });
    expect(PRESERVATION_OPERATIONS.DeletePO.response.safeParse({ reqId: "r-1" }).success).toBe(
      false,
    );
  });

  it("a trace event without time fails both", () => {
    const broken = { result: ok, trace: { event: [{ sub: "alice", op: "PreservePO" }] } };
    expect(etsiValidator(ETSI_RESPONSE_DEFINITIONS.RetrieveTrace)(broken).valid).toBe(false);
    expect(PRESERVATION_OPERATIONS.RetrieveTrace.response.safeParse(broken).success).toBe(false);
  });
});

describe("requests our zod schemas accept are valid ETSI requests", () => {
  const requests: Record<PreservationOperation, Record<string, unknown>> = {
    RetrieveInfo: { reqId: "r", stat: "active", pro: "urn:p" },
    PreservePO: {
      pro: "urn:p",
      po: [{ binaryData: { value: pdf }, mimeType: "application/pdf", id: "d1" }],
    },
    RetrievePO: {
      poId: "pkg-1",
      versionId: ["v1"],
      sor: "POwithDetachedEvidence",
      evFormat: "urn:ietf:rfc:4998",
    },
    DeletePO: { poId: "pkg-1", mod: "SubDOsAndEvidence", crn: "alice", reason: "retention ended" },
    RetrieveTrace: { poId: "pkg-1" },
    Search: { fi: "title=report" },
    ValidateEvidence: {
      ev: { binaryData: { value: "AAAA" }, poId: "pkg-1", verId: "v1" },
      po: [{ xmlData: { b64Content: "PGEvPg==" } }],
    },
    UpdatePOC: { poId: "pkg-1", deltaPoc: [{ binaryData: { value: pdf } }] },
  };

  it.each(PRESERVATION_OPERATION_NAMES)("%s", (op) => {
    expect(PRESERVATION_OPERATIONS[op].request.safeParse(requests[op]).error).toBeUndefined();
    expect(etsiValidator(ETSI_REQUEST_DEFINITIONS[op])(requests[op])).toEqual({
      valid: true,
      errors: [],
    });
  });
});

describe("etsiValidator", () => {
  it("names an unknown definition", () => {
    expect(() => etsiValidator("pres-NoSuchType")).toThrow('no definition named "pres-NoSuchType"');
  });

  it("resolves definitions whose names hold a colon", () => {
    expect(etsiValidator("pres-POType:BinaryData")({ value: 1 }).valid).toBe(false);
  });
});
