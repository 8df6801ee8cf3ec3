// The ingest wizard's draft: everything chosen and typed so far, the File objects included, so a
// reload, a new sign-in or a failed ingest never loses work. Pure: storing it is idb.ts's job.
import type { MetadataEntryDraft } from "@/lib/metadata/entry";
import type { MultipartResume } from "@/lib/upload/multipart-upload";

export const DRAFT_VERSION = 1;
// A draft nobody touched for this long is not brought back: it is more confusing than useful.
export const DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export interface DraftFileDocument {
  kind: "file";
  id: string;
  name: string;
  size: number;
  type: string;
  lastModified: number;
  // null when the browser could not keep the file: the person is asked to choose it again.
  file: File | null;
  metadatas: MetadataEntryDraft[];
  // This file's finished upload to the archive, so a retry after a failure, a reload or a new
  // sign-in names the key instead of sending the bytes again.
  upload?: DraftUpload | null;
  // This file's unfinished multipart upload: the parts the archive stored are not sent again.
  multipart?: MultipartResume | null;
}

export interface DraftUpload {
  key: string;
  sha256: string;
  // Until when the archive takes the key (ISO 8601).
  expiresAt: string;
}

// An upload is named again only while it has this long left: the ingest must reach the archive
// before the key expires, and a large draft may take a while to send.
export const UPLOAD_REUSE_MARGIN_MS = 15 * 60 * 1000;

// The finished upload of `doc` that an ingest may still name, or null.
export function reusableUpload(
  doc: DraftFileDocument,
  now: number = Date.now(),
): DraftUpload | null {
  const upload = doc.upload;
  if (!upload) return null;
  const expires = Date.parse(upload.expiresAt);
  return Number.isFinite(expires) && expires - now > UPLOAD_REUSE_MARGIN_MS ? upload : null;
}

// The draft with document `id`'s finished upload recorded (or forgotten, with null).
export function setDocumentUpload(
  draft: IngestDraft,
  id: string,
  upload: DraftUpload | null,
): IngestDraft {
  return {
    ...draft,
    documents: draft.documents.map((d) =>
      d.id === id && d.kind === "file" ? { ...d, upload } : d,
    ),
  };
}

// The draft with document `id`'s unfinished multipart upload recorded (or forgotten, with null).
export function setDocumentMultipart(
  draft: IngestDraft,
  id: string,
  multipart: MultipartResume | null,
): IngestDraft {
  return {
    ...draft,
    documents: draft.documents.map((d) =>
      d.id === id && d.kind === "file" ? { ...d, multipart } : d,
    ),
  };
}

export interface DraftUrlDocument {
  kind: "url";
  id: string;
  name: string;
  url: string;
  metadatas: MetadataEntryDraft[];
}

export type DraftDocument = DraftFileDocument | DraftUrlDocument;

export interface IngestDraft {
  version: typeof DRAFT_VERSION;
  profile: string;
  packageId: string;
  metadatas: MetadataEntryDraft[];
  documents: DraftDocument[];
  // ms since the epoch of the last change.
  updatedAt: number;
}

// A draft with nothing in it.
export function emptyDraft(now: number = Date.now()): IngestDraft {
  return {
    version: DRAFT_VERSION,
    profile: "",
    packageId: "",
    metadatas: [],
    documents: [],
    updatedAt: now,
  };
}

// Whether the draft holds nothing worth keeping.
export function isDraftEmpty(draft: IngestDraft): boolean {
  return (
    draft.profile === "" &&
    draft.packageId === "" &&
    draft.metadatas.length === 0 &&
    draft.documents.length === 0
  );
}

// The draft as stored. Without `keepFiles` the File objects are left out (some browsers cannot
// store them, e.g. in private windows), and the documents remember only name, size and type.
export function toStoredDraft(
  draft: IngestDraft,
  { keepFiles }: { keepFiles: boolean },
): IngestDraft {
  if (keepFiles) return draft;
  return {
    ...draft,
    documents: draft.documents.map((d) => (d.kind === "file" ? { ...d, file: null } : d)),
  };
}

// The restored draft merged into what the person did while it was loading: their changes win,
// the stored draft fills in the rest (documents from both, stored ones first).
export function mergeDrafts(restored: IngestDraft, current: IngestDraft): IngestDraft {
  const ids = new Set(current.documents.map((d) => d.id));
  return {
    version: DRAFT_VERSION,
    profile: current.profile || restored.profile,
    packageId: current.packageId || restored.packageId,
    metadatas: current.metadatas.length > 0 ? current.metadatas : restored.metadatas,
    documents: [...restored.documents.filter((d) => !ids.has(d.id)), ...current.documents],
    updatedAt: Math.max(restored.updatedAt, current.updatedAt),
  };
}

// File documents whose File was not kept and must be chosen again.
export function missingFiles(draft: IngestDraft): DraftFileDocument[] {
  return draft.documents.filter(
    (d): d is DraftFileDocument => d.kind === "file" && d.file === null,
  );
}

const sameFile = (d: DraftFileDocument, f: File) =>
  d.name === f.name && d.size === f.size && d.lastModified === f.lastModified;

// Adds chosen files: a file matching a document whose File was lost fills it in again (keeping its
// metadata), a file already in the draft is not added twice, any other file becomes a new document.
export function addFiles(
  draft: IngestDraft,
  files: readonly File[],
  newId: () => string,
  now: number = Date.now(),
): IngestDraft {
  const documents = [...draft.documents];
  for (const file of files) {
    const index = documents.findIndex((d) => d.kind === "file" && sameFile(d, file));
    const existing = documents[index];
    if (existing?.kind === "file") {
      if (existing.file === null) documents[index] = { ...existing, file };
      continue;
    }
    documents.push({
      kind: "file",
      id: newId(),
      name: file.name,
      size: file.size,
      type: file.type,
      lastModified: file.lastModified,
      file,
      metadatas: [],
    });
  }
  return { ...draft, documents, updatedAt: now };
}

// The draft without document `id`.
export function removeDocument(
  draft: IngestDraft,
  id: string,
  now: number = Date.now(),
): IngestDraft {
  return { ...draft, documents: draft.documents.filter((d) => d.id !== id), updatedAt: now };
}
