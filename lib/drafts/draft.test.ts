import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { emptyMetadataEntry } from "@/lib/metadata/entry";
import { planUpload } from "@/lib/upload/planner";
import {
  addFiles,
  DRAFT_MAX_AGE_MS,
  emptyDraft,
  isDraftEmpty,
  mergeDrafts,
  missingFiles,
  removeDocument,
  reusableUpload,
  setDocumentUpload,
  toStoredDraft,
  UPLOAD_REUSE_MARGIN_MS,
  type IngestDraft,
} from "./draft";
import { planInputOf } from "./plan-input";
import { restoreDraft } from "./restore-draft";

const NOW = Date.parse("2025-06-01T12:00:00Z");
const DC = "http://purl.org/dc/elements/1.1/";
const report = () =>
  new File(["%PDF-1.7 report"], "report.pdf", { type: "application/pdf", lastModified: 1000 });
const scan = () =>
  new File([new Uint8Array(64)], "scan.tiff", { type: "image/tiff", lastModified: 2000 });
let counter = 0;
const newId = () => `doc-${++counter}`;

function filled(): IngestDraft {
  const draft = addFiles(emptyDraft(NOW), [report(), scan()], newId, NOW);
  return {
    ...draft,
    profile: "records-10y",
    packageId: "HR-2024-0153",
    metadatas: [{ ...emptyMetadataEntry(DC), fields: { title: "Personnel file" } }],
    documents: [
      ...draft.documents,
      {
        kind: "url",
        id: "u1",
        name: "minutes.pdf",
        url: "https://example.org/m.pdf",
        metadatas: [],
      },
    ],
  };
}

describe("storing and restoring a draft", () => {
  it("brings back everything, the files' bytes included, after a structured clone (what IndexedDB does)", async () => {
    const draft = filled();
    const back = restoreDraft(structuredClone(toStoredDraft(draft, { keepFiles: true })), NOW)!;
    expect(back.profile).toBe("records-10y");
    expect(back.packageId).toBe("HR-2024-0153");
    expect(back.metadatas).toEqual(draft.metadatas);
    expect(back.documents.map((d) => d.name)).toEqual(["report.pdf", "scan.tiff", "minutes.pdf"]);
    const first = back.documents[0];
    expect(first?.kind === "file" && first.file instanceof File).toBe(true);
    if (first?.kind === "file") {
      expect(first.file?.name).toBe("report.pdf");
      expect(await first.file?.text()).toBe("%PDF-1.7 report");
    }
  });

  it("without files, remembers which files must be chosen again, and takes them back with their metadata", () => {
    const draft = filled();
    draft.documents[1] = { ...draft.documents[1]!, metadatas: [emptyMetadataEntry(DC)] };
    const back = restoreDraft(structuredClone(toStoredDraft(draft, { keepFiles: false })), NOW)!;
    expect(missingFiles(back).map((d) => d.name)).toEqual(["report.pdf", "scan.tiff"]);
    const again = addFiles(back, [scan(), report(), scan()], newId, NOW);
    expect(missingFiles(again)).toEqual([]);
    expect(again.documents).toHaveLength(3);
    expect(again.documents[1]?.metadatas).toEqual([emptyMetadataEntry(DC)]);
  });

  it("does not restore nothing, another version, damage or a draft older than 30 days", () => {
    expect(restoreDraft(undefined, NOW)).toBeNull();
    expect(restoreDraft({ ...filled(), version: 99 }, NOW)).toBeNull();
    expect(restoreDraft(emptyDraft(NOW), NOW)).toBeNull();
    expect(restoreDraft(filled(), NOW + DRAFT_MAX_AGE_MS + 1)).toBeNull();
    expect(restoreDraft(filled(), NOW + DRAFT_MAX_AGE_MS)).not.toBeNull();
    const damaged = { ...filled(), documents: [{ kind: "file", name: 3 }, ...filled().documents] };
    expect(restoreDraft(damaged, NOW)?.documents).toHaveLength(3);
  });

  it("survives any JSON-ish garbage without throwing", () => {
    fc.assert(
      fc.property(fc.anything(), (garbage) => {
        const result = restoreDraft(garbage, NOW);
        if (result !== null) expect(isDraftEmpty(result)).toBe(false);
      }),
    );
  });
});

describe("a finished upload kept in the draft", () => {
  const upload = {
    key: "b31b7379-0000-4000-8000-000000000001",
    sha256: "c".repeat(64),
    expiresAt: new Date(NOW + 5 * 3600_000).toISOString(),
  };

  it("comes back after a reload, with or without the file's bytes, and is named again while it has time left", () => {
    const draft = filled();
    const id = draft.documents[1]!.id;
    const withUpload = setDocumentUpload(draft, id, upload);
    for (const keepFiles of [true, false]) {
      const back = restoreDraft(structuredClone(toStoredDraft(withUpload, { keepFiles })), NOW)!;
      const doc = back.documents[1]!;
      expect(doc.kind === "file" && reusableUpload(doc, NOW)).toEqual(upload);
      const other = back.documents[0]!;
      expect(other.kind === "file" && reusableUpload(other, NOW)).toBeNull();
    }
  });

  it("is not named again once the key is about to expire, and can be forgotten", () => {
    const draft = filled();
    const id = draft.documents[0]!.id;
    const doc = setDocumentUpload(draft, id, upload).documents[0]!;
    if (doc.kind !== "file") throw new Error("a file document was expected");
    const expires = Date.parse(upload.expiresAt);
    expect(reusableUpload(doc, expires - UPLOAD_REUSE_MARGIN_MS - 1)).toEqual(upload);
    expect(reusableUpload(doc, expires - UPLOAD_REUSE_MARGIN_MS)).toBeNull();
    expect(reusableUpload({ ...doc, upload: { ...upload, expiresAt: "soon" } }, NOW)).toBeNull();
    const forgotten = setDocumentUpload(setDocumentUpload(draft, id, upload), id, null)
      .documents[0]!;
    expect(forgotten.kind === "file" && reusableUpload(forgotten, NOW)).toBeNull();
  });

  it("a damaged upload record is dropped, not the document", () => {
    const stored = structuredClone(toStoredDraft(filled(), { keepFiles: false })) as IngestDraft;
    (stored.documents[0] as unknown as { upload: unknown }).upload = { key: 42 };
    const back = restoreDraft(stored, NOW)!;
    expect(back.documents[0]?.name).toBe("report.pdf");
    expect(back.documents[0]?.kind === "file" && back.documents[0].upload).toBeNull();
  });
});

describe("mergeDrafts", () => {
  it("keeps what the person did while the draft loaded and fills in the rest from storage", () => {
    const stored = filled();
    const current = {
      ...addFiles(
        emptyDraft(NOW + 5),
        [new File(["x"], "new.txt", { lastModified: 3 })],
        newId,
        NOW + 5,
      ),
      packageId: "typed-now",
    };
    const merged = mergeDrafts(stored, current);
    expect(merged.profile).toBe("records-10y");
    expect(merged.packageId).toBe("typed-now");
    expect(merged.metadatas).toEqual(stored.metadatas);
    expect(merged.documents.map((d) => d.name)).toEqual([
      "report.pdf",
      "scan.tiff",
      "minutes.pdf",
      "new.txt",
    ]);
  });
});

describe("documents", () => {
  it("are added once per file and removed by id", () => {
    const draft = addFiles(emptyDraft(NOW), [report(), report()], newId, NOW);
    expect(draft.documents).toHaveLength(1);
    expect(removeDocument(draft, draft.documents[0]!.id, NOW).documents).toEqual([]);
  });
});

describe("planInputOf", () => {
  it("gives the planner sizes, URLs and only finished metadata", () => {
    const draft = filled();
    draft.metadatas.push(emptyMetadataEntry());
    const input = planInputOf(draft);
    expect(input.metadatas).toEqual([{ schema: DC, metadata: { title: "Personnel file" } }]);
    expect(input.documents.map((d) => (d.kind === "file" ? d.size : d.url))).toEqual([
      15,
      64,
      "https://example.org/m.pdf",
    ]);
    const plan = planUpload(input);
    expect(plan.decisions.map((d) => d.method)).toEqual(["inline", "inline", "url"]);
    expect(planInputOf({ ...draft, packageId: "" }).packageId).toBeUndefined();
  });
});
