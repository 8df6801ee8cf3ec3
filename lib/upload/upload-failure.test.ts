import { describe, expect, it } from "vitest";
import { uploadFailureMessage } from "./upload-failure";

describe("uploadFailureMessage", () => {
  it("quotes the archive, the dashboard or S3 when they say why", () => {
    expect(
      uploadFailureMessage(
        400,
        '{"code":"VALIDATION_ERROR","message":"The upload URL has expired."}',
      ),
    ).toBe("The upload URL has expired.");
    expect(
      uploadFailureMessage(
        502,
        '{"error":{"code":"UPSTREAM_ERROR","message":"The archive is down."}}',
      ),
    ).toBe("The archive is down.");
    expect(
      uploadFailureMessage(
        403,
        "<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>",
      ),
    ).toBe("Request has expired");
  });

  it("falls back to a sentence by status when the body says nothing", () => {
    expect(uploadFailureMessage(null)).toBe(
      "The connection to the archive was lost during the upload.",
    );
    expect(uploadFailureMessage(413, "")).toBe("The archive refused the file as too large.");
    expect(uploadFailureMessage(503, "<html>")).toBe(
      "The archive failed to store the file (HTTP 503).",
    );
    expect(uploadFailureMessage(418, "{not json")).toBe(
      "The archive refused the upload (HTTP 418).",
    );
  });
});
