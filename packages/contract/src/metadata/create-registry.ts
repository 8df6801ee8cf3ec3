// The metadata schema registry over already-loaded JSON Schemas (draft-07). No Node APIs here:
// the dashboard builds the same registry in the browser from the same files.
import Ajv from "ajv";
import type { ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { parseMetadataBytes, type ParsedMetadataFile } from "./parse-metadata-file";
import { describeValidationErrors } from "./validation-messages";

export type JsonSchema = { $id: string; title?: string; description?: string } & Record<
  string,
  unknown
>;

export interface MetadataSchemaSummary {
  uri: string;
  title: string;
  description: string;
}

export interface MetadataRegistry {
  list(): MetadataSchemaSummary[];
  get(uri: string): JsonSchema | undefined;
  has(uri: string): boolean;
  /** Every problem as a sentence naming the field path; empty when the data is valid. */
  validate(uri: string, data: unknown): string[];
  /** Parses a metadata file (JSON, or XML for Dublin Core); call validate on the data afterwards. */
  parseMetadataFile(uri: string, bytes: Uint8Array, fileName?: string): ParsedMetadataFile;
}

export interface SchemaSource {
  schema: unknown;
  /** Where the schema came from (a file name), used in error messages. */
  source: string;
}

const DRAFT_07 = /^https?:\/\/json-schema\.org\/draft-07\/schema#?$/;

// Compiles every schema once; throws an Error naming the source of the first bad schema.
export function createMetadataRegistry(sources: readonly SchemaSource[]): MetadataRegistry {
  // strictSchema catches misspelt keywords in operator files; type strictness would refuse valid draft-07.
  const ajv = new Ajv({
    allErrors: true,
    verbose: true,
    strictSchema: true,
    strictTypes: false,
    strictTuples: false,
  });
  addFormats(ajv);
  const schemas = new Map<string, JsonSchema>();
  const origin = new Map<string, string>();
  for (const { schema, source } of sources) {
    const checked = checkShape(schema, source);
    const previous = origin.get(checked.$id);
    if (previous)
      throw new Error(
        `The metadata schema in ${source} has the same $id as ${previous}: ${checked.$id}.`,
      );
    try {
      ajv.addSchema(checked, checked.$id);
    } catch (error) {
      throw new Error(
        `The metadata schema in ${source} is invalid: ${(error as Error).message.replace(/^strict mode: /, "")}.`,
      );
    }
    schemas.set(checked.$id, checked);
    origin.set(checked.$id, source);
  }
  const validators = new Map<string, ValidateFunction>();
  for (const [uri, source] of origin) {
    try {
      validators.set(uri, ajv.getSchema(uri) as ValidateFunction);
    } catch (error) {
      throw new Error(
        `The metadata schema in ${source} is invalid: ${(error as Error).message.replace(/^strict mode: /, "")}.`,
      );
    }
  }

  const unknown = (uri: string) => `The metadata schema ${uri} is not registered in the archive.`;
  return {
    list: () =>
      [...schemas.values()].map((s) => ({
        uri: s.$id,
        title: s.title ?? s.$id,
        description: s.description ?? "",
      })),
    get: (uri) => schemas.get(uri),
    has: (uri) => schemas.has(uri),
    validate(uri, data) {
      const validator = validators.get(uri);
      if (!validator) return [unknown(uri)];
      return validator(data) ? [] : describeValidationErrors(validator.errors);
    },
    parseMetadataFile(uri, bytes, fileName) {
      if (!schemas.has(uri)) return { error: unknown(uri) };
      return parseMetadataBytes(uri, bytes, fileName);
    },
  };
}

function checkShape(schema: unknown, source: string): JsonSchema {
  if (schema === null || typeof schema !== "object" || Array.isArray(schema)) {
    throw new Error(`The metadata schema in ${source} must be a JSON object.`);
  }
  const s = schema as Record<string, unknown>;
  if (typeof s.$id !== "string" || s.$id === "") {
    throw new Error(
      `The metadata schema in ${source} needs an "$id": the schema URI callers name.`,
    );
  }
  if (s.$schema !== undefined && !DRAFT_07.test(String(s.$schema))) {
    throw new Error(
      `The metadata schema in ${source} must use JSON Schema draft-07, not ${String(s.$schema)}.`,
    );
  }
  return s as JsonSchema;
}
