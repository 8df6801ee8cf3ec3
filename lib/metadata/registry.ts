import "server-only";
// The archive's metadata schema registry as the dashboard's server reads it: the same folder and
// the same loader as the archive, so the forms offer exactly the schemas the archive validates.
import type { MetadataRegistry } from "@scriptorium/contract/metadata/registry";
import { env } from "@/lib/env";
import { getMetadataRegistryIn } from "@/lib/server/container";
import type { MetadataSchemaOption } from "./entry";

// The registry for METADATA_SCHEMAS_DIR, compiled once per process; throws a sentence naming the
// file at fault when a schema is broken.
export function getMetadataRegistry(dir: string = env.METADATA_SCHEMAS_DIR): MetadataRegistry {
  return getMetadataRegistryIn(dir);
}

// Every registered schema with its JSON Schema, in file-name order, for the metadata forms.
// Plain JSON: a Server Component can hand the result to a client component as a prop.
export function listSchemas(dir?: string): MetadataSchemaOption[] {
  const registry = getMetadataRegistry(dir);
  return registry.list().map(({ uri, title, description }) => ({
    uri,
    title,
    description,
    schema: registry.get(uri) ?? { $id: uri },
  }));
}
