// The PUT /document body the wizard sends, and its exact size in bytes before any file is read.
// Both are built by one function (`assemble`), so the size cannot drift from the real body.
import type { IngestDocumentRequest, MetadataObject } from "@scriptorium/contract/ingest/schemas";

// A chosen file, known by name and size only: its bytes are read when the plan is carried out.
export interface FileDocument {
  kind: "file";
  id: string;
  name: string;
  size: number;
  // The browser's media type (File.type); informational only.
  type?: string;
  metadatas?: MetadataObject[];
}

// A document the archive fetches itself from an http(s) URL.
export interface UrlDocument {
  kind: "url";
  id: string;
  name: string;
  url: string;
  metadatas?: MetadataObject[];
}

export type PlanDocument = FileDocument | UrlDocument;

// Everything of an ingest except the files' bytes.
export interface PlanInput {
  profile: string;
  // Left out of the body when empty: the archive then generates one.
  packageId?: string;
  metadatas: MetadataObject[];
  documents: PlanDocument[];
}

// How a file travels: inline as base64, or as the key of an upload made beforehand. A key not yet
// known (the upload has not happened) is sized as `keyReserveBytes`.
export type FileCarriage = { type: "BINARY" } | { type: "S3"; key?: string };

// What a file turned into once read or uploaded.
export type ResolvedFileContent =
  { type: "BINARY"; content: string } | { type: "S3"; content: string };

// S3 keys are at most 1024 bytes; the embedded archive's are 36. Reserving the maximum keeps the
// plan safe against any upstream at a cost of about 1 KB per uploaded file.
export const S3_KEY_RESERVE_BYTES = 1024;

// Length of the base64 encoding of `bytes` bytes, padding included.
export function base64Length(bytes: number): number {
  return 4 * Math.ceil(bytes / 3);
}

// Bytes of `s` in UTF-8. A lone surrogate counts 3 bytes, as TextEncoder replaces it with U+FFFD.
export function utf8Length(s: string): number {
  let bytes = 0;
  for (let i = 0; i < s.length; i++) {
    const code = s.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < s.length) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

// Bytes `s` takes inside a JSON string literal, quotes excluded (escapes counted).
function jsonStringLength(s: string): number {
  return utf8Length(JSON.stringify(s)) - 2;
}

type Carried = { type: string; content: string };

function assemble(
  input: PlanInput,
  fileContent: (doc: FileDocument) => Carried,
): IngestDocumentRequest {
  const documents = input.documents.map((doc) => {
    const carried = doc.kind === "url" ? { type: "URL", content: doc.url } : fileContent(doc);
    return {
      type: carried.type,
      content: carried.content,
      name: doc.name,
      ...(doc.metadatas && doc.metadatas.length > 0 ? { metadatas: doc.metadatas } : {}),
    };
  });
  return {
    profile: input.profile,
    ...(input.packageId ? { packageId: input.packageId } : {}),
    // Always the list form: one shape for one file or many keeps the size arithmetic single.
    documents,
    metadatas: input.metadatas,
  } as IngestDocumentRequest;
}

// The request body for PUT /api/ingest/document; send it as JSON.stringify(body).
export function buildIngestRequest(
  input: PlanInput,
  contentOf: (doc: FileDocument) => ResolvedFileContent,
): IngestDocumentRequest {
  return assemble(input, contentOf);
}

// Exact UTF-8 length of JSON.stringify(buildIngestRequest(input, ...)) when every file travels as
// `carriageOf` says. Only a file's size is needed: base64 is 4 * ceil(n / 3) characters, none of
// which JSON escapes. An S3 file without a known key is counted as `keyReserveBytes` (an upper bound).
export function inlineBodySize(
  input: PlanInput,
  carriageOf: (doc: FileDocument) => FileCarriage,
  keyReserveBytes: number = S3_KEY_RESERVE_BYTES,
): number {
  // The skeleton has "" for every file's type and content; each file then adds its own.
  const skeleton = assemble(input, () => ({ type: "", content: "" }));
  let bytes = utf8Length(JSON.stringify(skeleton));
  for (const doc of input.documents) {
    if (doc.kind !== "file") continue;
    bytes += fileContentLength(doc, carriageOf(doc), keyReserveBytes);
  }
  return bytes;
}

// What one file adds to the body's skeleton: its type word and its content, as JSON.
export function fileContentLength(
  doc: Pick<FileDocument, "size">,
  carriage: FileCarriage,
  keyReserveBytes: number = S3_KEY_RESERVE_BYTES,
): number {
  if (carriage.type === "BINARY") return "BINARY".length + base64Length(doc.size);
  return (
    "S3".length + (carriage.key === undefined ? keyReserveBytes : jsonStringLength(carriage.key))
  );
}
