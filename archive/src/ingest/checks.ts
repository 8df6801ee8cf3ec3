// Checks an ingest request against what the operator configured (profiles, metadata schemas) and
// what the archive holds (upload keys), before anything is accepted. Each failure is a
// VALIDATION_ERROR whose message names the field and the rule.
import type { Content, IngestContent, MetadataObject } from "@scriptorium/contract/ingest/schemas";
import type { BlobHold } from "../blobs/store";
import { resolveUploadKey } from "../blobs/upload-urls";
import { IngestError } from "../http/errors";
import type { IngestProfile } from "@scriptorium/contract/profiles/ingest-profiles";
import type { IngestDeps } from "./deps";
import { uploadNamed, type BlobRef } from "./sip-record";

const invalid = (message: string) => new IngestError("VALIDATION_ERROR", message);

// The profile named by the request, or a VALIDATION_ERROR listing the profiles there are.
export function checkProfile(deps: IngestDeps, id: string, field = "profile"): IngestProfile {
  const profile = deps.profiles.get(id);
  if (!profile) {
    const known = deps.profiles
      .list()
      .map((p) => p.id)
      .join(", ");
    throw invalid(`${field} "${id}" is not an ingest profile of this archive (profiles: ${known})`);
  }
  return profile;
}

// A content with the request path it was found at, e.g. "documents[1]" ("" for the body itself).
export interface LocatedContent {
  field: string;
  content: Content;
}

// Every content of a request: the documents and every metadata file, package- or document-level.
export function contentsOf(
  metadatas: MetadataObject[],
  documents: IngestContent[],
  documentField: string,
) {
  const found: LocatedContent[] = [];
  const addMetadataFiles = (list: MetadataObject[] | undefined, field: string) =>
    list?.forEach((m, i) => {
      if ("file" in m) found.push({ field: `${field}[${i}].file`, content: m.file });
    });
  addMetadataFiles(metadatas, "metadatas");
  documents.forEach((d, i) => {
    const field = documentField === "document" ? "document" : `documents[${i}]`;
    found.push({ field, content: d });
    addMetadataFiles(d.metadatas, `${field}.metadatas`);
  });
  return found;
}

// Checks every metadata entry: a registered schema the profile allows, and for inline values and
// inline (BINARY) files, data that validates. URL and upload files are checked by the pipeline.
export function checkMetadatas(
  deps: IngestDeps,
  profile: IngestProfile,
  metadatas: MetadataObject[] | undefined,
  field: string,
): void {
  metadatas?.forEach((entry, i) => {
    const at = `${field}[${i}]`;
    const problem = metadataSchemaProblem(deps, profile, entry.schema);
    if (problem) throw invalid(`${at}.schema ${problem}`);
    let data: unknown;
    if ("metadata" in entry) {
      data = entry.metadata;
    } else if (entry.file.type === "BINARY") {
      const parsed = deps.registry.parseMetadataFile(
        entry.schema,
        Buffer.from(entry.file.content, "base64"),
        entry.file.name,
      );
      if ("error" in parsed) throw invalid(`${at}.file: ${parsed.error}`);
      data = parsed.data;
    } else {
      return;
    }
    const problems = deps.registry.validate(entry.schema, data);
    if (problems.length > 0) {
      throw invalid(
        `${at}.metadata does not validate against schema ${entry.schema}: ${problems.join("; ")}`,
      );
    }
  });
}

// Why `schema` may not be used under `profile` (a phrase to follow the field name), or null.
export function metadataSchemaProblem(
  deps: IngestDeps,
  profile: IngestProfile,
  schema: string,
): string | null {
  if (!deps.registry.has(schema)) {
    const known = deps.registry
      .list()
      .map((s) => s.uri)
      .join(", ");
    return `"${schema}" is not a metadata schema registered in this archive (registered: ${known})`;
  }
  if (profile.metadataSchemas && !profile.metadataSchemas.includes(schema)) {
    return `"${schema}" may not be used under profile "${profile.id}" (allowed: ${profile.metadataSchemas.join(", ")})`;
  }
  return null;
}

// Resolves the S3 keys a request names to the tenant's finished uploads, whose blobs `hold` keeps
// until the SIP's own rows name them.
export async function resolveUploads(
  deps: IngestDeps,
  tenant: string,
  contents: LocatedContent[],
  hold: BlobHold,
): Promise<Record<string, BlobRef>> {
  // Keyed by caller-chosen text: no prototype, so "valueOf" or "__proto__" is only ever a key.
  const resolved: Record<string, BlobRef> = Object.create(null);
  for (const { field, content } of contents) {
    if (content.type !== "S3" || uploadNamed(resolved, content.content)) continue;
    const found = await resolveUploadKey(deps.db, tenant, content.content);
    if ("problem" in found) throw invalid(`${field ? `${field}.` : ""}content: ${found.problem}`);
    await hold.keep(found.sha256);
    resolved[content.content] = found;
  }
  return resolved;
}
