// One metadata entry of the ingest wizard while it is being filled in, and what it becomes in the
// request (a MetadataObject). Pure and serialisable: drafts store it as it is.
import type { Content, MetadataObject } from "@scriptorium/contract/ingest/schemas";
import type { RJSFSchema } from "@rjsf/utils";

export type JsonSchemaObject = { $id: string; title?: string; description?: string } & Record<
  string,
  unknown
>;

// A schema the archive accepts, as listSchemas() returns it.
export interface MetadataSchemaOption {
  uri: string;
  title: string;
  description: string;
  schema: JsonSchemaObject;
}

// A metadata file attached instead of filled-in fields: read once, kept as base64.
export interface AttachedMetadataFile {
  name: string;
  size: number;
  // Standard base64 of the file's bytes.
  base64: string;
  // What reading the file against its schema found; empty when it looks right.
  problems: string[];
}

export interface MetadataEntryDraft {
  // The schema URI; "" until one is chosen.
  schema: string;
  mode: "fields" | "file";
  // Both kept while the person switches modes, so neither is lost.
  fields: Record<string, unknown>;
  file: AttachedMetadataFile | null;
}

// A new entry, for `schema` when given.
export function emptyMetadataEntry(schema = ""): MetadataEntryDraft {
  return { schema, mode: "fields", fields: {}, file: null };
}

// The entry as the ingest API takes it, or null while it is incomplete (no schema, or no file).
export function toMetadataObject(entry: MetadataEntryDraft): MetadataObject | null {
  if (entry.schema === "") return null;
  if (entry.mode === "fields") return { schema: entry.schema, metadata: entry.fields };
  if (!entry.file) return null;
  const file: Content = { type: "BINARY", content: entry.file.base64, name: entry.file.name };
  return { schema: entry.schema, file };
}

// The schemas a profile allows: those it lists, in its order; every schema when it lists none.
export function schemasForProfile(
  schemas: readonly MetadataSchemaOption[],
  allowed: readonly string[] | undefined,
): MetadataSchemaOption[] {
  if (!allowed) return [...schemas];
  return allowed.flatMap((uri) => schemas.filter((s) => s.uri === uri));
}

const formSchemas = new WeakMap<object, RJSFSchema>();

// The schema as the form library should see it, the same object for the same schema (the
// validator compiles each schema object once, see cfworker-validator.ts). $id and $schema are
// dropped: the form validates the schema on its own, not as the URI the archive registers it under.
export function formSchemaOf(option: Pick<MetadataSchemaOption, "schema">): RJSFSchema {
  let schema = formSchemas.get(option.schema);
  if (!schema) {
    const { $id: _id, $schema: _schema, ...rest } = option.schema;
    schema = rest as RJSFSchema;
    formSchemas.set(option.schema, schema);
  }
  return schema;
}
