// Turns @cfworker/json-schema's output units into the errors rjsf works with, named, parametrised
// and worded as @rjsf/validator-ajv8 does it (cfworker-keywords.ts), with its property paths,
// titles and stacks, so transformErrors hooks written for Ajv, validate.ts's among them, keep working.
import type { OutputUnit } from "@cfworker/json-schema";
import { getByPath, getUiOptions, type RJSFValidationError, type UiSchema } from "@rjsf/utils";
import { ajvErrorsOf, pointerSegments, type CompiledSchema, type Found } from "./cfworker-keywords";

// Keywords that only say "something below failed": the units after them name what.
const WRAPPERS = new Set([
  "properties",
  "patternProperties",
  "items",
  "prefixItems",
  "$ref",
  "$recursiveRef",
  "allOf",
  "dependentSchemas",
  "unevaluatedProperties",
  "unevaluatedItems",
]);

function falseSchema({ instanceLocation, keywordLocation }: OutputUnit): Found {
  const path = pointerSegments(instanceLocation);
  return {
    keyword: "false schema",
    params: {},
    message: "boolean schema is false",
    path,
    schemaPath: keywordLocation,
  };
}

// The error as @rjsf/validator-ajv8 presents it: property path, title-bearing message and stack.
function presented(found: Found, uiSchema: UiSchema | undefined): RJSFValidationError {
  const { keyword: name, params, path, schemaPath, parentSchema } = found;
  let { message } = found;
  let property = path.map((segment) => `.${segment}`).join("");
  const uiTitleAt = (segments: string[]) =>
    getUiOptions(getByPath<UiSchema | undefined>(uiSchema, segments)).title;
  const named = [
    ...(typeof params.deps === "string" ? params.deps.split(", ") : []),
    params.missingProperty,
    params.property,
  ].filter((n): n is string => typeof n === "string" && n !== "");
  let title = "";
  let stack: string;
  if (named.length > 0) {
    for (const key of named) {
      const fieldTitle =
        uiTitleAt([...path, key]) ??
        (getByPath(parentSchema, ["properties", key, "title"]) as string | undefined);
      if (fieldTitle) {
        message = message.replace(`'${key}'`, `'${fieldTitle}'`);
        title = fieldTitle;
      }
    }
    stack = message;
  } else {
    title = uiTitleAt(path) ?? (typeof parentSchema?.title === "string" ? parentSchema.title : "");
    stack = title ? `'${title}' ${message}`.trim() : `${property} ${message}`.trim();
  }
  if (typeof params.missingProperty === "string") {
    property = property ? `${property}.${params.missingProperty}` : params.missingProperty;
  }
  return { name, property, message, params, stack, schemaPath, title };
}

// Ajv reports every failing branch of an anyOf/oneOf; like validator-ajv8, keep one of each message.
function withoutBranchDuplicates(errors: RJSFValidationError[]): RJSFValidationError[] {
  return errors.filter((error, index) => {
    const at = error.schemaPath?.search(/\/(anyOf|oneOf)\//) ?? -1;
    if (at < 0) return true;
    const prefix = error.schemaPath?.slice(0, at) ?? "";
    return !errors
      .slice(0, index)
      .some((e) => e.message === error.message && e.schemaPath?.startsWith(prefix));
  });
}

// cfworker's units (from a validator made with shortCircuit off) as rjsf's validation errors.
// `instance` must be the very value that was validated.
export function toRjsfErrors(
  units: readonly OutputUnit[],
  compiled: CompiledSchema,
  instance: unknown,
  uiSchema?: UiSchema,
): RJSFValidationError[] {
  const covered = new Set<string>();
  const seen = new Set<string>();
  // Ajv reports "no item matches" / "a name is invalid" alone, not why each item or name failed.
  const silenced: string[] = [];
  const found: Found[] = [];
  units.forEach((unit, i) => {
    if (silenced.some((prefix) => unit.keywordLocation.startsWith(prefix))) return;
    if (unit.keyword === "contains" || unit.keyword === "propertyNames")
      silenced.push(`${unit.keywordLocation}/`);
    // cfworker repeats some keywords once per property (required, additionalProperties, ...);
    // ajvErrorsOf reports them all from the schema and the data the first time.
    const key = `${unit.keyword} ${unit.keywordLocation} ${unit.instanceLocation}`;
    if (seen.has(key) || WRAPPERS.has(unit.keyword)) return;
    seen.add(key);
    if (unit.keyword === "false") {
      // cfworker reports `additionalProperties: false` once more per property, as a false schema
      // there; the additionalProperties error covers it.
      if (!covered.has(unit.instanceLocation)) found.push(falseSchema(unit));
      return;
    }
    found.push(...ajvErrorsOf(unit, units[i + 1], compiled, instance, covered));
  });
  return withoutBranchDuplicates(found.map((f) => presented(f, uiSchema)));
}
