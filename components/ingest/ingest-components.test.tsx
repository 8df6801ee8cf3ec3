import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MULTIPART_LIMITS } from "@scriptorium/contract/ingest/multipart";
import { planUpload } from "@/lib/upload/planner";
import { FileDropzone } from "./file-dropzone";
import { PackageIdField } from "./package-id-field";
import { packageIdMessage } from "./package-id-message";
import { UploadPlanView } from "./upload-plan-view";
import { UploadProgressRow } from "./upload-progress-row";

const MB = 1024 * 1024;
const noop = () => {};

describe("FileDropzone", () => {
  const files = [
    { id: "1", name: "report.pdf", size: Math.round(3.2 * MB), type: "application/pdf" },
    { id: "2", name: "scan.tiff", size: 60 * MB, type: "", missing: true },
  ];
  const html = renderToStaticMarkup(<FileDropzone files={files} onAdd={noop} onRemove={noop} />);

  it("has a real button to choose files and a labelled file input", () => {
    expect(html).toMatch(
      /<button type="button"[^>]*aria-describedby="[^"]+"[^>]*>Choose files<\/button>/,
    );
    expect(html).toMatch(
      /<input[^>]*type="file"[^>]*aria-label="Files to ingest"|<input[^>]*aria-label="Files to ingest"[^>]*type="file"/,
    );
  });

  it("lists each file with its size, detected type and a remove button naming it", () => {
    expect(html).toContain('aria-label="Chosen files"');
    expect(html).toContain("3.2 MB");
    expect(html).toContain("PDF document");
    expect(html).toContain("TIFF image");
    expect(html).toContain('aria-label="Remove scan.tiff"');
    expect(html).toContain("Choose it again");
  });

  it("says how far a large file's reading ahead of its upload has come", () => {
    const reading = (state: { loaded: number; done?: boolean; failed?: boolean }) =>
      renderToStaticMarkup(
        <FileDropzone
          files={[
            {
              id: "3",
              name: "film.mkv",
              size: 400 * MB,
              type: "video/x-matroska",
              readAhead: { total: 400 * MB, done: false, failed: false, ...state },
            },
          ]}
          onAdd={noop}
          onRemove={noop}
        />,
      );
    expect(reading({ loaded: 180 * MB })).toContain("Preparing the upload: 45%");
    expect(reading({ loaded: 400 * MB, done: true })).toContain("Ready to upload");
    const failed = reading({ loaded: 10 * MB, failed: true });
    expect(failed).not.toContain("Preparing the upload");
    expect(failed).not.toContain("Ready to upload");
  });

  it("tells screen readers how many files are chosen", () => {
    expect(html).toMatch(
      /aria-live="polite">2 files chosen, 63 MB in all; 1 must be chosen again\.</,
    );
  });
});

describe("UploadPlanView", () => {
  it("shows every decision with its reason, the request size and what blocks sending", () => {
    const plan = planUpload({
      profile: "default",
      metadatas: [],
      documents: [
        { kind: "file", id: "a", name: "report.pdf", size: Math.round(3.2 * MB) },
        { kind: "file", id: "b", name: "disk.img", size: MULTIPART_LIMITS.maxUploadBytes + 1 },
      ],
    });
    const html = renderToStaticMarkup(<UploadPlanView plan={plan} headingLevel={2} />);
    expect(html).toMatch(/<h2 id="[^"]+"[^>]*>How the files reach the archive<\/h2>/);
    expect(html).toContain("In the request");
    expect(html).toContain("Too large");
    for (const decision of plan.decisions)
      expect(html).toContain(decision.reason.replace(/"/g, "&quot;"));
    expect(html).toContain(plan.problems[0]!);
    expect(html).toContain("4.3 MB");
  });
});

describe("UploadProgressRow", () => {
  it("shows progress as a labelled progress bar with cancel while running", () => {
    const html = renderToStaticMarkup(
      <UploadProgressRow
        name="scan.tiff"
        onCancel={noop}
        onRetry={noop}
        state={{
          phase: "uploading",
          attempt: 1,
          progress: { loaded: 12 * MB, total: 60 * MB, bytesPerSecond: 4 * MB, secondsLeft: 12 },
        }}
      />,
    );
    expect(html).toMatch(
      /role="progressbar" aria-label="Upload of scan.tiff" aria-valuemin="0" aria-valuemax="100" aria-valuenow="20"/,
    );
    expect(html).toContain("12 MB of 60 MB · 4 MB/s · 12 s left");
    expect(html).toContain('aria-label="Cancel the upload of scan.tiff"');
    expect(html).not.toContain("Try again");
  });

  it("offers to try again after a failure and says why, assertively", () => {
    const html = renderToStaticMarkup(
      <UploadProgressRow
        name="scan.tiff"
        onCancel={noop}
        onRetry={noop}
        state={{ phase: "failed", message: "Disk full." }}
      />,
    );
    expect(html).toContain('aria-label="Upload scan.tiff again"');
    expect(html).not.toContain("Cancel the upload");
    expect(html).toContain('aria-live="assertive">scan.tiff could not be uploaded: Disk full.<');
  });
});

describe("PackageIdField", () => {
  it("accepts an empty or valid ID without an error", () => {
    for (const value of ["", "HR-2024-0153"]) {
      const html = renderToStaticMarkup(<PackageIdField value={value} onChange={noop} />);
      expect(html).not.toContain('aria-invalid="true"');
      expect(html).toMatch(/<label for="package-id"[^>]*>Package ID/);
    }
  });

  it("says what is wrong as the ID is typed, linked to the input", () => {
    const html = renderToStaticMarkup(<PackageIdField value="HR/2024" onChange={noop} />);
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="package-id-help package-id-error"');
    expect(html).toMatch(
      /id="package-id-error"[^>]*>The package ID may not contain @ &lt; &gt; : &quot; \/ \\ \| \? \*\.</,
    );
  });
});

describe("packageIdMessage", () => {
  it("rewords the API rule for the field", () => {
    expect(packageIdMessage("")).toBeNull();
    expect(packageIdMessage("ok-id")).toBeNull();
    expect(packageIdMessage("café")).toBe(
      "The package ID may only contain ASCII characters (no accents, symbols or emoji).",
    );
    expect(packageIdMessage("x".repeat(256))).toBe(
      "The package ID may be at most 255 characters long.",
    );
  });
});
