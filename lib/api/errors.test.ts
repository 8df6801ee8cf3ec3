import { describe, expect, it } from "vitest";
import { ApiError, ERROR_STATUS, errorResponse, toApiError } from "./errors";

describe("the API error shape", () => {
  it("answers every code with its status and { error: { code, message } }", async () => {
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      const response = errorResponse(
        new ApiError(code as keyof typeof ERROR_STATUS, "Said plainly."),
      );
      expect(response.status, code).toBe(status);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.json()).toEqual({ error: { code, message: "Said plainly." } });
    }
  });

  it("carries the field and what the archive said when there is one", () => {
    const error = new ApiError("VALIDATION_ERROR", "name is too short", {
      field: "document.name",
      upstream: { status: 400, code: "VALIDATION_ERROR" },
    });
    expect(error.toJSON()).toEqual({
      error: {
        code: "VALIDATION_ERROR",
        message: "name is too short",
        field: "document.name",
        upstream: { status: 400, code: "VALIDATION_ERROR" },
      },
    });
  });

  it("keeps the preservation envelope beside the error", () => {
    const result = { maj: "urn:oasis:names:tc:dss:1.0:resultmajor:RequesterError" };
    const error = new ApiError("VALIDATION_ERROR", "refused", { body: { result, reqId: "r1" } });
    expect(error.toJSON()).toEqual({
      result,
      reqId: "r1",
      error: { code: "VALIDATION_ERROR", message: "refused" },
    });
  });

  it("turns an unknown failure into a 500 that reveals nothing", async () => {
    const original = console.error;
    console.error = () => {};
    try {
      const response = errorResponse(
        new Error("connect ECONNREFUSED 10.0.0.5:5432 password=hunter2"),
      );
      expect(response.status).toBe(500);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe("INTERNAL_ERROR");
      expect(body.error.message).not.toMatch(/ECONNREFUSED|hunter2|10\.0\.0\.5/);
    } finally {
      console.error = original;
    }
  });

  it("maps the token source's refusals: session ended -> 401, provider unavailable -> 503", () => {
    const failure = (code: string) =>
      Object.assign(new Error("token details"), { name: "UpstreamTokenError", code });
    expect(toApiError(failure("session_ended"))).toMatchObject({
      code: "SESSION_ENDED",
      status: 401,
    });
    expect(toApiError(failure("unavailable"))).toMatchObject({
      code: "TOKEN_UNAVAILABLE",
      status: 503,
    });
    expect(toApiError(failure("unavailable")).message).not.toContain("token details");
  });
});
