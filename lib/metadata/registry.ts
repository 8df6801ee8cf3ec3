import "server-only";
// The archive's metadata schema registry as the dashboard's server reads it: the same folder and
// the same loader as the archive, so the forms offer exactly the schemas the archive validates.
import {
  loadMetadataRegistry,
  type MetadataRegistry,
} from "@scriptorium/contract/metadata/registry";
import { env } from "@/lib/env";
import type { MetadataSchemaOption } from "./entry";

const holder = globalThis as typeof globalThis & {
  __scriptoriumMetadataRegistry?: { dir: string; registry: MetadataRegistry };
};

// The registry for METADATA_SCHEMAS_DIR, compiled once per process; throws a sentence naming the
// file at fault when a schema is broken.
export function getMetadataRegistry(dir: string = env.METADATA_SCHEMAS_DIR): MetadataRegistry {
  if (holder.__scriptoriumMetadataRegistry?.dir !== dir) {
    holder.__scriptoriumMetadataRegistry = { dir, registry: loadMetadataRegistry(dir) };
  }
  return holder.__scriptoriumMetadataRegistry.registry;
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
