// Which spreadsheet column means what: the file (or path) a row describes, the package id, or a
// field of the metadata schema, matched by name the way spreadsheets spell them ("dc.title",
// "dc:title", "Title", the schema's own field titles). Pure; the person can change every match.
import type { JsonSchema } from "@scriptorium/contract/metadata/registry";

export type ColumnTarget =
  { kind: "file" } | { kind: "packageId" } | { kind: "field"; field: string } | { kind: "ignore" };

export type FieldType = "string" | "array" | "number" | "integer" | "boolean" | "other";

export interface SchemaField {
  key: string;
  title: string;
  type: FieldType;
}

const FILE_NAMES = new Set([
  "filename",
  "file",
  "filepath",
  "path",
  "filenames",
  "object",
  "objects",
]);
const PACKAGE_ID_NAMES = new Set(["packageid", "package", "sipid"]);

// "dc.Title", "DC:title", "dcterms.title", " Títle " -> "title"
export function normaliseHeader(header: string): string {
  return header
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim()
    .replace(/^(dc|dcterms|dct)[.:_ -]/, "")
    .replace(/[^a-z0-9]/g, "");
}

function typeOf(schema: Record<string, unknown>): FieldType {
  const type = schema.type;
  return type === "string" ||
    type === "array" ||
    type === "number" ||
    type === "integer" ||
    type === "boolean"
    ? type
    : "other";
}

// The top-level fields of a metadata schema a spreadsheet cell can fill.
export function schemaFields(schema: JsonSchema | Record<string, unknown>): SchemaField[] {
  const properties = (schema as { properties?: Record<string, Record<string, unknown>> })
    .properties;
  return Object.entries(properties ?? {}).map(([key, property]) => ({
    key,
    title: typeof property.title === "string" ? property.title : key,
    type: typeOf(property),
  }));
}

// The first match for every header; a field or the file column is matched once only.
export function autoMap(
  headers: readonly string[],
  fields: readonly SchemaField[],
): ColumnTarget[] {
  const used = new Set<string>();
  return headers.map((header): ColumnTarget => {
    const name = normaliseHeader(header);
    if (FILE_NAMES.has(name) && !used.has("file")) {
      used.add("file");
      return { kind: "file" };
    }
    if (PACKAGE_ID_NAMES.has(name) && !used.has("packageId")) {
      used.add("packageId");
      return { kind: "packageId" };
    }
    const field =
      fields.find((f) => normaliseHeader(f.key) === name) ??
      fields.find((f) => normaliseHeader(f.title) === name);
    // A repeated column ("dc.subject" twice, Archivematica's way) adds to a list field.
    if (field && (field.type === "array" || !used.has(`field:${field.key}`))) {
      used.add(`field:${field.key}`);
      return { kind: "field", field: field.key };
    }
    return { kind: "ignore" };
  });
}

// A cell as the schema's field type wants it; lists split on "|". Text that is not of the type is
// kept as text, so the schema check names the field instead of the value silently vanishing.
export function cellValue(cell: string, type: FieldType): unknown {
  if (type === "array") {
    return cell
      .split("|")
      .map((s) => s.trim())
      .filter((s) => s !== "");
  }
  if ((type === "number" || type === "integer") && /^-?\d+(\.\d+)?$/.test(cell)) {
    return Number(cell);
  }
  if (type === "boolean") {
    const word = cell.toLowerCase();
    if (["true", "yes", "1", "ja", "oui"].includes(word)) return true;
    if (["false", "no", "0", "nee", "non"].includes(word)) return false;
  }
  return cell;
}
