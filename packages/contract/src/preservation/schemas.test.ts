import { describe, expect, it } from "vitest";
import { describeZodError } from "../zod-error";
import { RESULT_MAJOR, RESULT_MAJOR_CODES } from "./result-codes";
import {
  DELETION_MODES,
  DeletePORequest,
  PO,
  PROFILE_STATUSES,
  PRESERVATION_OPERATIONS,
  PreservePORequest,
  Profile,
  Result,
  RetrieveInfoRequest,
  RetrieveInfoResponse,
  RetrievePORequest,
  RetrievePOResponse,
  SUBJECTS_OF_RETRIEVAL,
  SearchRequest,
  StoredPO,
  UpdatePOCRequest,
  isPreservationOperation,
} from "./schemas";

function problem(
  schema: { safeParse(v: unknown): { success: boolean; error?: unknown } },
  value: unknown,
) {
  const result = schema.safeParse(value);
  return result.success
    ? null
    : describeZodError(result.error as Parameters<typeof describeZodError>[0]);
}

const b64 = Buffer.from("hello").toString("base64");

describe("Result", () => {
  it("accepts exactly the five major codes", () => {
    expect(RESULT_MAJOR_CODES).toHaveLength(5);
    for (const maj of RESULT_MAJOR_CODES) expect(Result.safeParse({ maj }).success).toBe(true);
    for (const maj of [
      "Success",
      "urn:oasis:names:tc:dss:1.0:resultmajor:success",
      `${RESULT_MAJOR.Success} `,
    ]) {
      expect(problem(Result, { maj })).toMatch(/^maj must be one of urn:oasis/);
    }
    expect(problem(Result, {})).toBe("maj is required");
  });

  it("reads msg as a string or as ETSI's { value, lang }", () => {
    expect(Result.parse({ maj: RESULT_MAJOR.Success, msg: "Stored." }).msg).toBe("Stored.");
    expect(
      Result.parse({ maj: RESULT_MAJOR.Success, msg: { value: "Stored.", lang: "en" } }).msg,
    ).toEqual({
      value: "Stored.",
      lang: "en",
    });
    expect(Result.safeParse({ maj: RESULT_MAJOR.Success, msg: 7 }).success).toBe(false);
  });
});

describe("PO", () => {
  it("carries at most one of binaryData and xmlData", () => {
    expect(problem(PO, { binaryData: { value: b64 } })).toBeNull();
    expect(problem(PO, { xmlData: { b64Content: b64 } })).toBeNull();
    expect(problem(PO, { binaryData: { value: b64 }, xmlData: { b64Content: b64 } })).toBe(
      "an object carries at most one of binaryData and xmlData, not both",
    );
    expect(
      StoredPO.safeParse({ binaryData: { value: b64 }, xmlData: { b64Content: b64 } }).success,
    ).toBe(false);
  });

  it("requires base64 content in requests", () => {
    expect(problem(PO, { binaryData: { value: "not base64" } })).toMatch(
      /^binaryData\.value must be valid base64/,
    );
    expect(problem(PO, { xmlData: { b64Content: "<a/>" } })).toMatch(
      /^xmlData\.b64Content must be valid base64/,
    );
  });

  it("needs at least one field, as ETSI's minProperties says", () => {
    expect(problem(PO, {})).toBe("a preservation object needs at least one field");
  });

  it("takes relObj as a list of IDs", () => {
    expect(problem(PO, { id: "a", relObj: "b" })).toBe("relObj must be a list of object IDs");
  });
});

describe("requests", () => {
  it("RetrieveInfo allows stat active, inactive or all", () => {
    for (const stat of PROFILE_STATUSES) expect(problem(RetrieveInfoRequest, { stat })).toBeNull();
    expect(problem(RetrieveInfoRequest, { stat: "Active" })).toBe(
      "stat must be one of active, inactive, all",
    );
    expect(problem(RetrieveInfoRequest, {})).toBeNull();
  });

  it("PreservePO requires pro and accepts an empty po list", () => {
    expect(problem(PreservePORequest, { po: [] })).toBe("pro is required");
    expect(problem(PreservePORequest, { pro: "urn:p", po: [] })).toBeNull();
    expect(
      problem(PreservePORequest, {
        pro: "urn:p",
        po: [{ binaryData: { value: b64 }, xmlData: { b64Content: b64 } }],
      }),
    ).toBe("po[0]: an object carries at most one of binaryData and xmlData, not both");
  });

  it("RetrievePO requires poId and allows the four subjects of retrieval", () => {
    expect(problem(RetrievePORequest, {})).toBe("poId is required");
    for (const sor of SUBJECTS_OF_RETRIEVAL)
      expect(problem(RetrievePORequest, { poId: "p", sor })).toBeNull();
    expect(problem(RetrievePORequest, { poId: "p", sor: "Everything" })).toBe(
      "sor must be one of PO, Evidence, POwithEmbeddedEvidence, POwithDetachedEvidence",
    );
    expect(problem(RetrievePORequest, { poId: "p", versionId: "v1" })).toBe(
      "versionId must be a list of version IDs",
    );
  });

  it("DeletePO requires poId and allows the two deletion modes", () => {
    expect(problem(DeletePORequest, { mod: "OnlySubDOs" })).toBe("poId is required");
    for (const mod of DELETION_MODES)
      expect(problem(DeletePORequest, { poId: "p", mod })).toBeNull();
    expect(problem(DeletePORequest, { poId: "p", mod: "All" })).toBe(
      "mod must be one of OnlySubDOs, SubDOsAndEvidence",
    );
  });

  it("Search requires fi, UpdatePOC requires poId and deltaPoc", () => {
    expect(problem(SearchRequest, {})).toBe("fi is required");
    expect(problem(UpdatePOCRequest, { poId: "p" })).toBe("deltaPoc is required");
    expect(problem(UpdatePOCRequest, { deltaPoc: [] })).toBe("poId is required");
  });

  it("refuse unknown fields and accept optIn and reqId everywhere", () => {
    expect(problem(DeletePORequest, { poId: "p", mode: "OnlySubDOs" })).toBe(
      'the input has an unknown field "mode"',
    );
    for (const { request } of Object.values(PRESERVATION_OPERATIONS)) {
      const result = request.safeParse({ reqId: "r", optIn: { lang: "en", policy: ["urn:x"] } });
      expect(
        result.error?.issues.some((i) => i.path[0] === "reqId" || i.path[0] === "optIn"),
      ).toBeFalsy();
    }
  });
});

describe("Profile", () => {
  const profile = {
    pid: "urn:p",
    pvp: { vfrom: "2024-01-01T00:00:00Z" },
    psm: "WithStorage",
    pg: [],
    ef: [],
  };

  it("takes validity timestamps in ISO 8601 UTC, with or without fractional seconds", () => {
    expect(problem(Profile, profile)).toBeNull();
    expect(
      problem(Profile, {
        ...profile,
        pvp: { vfrom: "2024-01-01T00:00:00.250Z", vuntl: "2030-12-31T23:59:59Z" },
      }),
    ).toBeNull();
    for (const vfrom of [
      "2024-01-01",
      "2024-01-01T00:00:00+01:00",
      "2024-01-01T00:00:00",
      "2024-13-01T00:00:00Z",
      "01/01/2024",
    ]) {
      expect(problem(Profile, { ...profile, pvp: { vfrom } })).toBe(
        "pvp.vfrom must be an ISO 8601 UTC timestamp, like 2025-01-31T12:00:00Z",
      );
    }
    expect(
      problem(Profile, { ...profile, pvp: { vfrom: "2024-01-01T00:00:00Z", vuntl: "tomorrow" } }),
    ).toMatch(/^pvp\.vuntl must be/);
  });

  it("reads evidence formats with ETSI's field names, def as boolean or string", () => {
    const parsed = Profile.parse({
      ...profile,
      ef: [
        {
          fid: "urn:ietf:rfc:4998",
          spec: "RFC 4998",
          desc: [{ value: "ERS", lang: "en" }],
          def: "true",
        },
        { fid: "urn:ietf:rfc:6283", def: false },
      ],
    });
    expect(parsed.ef?.map((f) => f.def)).toEqual([true, false]);
    expect(Profile.safeParse({ ...profile, ef: [{ spec: "RFC 4998" }] }).success).toBe(false);
  });
});

describe("responses are lenient", () => {
  it("keep unknown fields at every level", () => {
    const body = {
      result: { maj: RESULT_MAJOR.Success, vendorCode: 12 },
      reqId: "r",
      vendorTrace: "abc",
      pro: [{ pid: "urn:p", colour: "blue", ef: [{ fid: "urn:x", weight: 3 }] }],
    };
    expect(RetrieveInfoResponse.parse(body)).toEqual(body);
    const po = {
      result: { maj: RESULT_MAJOR.Success },
      po: [{ id: "d", binaryData: { value: b64, encoding: "b64" }, size: 5 }],
    };
    expect(RetrievePOResponse.parse(po)).toEqual(po);
  });

  it("read an error body with only a result", () => {
    expect(
      RetrievePOResponse.parse({
        result: { maj: RESULT_MAJOR.RequesterError, msg: "Unknown POID" },
      }).po,
    ).toBeUndefined();
  });
});

describe("the operation map", () => {
  it("lists the eight operations, four of them not available yet", () => {
    expect(Object.keys(PRESERVATION_OPERATIONS).sort()).toEqual([
      "DeletePO",
      "PreservePO",
      "RetrieveInfo",
      "RetrievePO",
      "RetrieveTrace",
      "Search",
      "UpdatePOC",
      "ValidateEvidence",
    ]);
    expect(
      Object.entries(PRESERVATION_OPERATIONS)
        .filter(([, o]) => o.notAvailableYet)
        .map(([n]) => n),
    ).toEqual(["RetrieveTrace", "Search", "ValidateEvidence", "UpdatePOC"]);
    expect(isPreservationOperation("DeletePO")).toBe(true);
    expect(isPreservationOperation("toString")).toBe(false);
  });
});
