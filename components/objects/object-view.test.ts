import { describe, expect, it } from "vitest";
import {
  contentKind,
  contentDisposition,
  decodedSize,
  evidenceFor,
  previewKind,
  safeFileName,
  traceStepName,
  versionsFromTrace,
} from "./object-view";
import { base64ToText, checkTitle, readValidationReport } from "./validation-report";

const event = (op: string, obj?: string, time = "2026-01-01T00:00:00Z") => ({
  time,
  sub: "ada",
  op,
  ...(obj ? { obj } : {}),
});

describe("versionsFromTrace", () => {
  it("lists the versions the trace names for this object, oldest first, each once", () => {
    const events = [
      event("PreservePO", "po-1"),
      event("version added", "po-1@1", "t1"),
      event("version added", "po-10@1"),
      event("version added", "po-1@10", "t10"),
      event("version added", "po-1@2", "t2"),
      event("version added", "po-1@2", "again"),
    ];
    expect(versionsFromTrace(events, "po-1")).toEqual([
      { id: "1", time: "t1" },
      { id: "2", time: "t2" },
      { id: "10", time: "t10" },
    ]);
  });

  it("knows no versions without a trace", () => {
    expect(versionsFromTrace([], "po-1")).toEqual([]);
  });
});

describe("traceStepName", () => {
  it("says the archive's operations in words and keeps unknown ones", () => {
    expect(traceStepName("PreservePO")).toBe("Preserved");
    expect(traceStepName("DeletePO")).toBe("Deleted");
    expect(traceStepName("plugin fixity")).toBe('Check "fixity" ran');
    expect(traceStepName("Replicated")).toBe("Replicated");
  });
});

describe("contentKind", () => {
  it("names what a part holds, keeping the protocol field as the term", () => {
    expect(contentKind({ mimeType: "application/json", xml: false })).toEqual({
      label: "JSON",
      term: "binaryData",
    });
    expect(contentKind({ mimeType: "text/xml", xml: true })).toEqual({
      label: "XML",
      term: "xmlData",
    });
    expect(contentKind({ mimeType: "application/pdf", xml: false }).label).toBe("PDF");
    expect(contentKind({ mimeType: "application/octet-stream", xml: false }).label).toBe("File");
  });
});

describe("previewKind", () => {
  it("previews PDFs and raster images inline and shows text and XML as text", () => {
    expect(previewKind({ mimeType: "application/pdf" })).toBe("pdf");
    expect(previewKind({ mimeType: "image/png" })).toBe("image");
    expect(previewKind({ mimeType: "text/plain; charset=utf-8" })).toBe("text");
    expect(previewKind({ mimeType: "application/json" })).toBe("text");
    expect(previewKind({ mimeType: "application/octet-stream", xmlData: { b64Content: "" } })).toBe(
      "xml",
    );
    expect(previewKind({ mimeType: "application/zip" })).toBe("none");
  });

  it("never renders SVG or HTML, which could run script", () => {
    expect(previewKind({ mimeType: "image/svg+xml" })).toBe("xml");
    expect(previewKind({ mimeType: "text/html" })).toBe("text");
  });
});

describe("evidenceFor", () => {
  const a = { id: "a.ers.xml", relObj: ["a.pdf"] };
  const b = { id: "b.ers.xml", relObj: ["b.xml"] };
  it("finds the record naming the data object, or the only one for a single object", () => {
    expect(evidenceFor([a, b], "b.xml")).toBe(b);
    expect(evidenceFor([{ id: "x" }], "a.pdf")).toEqual({ id: "x" });
    expect(evidenceFor([{ id: "x" }, { id: "y" }], "a.pdf", 2)).toBeUndefined();
  });
});

describe("download names", () => {
  it("keeps names readable but harmless in a header and on disk", () => {
    expect(safeFileName('../evil"name\r\n.pdf')).toBe("_evil_name_.pdf");
    expect(safeFileName("...")).toBe("download");
    expect(contentDisposition("attachment", "Café.txt")).toBe(
      `attachment; filename="Caf_.txt"; filename*=UTF-8''Caf%C3%A9.txt`,
    );
  });

  it("computes the decoded size of base64", () => {
    expect(decodedSize("aGVsbG8gd29ybGQ=")).toBe(11);
    expect(decodedSize("")).toBe(0);
  });
});

describe("readValidationReport", () => {
  const report = `<?xml version="1.0" encoding="UTF-8"?>
<ValidationReport xmlns="urn:scriptorium:evidence-validation-report:1.0" Version="1.0">
  <ValidationTime>2026-01-01T00:00:00.000Z</ValidationTime>
  <Result>valid</Result>
  <ProofOfExistence>2025-12-31T23:00:00Z</ProofOfExistence>
  <Checks>
    <Check Name="data-object-digest" Result="passed">The digest matches &amp; is covered.</Check>
    <Check Name="timestamp-trust" Result="failed">Unknown signer.</Check>
  </Checks>
</ValidationReport>`;

  it("reads the verdict, the proof-of-existence time and every check", () => {
    expect(readValidationReport(report)).toEqual({
      valid: true,
      poe: "2025-12-31T23:00:00Z",
      checks: [
        { name: "data-object-digest", passed: true, detail: "The digest matches & is covered." },
        { name: "timestamp-trust", passed: false, detail: "Unknown signer." },
      ],
    });
    expect(checkTitle("data-object-digest")).toBe("The object's content matches the record");
  });

  it("answers null for anything that is not such a report", () => {
    expect(readValidationReport("<Other/>")).toBeNull();
    expect(readValidationReport("not xml at all <")).toBeNull();
  });

  it("decodes UTF-8 text from base64", () => {
    expect(base64ToText("Q2Fmw6k=")).toBe("Café");
  });
});
