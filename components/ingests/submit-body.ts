// The PUT /document body as the wizard sends it: the planner builds the list form; one document
// travels as `document`, several as `documents`, and the person never has to know.
import type { IngestDocumentRequest } from "@scriptorium/contract/ingest/schemas";

// `documents: [one]` becomes `document: one`; anything else is left as it is.
export function singleOrMany(body: IngestDocumentRequest): IngestDocumentRequest {
  const { documents, document, ...rest } = body;
  if (document || !documents || documents.length !== 1) return body;
  return { ...rest, document: documents[0] } as IngestDocumentRequest;
}

// The name a URL reference gets unless the person gives one: the last path segment.
export function nameFromUrl(url: string): string {
  if (!URL.canParse(url)) return "";
  const last = new URL(url).pathname.split("/").filter(Boolean).at(-1);
  try {
    return last ? decodeURIComponent(last) : "";
  } catch {
    return last ?? "";
  }
}
