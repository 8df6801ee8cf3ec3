import { describe, expect, it } from "vitest";
import {
  ErrorResponse,
  INGEST_ERROR_CODES,
  IngestResponse,
  PluginReport,
  UploadUrlResponse,
  uploadKeyOf,
} from "./schemas";

describe("IngestResponse", () => {
  it("keeps unknown fields and undocumented statuses", () => {
    const body = { packageId: "p1", name: "sip-1", status: "QUEUED_FOR_QA", vendorExtra: { a: 1 } };
    expect(IngestResponse.parse(body)).toEqual(body);
  });

  it("keeps enricher output whatever its shape", () => {
    const body = {
      packageId: "p1",
      pluginReports: [
        {
          executionDate: "2024-01-01T00:00:00Z",
          pluginName: "virus",
          message: "ok",
          status: "SKIPPED",
        },
      ],
      permissions: ["READ"],
      metadata: [{ schema: "urn:s" }],
      breadcrumbs: ["root", "p1"],
      representations: [{ id: "r1" }],
      searchcolumns: { title: "T" },
      userPackage: { favourite: true },
    };
    expect(IngestResponse.parse(body)).toEqual(body);
  });

  it("needs a packageId", () => {
    expect(IngestResponse.safeParse({ name: "sip-1", status: "PENDING" }).success).toBe(false);
  });
});

describe("PluginReport", () => {
  it("allows SUCCESS, WARNING and FAILURE", () => {
    const report = { executionDate: "2024-01-01T00:00:00Z", pluginName: "virus", message: "ok" };
    for (const status of ["SUCCESS", "WARNING", "FAILURE"]) {
      expect(PluginReport.safeParse({ ...report, status }).success).toBe(true);
    }
    expect(PluginReport.safeParse({ ...report, status: "ERROR" }).success).toBe(false);
  });
});

describe("ErrorResponse", () => {
  it("parses the six documented codes and unknown ones", () => {
    expect(INGEST_ERROR_CODES).toHaveLength(6);
    for (const code of [...INGEST_ERROR_CODES, "RATE_LIMITED"]) {
      expect(ErrorResponse.parse({ code, message: "m" })).toEqual({ code, message: "m" });
    }
  });

  it("reads a body without message as an empty message", () => {
    expect(ErrorResponse.parse({ code: "EXCEPTION" }).message).toBe("");
  });
});

describe("UploadUrlResponse and uploadKeyOf", () => {
  it("uses the key when the archive gives one", () => {
    const response = UploadUrlResponse.parse({
      url: "http://localhost:4000/ingest/upload/abc",
      key: "k-1",
      expiresAt: "2030-01-01T00:00:00Z",
    });
    expect(uploadKeyOf(response)).toBe("k-1");
  });

  it("derives the key from the URL path's last segment otherwise", () => {
    const response = UploadUrlResponse.parse({
      url: "https://s3.example.org/bucket/b31b7379-0d0a%20x?X-Amz-Signature=abc",
    });
    expect(uploadKeyOf(response)).toBe("b31b7379-0d0a x");
    expect(uploadKeyOf({ url: "https://s3.example.org/" })).toBeNull();
  });

  it("refuses an upload URL that is not http(s)", () => {
    expect(UploadUrlResponse.safeParse({ url: "ftp://x/y" }).success).toBe(false);
  });
});
