// Loads the metadata schema registry from a folder of *.schema.json files (the shipped ones
// in packages/contract/config/metadata-schemas).
// Only this file touches the file system; the registry itself lives in create-registry.ts.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  createMetadataRegistry,
  type MetadataRegistry,
  type SchemaSource,
} from "./create-registry";

export type {
  JsonSchema,
  MetadataRegistry,
  MetadataSchemaSummary,
  SchemaSource,
} from "./create-registry";
export type { ParsedMetadataFile } from "./parse-metadata-file";
export { createMetadataRegistry } from "./create-registry";
export { DUBLIN_CORE_URI } from "./dublin-core-xml";

export const METADATA_SCHEMA_SUFFIX = ".schema.json";

// Reads every <dir>/*.schema.json in name order; throws an Error naming the file at fault.
export function loadMetadataRegistry(dir: string): MetadataRegistry {
  let names: string[];
  try {
    names = readdirSync(dir)
      .filter((n) => n.endsWith(METADATA_SCHEMA_SUFFIX))
      .sort();
  } catch (error) {
    throw new Error(
      `The metadata schemas cannot be read from ${dir}: ${(error as Error).message}.`,
    );
  }
  const sources: SchemaSource[] = names.map((name) => {
    const file = path.join(dir, name);
    try {
      return { schema: JSON.parse(readFileSync(file, "utf8")) as unknown, source: file };
    } catch (error) {
      throw new Error(
        `The metadata schema in ${file} is not valid JSON: ${(error as Error).message}.`,
      );
    }
  });
  return createMetadataRegistry(sources);
}
