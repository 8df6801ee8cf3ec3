// Authentication, tenant selection and the shape of every error.
import { describe, expect, it } from "vitest";
import { expectError, ingestApi } from "../support/client";
import { documentRequest } from "../support/fixtures";
import { suite } from "../support/target";

describe("authentication", () => {
  it("refuses a request without a token with 401 NOT_AUTHORIZED", async () => {
    const answer = await ingestApi("PUT", "/document", { token: null, body: documentRequest() });
    expectError(answer, 401, "NOT_AUTHORIZED");
  });

  it("refuses a token that is not one the archive issued", async () => {
    const forged = [
      "eyJhbGciOiJSUzI1NiIsInR5cCI6ImF0K2p3dCJ9",
      "eyJzdWIiOiJtYWxsb3J5In0",
      "c2ln",
    ].join(".");
    const answer = await ingestApi("GET", "/url", { token: forged });
    expectError(answer, 401, "NOT_AUTHORIZED");
  });

  it("refuses a tenant the caller does not belong to with 403 NO_PERMISSION", async () => {
    const answer = await ingestApi("PUT", "/document", {
      tenant: suite.tenantB,
      body: documentRequest(),
    });
    expectError(answer, 403, "NO_PERMISSION");
  });
});

describe("errors", () => {
  it("answers an unknown operation with 404 NOT_FOUND as { code, message }", async () => {
    expectError(await ingestApi("GET", "/no-such-operation"), 404, "NOT_FOUND");
  });

  it("answers a SIP status of an unknown package with 404 NOT_FOUND", async () => {
    expectError(await ingestApi("GET", "/sip/no-such-package/sip-1"), 404, "NOT_FOUND");
  });

  it("answers a body that is not JSON with 400 VALIDATION_ERROR", async () => {
    const answer = await ingestApi("PUT", "/document", { rawBody: "{ not json" });
    expect(expectError(answer, 400, "VALIDATION_ERROR")).toMatch(/JSON/);
  });
});
