import { describe, expect, it } from "vitest";
import { emptyDraft, type DraftFileDocument, type IngestDraft } from "@/lib/drafts/draft";
import { planInputOf } from "@/lib/drafts/plan-input";
import { INGEST_LIMITS, type IngestDocumentRequest } from "@scriptorium/contract/ingest/schemas";
import type { MetadataSchemaOption } from "@/lib/metadata/entry";
import { planUpload } from "@/lib/upload/planner";
import { sipCarriage } from "./sip-carriage";
import { nameFromUrl, singleOrMany } from "./submit-body";
import { wizardProblems } from "./wizard-problems";

const DC = "http://purl.org/dc/elements/1.1/";
const RM = "urn:scriptorium:schema:records-management:1.0";
const schemas = [DC, RM].map((uri) => ({
  uri,
  title: uri === DC ? "Dublin Core" : "Records",
  description: "",
  schema: { $id: uri },
})) as MetadataSchemaOption[];
const profiles = [{ id: "default", title: "Default", metadataSchemas: [DC] }];
const file = (id: string, name: string, size = 10): DraftFileDocument => ({
  kind: "file",
  id,
  name,
  size,
  type: "",
  lastModified: 1,
  file: new File(["x"], name),
  metadatas: [],
});

function problemsOf(draft: IngestDraft, entryProblems = () => [] as string[]) {
  return wizardProblems(draft, planUpload(planInputOf(draft)), profiles, schemas, entryProblems);
}

describe("what stops the wizard from sending", () => {
  it("asks for a profile and a document, and names a bad package ID at its field", () => {
    const found = problemsOf({ ...emptyDraft(), packageId: "a/b" });
    expect(found.map((p) => p.target)).toEqual([
      "ingest-profile",
      "package-id",
      "ingest-documents",
    ]);
    expect(found[1]?.message).toBe('The package ID may not contain @ < > : " / \\ | ? *.');
  });

  it("refuses two documents of one name and files the browser could not keep", () => {
    const draft: IngestDraft = {
      ...emptyDraft(),
      profile: "default",
      documents: [
        file("1", "scan.tif"),
        file("2", "scan.tif"),
        { ...file("3", "lost.pdf"), file: null },
      ],
    };
    expect(problemsOf(draft).map((p) => p.message)).toEqual([
      "Choose lost.pdf again: the browser could not keep its contents.",
      "Two documents are named scan.tif: the archive needs distinct names, so remove one.",
    ]);
  });

  it("checks each metadata entry against the schemas the profile allows, naming where it sits", () => {
    const draft: IngestDraft = {
      ...emptyDraft(),
      profile: "default",
      metadatas: [{ schema: DC, mode: "fields", fields: {}, file: null }],
      documents: [
        {
          ...file("d1", "report.pdf"),
          metadatas: [{ schema: RM, mode: "fields", fields: {}, file: null }],
        },
      ],
    };
    const seen: string[][] = [];
    const found = problemsOf(draft, ((_: unknown, allowed: MetadataSchemaOption[]) => {
      seen.push(allowed.map((s) => s.uri));
      return ["Title: This field is required."];
    }) as never);
    expect(seen).toEqual([[DC], [DC]]);
    expect(found).toEqual([
      {
        target: "package-metadata-0-schema",
        message: "Package metadata 1: Title: This field is required.",
      },
      {
        target: "document-d1-metadata-0-schema",
        message: "Metadata 1 of report.pdf: Title: This field is required.",
      },
    ]);
  });
});

describe("the request body", () => {
  const body = (n: number) =>
    ({
      profile: "default",
      metadatas: [],
      documents: Array.from({ length: n }, (_, i) => ({
        type: "BINARY",
        content: "",
        name: `doc-${i}`,
      })),
    }) as IngestDocumentRequest;

  it("sends one document as `document` and several as `documents`", () => {
    expect(singleOrMany(body(1))).toEqual({
      profile: "default",
      metadatas: [],
      document: { type: "BINARY", content: "", name: "doc-0" },
    });
    expect(singleOrMany(body(2))).toEqual(body(2));
  });

  it("names a URL reference after the last part of its path", () => {
    expect(nameFromUrl("https://example.org/files/Annual%20report.pdf?x=1")).toBe(
      "Annual report.pdf",
    );
    expect(nameFromUrl("not a url")).toBe("");
  });
});

describe("a prepared SIP", () => {
  it("goes inline while the request stays within 10 MB, else through the upload URL, never over 5 GB", () => {
    const largestInline = Math.floor(((INGEST_LIMITS.inlineBodyBytes - 100) * 3) / 4);
    expect(sipCarriage(1024, "bag.zip").method).toBe("inline");
    expect(sipCarriage(largestInline - 100, "bag.zip").method).toBe("inline");
    expect(sipCarriage(8 * 1024 * 1024, "bag.zip")).toMatchObject({
      method: "upload",
      reason: expect.stringContaining("over the 10 MB limit"),
    });
    expect(sipCarriage(INGEST_LIMITS.uploadBytes + 1, "bag.zip").method).toBe("refused");
  });
});
