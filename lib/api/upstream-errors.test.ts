import { describe, expect, it } from "vitest";
import { RESULT_MAJOR, RESULT_MINOR } from "@scriptorium/contract/preservation/result-codes";
import { ingestFailure, preservationFailure } from "./upstream-errors";

describe("ingest API errors", () => {
  it.each([
    ["NOT_AUTHORIZED", 401, 401],
    ["NO_PERMISSION", 403, 403],
    ["NOT_FOUND", 404, 404],
    ["VALIDATION_ERROR", 400, 400],
    ["JSON_TOO_LARGE", 413, 413],
    ["EXCEPTION", 500, 502],
  ])("%s (HTTP %i) keeps its code and answers %i", (code, status, expected) => {
    const error = ingestFailure(status, { code, message: "archive words" }, "user");
    expect(error.code).toBe(code);
    expect(error.status).toBe(expected);
    expect(error.upstream).toEqual({ status, code, message: "archive words" });
  });

  it("shows the archive's own words for a refusal, which name the field", () => {
    const error = ingestFailure(
      400,
      { code: "VALIDATION_ERROR", message: "documents[0].name is too short" },
      "user",
    );
    expect(error.message).toContain("documents[0].name is too short");
  });

  it("never shows the archive's words for its own failures", () => {
    const error = ingestFailure(
      500,
      { code: "EXCEPTION", message: "NullPointerException at Foo.java:12" },
      "user",
    );
    expect(error.message).not.toContain("NullPointer");
    expect(error.message).toMatch(/archive failed/);
  });

  it("points a too-large body at the upload URL", () => {
    expect(ingestFailure(413, { code: "JSON_TOO_LARGE", message: "x" }, "user").message).toMatch(
      /upload URL/,
    );
  });

  it.each([
    [401, "NOT_AUTHORIZED", 401],
    [403, "NO_PERMISSION", 403],
    [404, "NOT_FOUND", 404],
    [409, "VALIDATION_ERROR", 400],
    [413, "JSON_TOO_LARGE", 413],
    [500, "UPSTREAM_ERROR", 502],
    [503, "UPSTREAM_ERROR", 502],
  ])("reads an answer without a known code from its status: %i -> %s", (status, code, expected) => {
    const error = ingestFailure(status, "<html>Bad Gateway</html>", "user");
    expect(error).toMatchObject({ code, status: expected, upstream: { status } });
  });

  it("treats a 5xx as the archive's failure whatever code it claims", () => {
    expect(ingestFailure(503, { code: "VALIDATION_ERROR", message: "m" }, "user").status).toBe(502);
  });

  it("in service mode, a refused token is the dashboard's configuration, not the user's sign-in", () => {
    const error = ingestFailure(401, { code: "NOT_AUTHORIZED", message: "expired" }, "service");
    expect(error).toMatchObject({ code: "UPSTREAM_ERROR", status: 502 });
    expect(error.message).toMatch(/dashboard's own credentials/);
  });
});

const envelope = (maj: string, min?: string, msg?: unknown) => ({
  reqId: "r-1",
  result: { maj, ...(min ? { min } : {}), ...(msg ? { msg } : {}) },
});

describe("preservation results", () => {
  it.each([
    [RESULT_MAJOR.RequesterError, RESULT_MINOR.noPermission, "NO_PERMISSION", 403],
    [RESULT_MAJOR.RequesterError, RESULT_MINOR.unknownPOID, "NOT_FOUND", 404],
    [RESULT_MAJOR.RequesterError, RESULT_MINOR.unknownVersionID, "NOT_FOUND", 404],
    [RESULT_MAJOR.RequesterError, RESULT_MINOR.notSupported, "NOT_SUPPORTED", 501],
    [RESULT_MAJOR.RequesterError, RESULT_MINOR.parameterError, "VALIDATION_ERROR", 400],
    [RESULT_MAJOR.RequesterError, undefined, "VALIDATION_ERROR", 400],
    [RESULT_MAJOR.InsufficientInformation, undefined, "INSUFFICIENT_INFORMATION", 422],
    [RESULT_MAJOR.ResponderError, RESULT_MINOR.internalError, "UPSTREAM_ERROR", 502],
  ])("%s / %s -> %s %i, with the result intact", (maj, min, code, status) => {
    const body = envelope(maj, min, { value: "Details from the archive.", lang: "en" });
    const error = preservationFailure(200, body, "user");
    expect(error).toMatchObject({
      code,
      status,
      upstream: { status: 200, maj, ...(min ? { min } : {}) },
    });
    expect(error.toJSON()).toMatchObject({ reqId: "r-1", result: body.result, error: { code } });
  });

  it("says what the result means in words, with the archive's message", () => {
    const error = preservationFailure(
      200,
      envelope(RESULT_MAJOR.RequesterError, RESULT_MINOR.unknownPOID, "No object 42."),
      "user",
    );
    expect(error.message).toContain("There is no preserved object with this ID");
    expect(error.message).toContain("No object 42.");
  });

  it("lets the HTTP status of an access refusal win over the result", () => {
    const body = envelope(RESULT_MAJOR.RequesterError, RESULT_MINOR.noPermission);
    expect(preservationFailure(401, body, "user")).toMatchObject({
      code: "NOT_AUTHORIZED",
      status: 401,
    });
    expect(preservationFailure(401, body, "service")).toMatchObject({
      code: "UPSTREAM_ERROR",
      status: 502,
    });
    expect(preservationFailure(403, body, "user")).toMatchObject({
      code: "NO_PERMISSION",
      status: 403,
    });
    expect(preservationFailure(413, body, "user")).toMatchObject({
      code: "JSON_TOO_LARGE",
      status: 413,
    });
  });

  it.each([
    [404, "NOT_SUPPORTED", 501],
    [500, "UPSTREAM_ERROR", 502],
    [200, "UPSTREAM_ERROR", 502],
  ])("an answer without a readable result, HTTP %i -> %s", (status, code, expected) => {
    expect(preservationFailure(status, undefined, "user")).toMatchObject({
      code,
      status: expected,
    });
  });
});
