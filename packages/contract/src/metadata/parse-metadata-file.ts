// Reads a metadata file (MetadataFile form of the ingest API) into the object its schema validates.
// Pure: bytes in, data or a sentence out.
import { findUnstorableText } from "../storable-text";
import { DUBLIN_CORE_URI, parseDublinCoreXml } from "./dublin-core-xml";

export type ParsedMetadataFile = { data: Record<string, unknown> } | { error: string };

// JSON for every schema; for Dublin Core also oai_dc / simple dc XML. Does not validate against the
// schema, but refuses text the archive cannot store (see ../storable-text.ts).
export function parseMetadataBytes(
  uri: string,
  bytes: Uint8Array,
  fileName = "metadata file",
): ParsedMetadataFile {
  const name = `The metadata file "${fileName}"`;
  const parsed = parseText(uri, bytes, name);
  if ("error" in parsed) return parsed;
  const found = findUnstorableText(parsed.data);
  if (!found) return parsed;
  return {
    error: `${name} holds ${found.what}${found.path === "" ? "" : ` in ${found.path}`}, which cannot be stored as text.`,
  };
}

function parseText(uri: string, bytes: Uint8Array, name: string): ParsedMetadataFile {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/^\uFEFF/, "");
  } catch {
    return {
      error: `${name} is not UTF-8 text; metadata files are JSON${uri === DUBLIN_CORE_URI ? " or XML" : ""}.`,
    };
  }
  const first = text.trimStart()[0];
  if (first === "<") {
    if (uri !== DUBLIN_CORE_URI) {
      return {
        error: `${name} is XML, but schema ${uri} takes JSON metadata files only (XML is read for Dublin Core).`,
      };
    }
    return parseDublinCoreXml(text, name);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const hint = uri === DUBLIN_CORE_URI ? "JSON or Dublin Core XML" : "JSON";
    return { error: `${name} is not valid ${hint}: ${(error as Error).message}.` };
  }
  if (json === null || typeof json !== "object" || Array.isArray(json)) {
    return {
      error: `${name} must hold one JSON object, not ${Array.isArray(json) ? "a list" : String(json === null ? "null" : typeof json)}.`,
    };
  }
  return { data: json as Record<string, unknown> };
}
