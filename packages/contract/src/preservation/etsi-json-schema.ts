// Validates data against ETSI's own JSON Schema (TS 119 512 v1.1.2), so tests can prove that what
// the embedded archive answers is what the standard describes, independently of our zod schemas.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Ajv from "ajv-draft-04";
import type { ErrorObject, ValidateFunction } from "ajv-draft-04";
import addFormats from "ajv-formats";
import type { PreservationOperation } from "./schemas";

const SCHEMA_FILES = [
  "19512-Preservation-API-schema-1.1.2.json",
  "oasis-dss-core-schema-2.0-cs02.json",
  "oasis-dss-metadata-schema-1.0-cs02.json",
] as const;

const ROOT_ID = "urn:scriptorium:etsi-119512-merged";

// The response definition of each operation, as ETSI's OpenAPI file names it.
export const ETSI_RESPONSE_DEFINITIONS = {
  RetrieveInfo: "pres-RetrieveInfoResponseType",
  PreservePO: "pres-PreservePOResponseType",
  RetrievePO: "pres-RetrievePOResponseType",
  DeletePO: "pres-ResponseType",
  RetrieveTrace: "pres-RetrieveTraceResponseType",
  Search: "pres-SearchResponseType",
  ValidateEvidence: "pres-ValidateEvidenceResponseType",
  UpdatePOC: "pres-UpdatePOCResponseType",
} as const satisfies Record<PreservationOperation, string>;

// The request definition of each operation, as ETSI's OpenAPI file names it.
export const ETSI_REQUEST_DEFINITIONS = {
  RetrieveInfo: "pres-RetrieveInfoType",
  PreservePO: "pres-PreservePOType",
  RetrievePO: "pres-RetrievePOType",
  DeletePO: "pres-DeletePOType",
  RetrieveTrace: "pres-RetrieveTraceType",
  Search: "pres-SearchType",
  ValidateEvidence: "pres-ValidateEvidenceType",
  UpdatePOC: "pres-UpdatePOCType",
} as const satisfies Record<PreservationOperation, string>;

type JsonObject = { [key: string]: unknown };

// The folder holding ETSI's JSON files: ETSI_SCHEMA_DIR, else the copy vendored in the repository.
export function etsiSchemaDir(): string {
  return (
    process.env.ETSI_SCHEMA_DIR || fileURLToPath(new URL("../../spec/etsi-119512", import.meta.url))
  );
}

// A colon in a fragment ("pres-POType:BinaryData") confuses URI resolution.
function localName(name: string): string {
  return name.replaceAll(":", "_");
}

// `{ "$ref": "<file>#/definitions/<name>" }` and nothing else: a pointer to a definition elsewhere.
function isAlias(definition: unknown): boolean {
  return (
    typeof definition === "object" &&
    definition !== null &&
    Object.keys(definition).length === 1 &&
    typeof (definition as JsonObject).$ref === "string"
  );
}

// Every "$ref", whichever file it points into, becomes "#/definitions/<local name>".
function localizeRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(localizeRefs);
  if (typeof node !== "object" || node === null) return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "$ref" && typeof value === "string") {
      const name = value.slice(value.lastIndexOf("/") + 1);
      out.$ref = `#/definitions/${localName(name)}`;
    } else {
      out[key] = localizeRefs(value);
    }
  }
  return out;
}

// One schema holding the definitions of all three files, real definitions preferred over aliases.
export function mergeEtsiDefinitions(dir: string): JsonObject {
  const definitions: JsonObject = {};
  for (const file of SCHEMA_FILES) {
    const json = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as {
      definitions?: JsonObject;
    };
    for (const [name, definition] of Object.entries(json.definitions ?? {})) {
      const key = localName(name);
      if (!(key in definitions) || (isAlias(definitions[key]) && !isAlias(definition))) {
        definitions[key] = localizeRefs(definition);
      }
    }
  }
  for (const [key, definition] of Object.entries(definitions)) {
    // An alias left over points at a definition no file has (dsigrw-DigestMethodType): accept any
    // object there, as XML Signature's DigestMethod is an algorithm URI plus open content.
    if (isAlias(definition) && (definition as { $ref: string }).$ref === `#/definitions/${key}`) {
      definitions[key] = { type: "object" };
    }
  }
  return { id: ROOT_ID, $schema: "http://json-schema.org/draft-04/schema#", definitions };
}

function buildAjv(dir: string): Ajv {
  // allErrors so a failing test lists every deviation at once.
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  // ETSI's JSON keeps the XSD type names as annotations.
  ajv.addVocabulary(["$xsd-type", "$xsd-full-type"]);
  ajv.addSchema(mergeEtsiDefinitions(dir));
  return ajv;
}

export type EtsiValidation = { valid: boolean; errors: string[] };

function describe(error: ErrorObject): string {
  return `${error.instancePath || "(root)"} ${error.message ?? "is not valid"}`;
}

let cache: { dir: string; ajv: Ajv; validators: Map<string, ValidateFunction> } | undefined;

// A validator for one ETSI definition (e.g. "pres-RetrieveInfoResponseType"), compiled once.
export function etsiValidator(definitionName: string): (data: unknown) => EtsiValidation {
  const dir = etsiSchemaDir();
  if (!cache || cache.dir !== dir) cache = { dir, ajv: buildAjv(dir), validators: new Map() };
  const { ajv, validators } = cache;
  const key = localName(definitionName);
  let validate = validators.get(key);
  if (!validate) {
    const found = ajv.getSchema(`${ROOT_ID}#/definitions/${key}`);
    if (!found) throw new Error(`The ETSI schema has no definition named "${definitionName}".`);
    validate = found;
    validators.set(key, validate);
  }
  const compiled = validate;
  return (data) => {
    const valid = compiled(data) as boolean;
    return { valid, errors: valid ? [] : (compiled.errors ?? []).map(describe) };
  };
}
