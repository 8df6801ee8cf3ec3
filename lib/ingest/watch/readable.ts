// The extra package information of the enrichers in words: what each enricher adds, permissions
// as sentences, and metadata values as labelled rows (labels from the schema where it has them).
import type { Enricher } from "@scriptorium/contract/ingest/schemas";

// The enrichers a reader may ask for on the status page (plugin reports always come along).
export const DETAIL_ENRICHERS = [
  {
    enricher: "metadata",
    label: "Metadata",
    help: "The package metadata of this version, per schema.",
  },
  {
    enricher: "representations",
    label: "Representations",
    help: "The documents of this version: format, size, checksum.",
  },
  { enricher: "permissions", label: "Your permissions", help: "What you may do with the package." },
  {
    enricher: "breadcrumbs",
    label: "Breadcrumbs",
    help: "Where the package sits: tenant, package, submission.",
  },
  {
    enricher: "searchcolumns",
    label: "Summary",
    help: "Profile, version and status as the archive indexes them.",
  },
  {
    enricher: "userPackage",
    label: "Submitter",
    help: "Who submitted the package, in which tenant.",
  },
] as const satisfies readonly { enricher: Enricher; label: string; help: string }[];

const PERMISSIONS: Record<string, string> = {
  READ: "Read the package",
  INGEST: "Ingest new versions",
  UPDATE_METADATA: "Update its metadata",
  DELETE: "Delete it",
};

// A permission as a phrase; one the dashboard does not know is shown as sent.
export function permissionText(permission: string): string {
  return PERMISSIONS[permission] ?? permission;
}

export interface ReadableRow {
  label: string;
  // A text, a list of texts, or nested rows.
  value: string | string[] | ReadableRow[];
}

type SchemaLike =
  | { properties?: Record<string, { title?: unknown; properties?: unknown; items?: unknown }> }
  | undefined;

function childSchema(schema: SchemaLike, key: string): SchemaLike {
  const property = schema?.properties?.[key];
  if (!property || typeof property !== "object") return undefined;
  if (property.properties) return property as SchemaLike;
  return typeof property.items === "object" ? (property.items as SchemaLike) : undefined;
}

function scalar(value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return String(value);
}

// Metadata values as rows: schema titles as labels, lists of texts as lists, objects nested.
export function readableMetadata(values: unknown, schema?: SchemaLike): ReadableRow[] {
  if (typeof values !== "object" || values === null || Array.isArray(values))
    return [{ label: "Value", value: scalar(values) }];
  return Object.entries(values as Record<string, unknown>).map(([key, value]) => {
    const title = schema?.properties?.[key]?.title;
    const label = typeof title === "string" ? title : key;
    const inner = childSchema(schema, key);
    if (Array.isArray(value)) {
      if (value.every((v) => typeof v !== "object" || v === null))
        return { label, value: value.map(scalar) };
      return {
        label,
        value: value.map((item, i) => ({
          label: `${i + 1}`,
          value: readableMetadata(item, inner),
        })),
      };
    }
    if (typeof value === "object" && value !== null)
      return { label, value: readableMetadata(value, inner) };
    return { label, value: scalar(value) };
  });
}

// A SHA-256 shortened for the eye: the first and last characters (the full value goes in a title).
export function shortDigest(hex: string): string {
  return hex.length > 20 ? `${hex.slice(0, 10)}…${hex.slice(-6)}` : hex;
}
