// One @cfworker/json-schema output unit in Ajv's terms: the keyword name, Ajv's params and Ajv's
// message. The units carry only prose and two JSON pointers; the params are read from the schema
// at the keyword's location and from the data, never parsed out of cfworker's English.
import {
  deepCompareStrict,
  encodePointer,
  validate,
  type OutputUnit,
  type Schema,
} from "@cfworker/json-schema";

export interface CompiledSchema {
  // The (cloned) schema that was validated against, and every schema it can $ref, by absolute URI.
  root: Schema;
  lookup: Record<string, Schema | boolean>;
}

type Params = Record<string, unknown>;
// An error as Ajv would report it; `path` is the instance location as segments.
export interface Found {
  keyword: string;
  params: Params;
  message: string;
  path: string[];
  schemaPath: string;
  parentSchema?: Schema;
}

const LIMIT_NOUNS: Record<string, string> = {
  minLength: "characters",
  maxLength: "characters",
  minItems: "items",
  maxItems: "items",
  minProperties: "properties",
  maxProperties: "properties",
};
const COMPARISONS: Record<string, string> = {
  minimum: ">=",
  maximum: "<=",
  exclusiveMinimum: ">",
  exclusiveMaximum: "<",
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);
const has = (value: unknown, key: string) =>
  isObject(value) && Object.prototype.hasOwnProperty.call(value, key);

// "#/agents/0/na~1me" -> ["agents", "0", "na/me"] (RFC 6901 inside a URI fragment).
export function pointerSegments(location: string): string[] {
  const pointer = location.replace(/^#/, "");
  if (pointer === "") return [];
  return pointer
    .split("/")
    .slice(1)
    .map((s) => decodeURIComponent(s).replace(/~1/g, "/").replace(/~0/g, "~"));
}

// The schema a keyword location points into, and that location as Ajv writes it: after a $ref,
// from the referenced schema ("#/definitions/name/minLength", not "#/properties/x/$ref/minLength").
function schemaAt(
  { root, lookup }: CompiledSchema,
  segments: readonly string[],
): { node: Schema | undefined; path: string } {
  let current: unknown = root;
  let path = "#";
  for (const segment of segments) {
    if (segment === "$ref" && isObject(current)) {
      current = lookup[String(current.__absolute_ref__ ?? current.$ref)];
      const uri = isObject(current) ? String(current.__absolute_uri__ ?? "") : "";
      path = `#${uri.split("#")[1] ?? ""}`;
    } else if (current !== null && typeof current === "object") {
      current = (current as Record<string, unknown>)[segment];
      path += `/${encodePointer(segment)}`;
    } else {
      return { node: undefined, path: "" };
    }
  }
  return { node: isObject(current) ? (current as Schema) : undefined, path };
}

function valueAt(instance: unknown, segments: readonly string[]): unknown {
  let current = instance;
  for (const segment of segments) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

// The properties of `value` that `node` neither lists nor matches with a pattern.
function additionalKeys(node: Schema, value: unknown): string[] {
  if (!isObject(value)) return [];
  const patterns = Object.keys(node.patternProperties ?? {}).map((p) => new RegExp(p, "u"));
  return Object.keys(value).filter(
    (key) => !has(node.properties, key) && !patterns.some((p) => p.test(key)),
  );
}

// What one unit amounts to in Ajv's terms: none (reported by the units below it), one, or several
// (cfworker's first `required` unit stands for every missing property). `next` is the unit after
// it; `covered` collects the locations whose false-schema units an error here stands for.
export function ajvErrorsOf(
  unit: OutputUnit,
  next: OutputUnit | undefined,
  compiled: CompiledSchema,
  instance: unknown,
  covered: Set<string>,
): Found[] {
  const { keyword, instanceLocation } = unit;
  const path = pointerSegments(instanceLocation);
  const at = schemaAt(compiled, pointerSegments(unit.keywordLocation).slice(0, -1));
  const node = at.node;
  const schemaPath = at.path ? `${at.path}/${keyword}` : unit.keywordLocation;
  const value = valueAt(instance, path);
  const found = (params: Params, message: string, name = keyword): Found => ({
    keyword: name,
    params,
    message,
    path,
    schemaPath,
    parentSchema: node,
  });
  const limit = node?.[keyword] as unknown;

  switch (keyword) {
    case "type": {
      const type = Array.isArray(node?.type) ? node.type.join(",") : String(node?.type);
      return [found({ type }, `must be ${type}`)];
    }
    case "enum":
      return [found({ allowedValues: node?.enum }, "must be equal to one of the allowed values")];
    case "const":
      return [found({ allowedValue: node?.const }, "must be equal to constant")];
    case "required":
      return (node?.required ?? [])
        .filter((key) => !has(value, key))
        .map((key) => found({ missingProperty: key }, `must have required property '${key}'`));
    case "dependencies":
    case "dependentRequired":
      return Object.entries((node?.[keyword] ?? {}) as Record<string, unknown>).flatMap(
        ([property, deps]) =>
          Array.isArray(deps) && has(value, property)
            ? deps
                .map(String)
                .filter((dep) => !has(value, dep))
                .map((missingProperty) =>
                  found(
                    { property, missingProperty, depsCount: deps.length, deps: deps.join(", ") },
                    `must have ${deps.length === 1 ? "property" : "properties"} ${deps.join(", ")} when property ${property} is present`,
                  ),
                )
            : [],
      );
    case "additionalProperties":
      if (node?.additionalProperties !== false) return [];
      return additionalKeys(node, value).map((additionalProperty) => {
        covered.add(`${instanceLocation}/${encodePointer(additionalProperty)}`);
        return found({ additionalProperty }, "must NOT have additional properties");
      });
    case "additionalItems": {
      if (node?.additionalItems !== false || !Array.isArray(node.items) || !Array.isArray(value))
        return [];
      const max = node.items.length;
      for (let i = max; i < value.length; i++) covered.add(`${instanceLocation}/${i}`);
      return [found({ limit: max }, `must NOT have more than ${max} items`)];
    }
    case "minLength":
    case "maxLength":
    case "minItems":
    case "maxItems":
    case "minProperties":
    case "maxProperties":
      return [
        found(
          { limit },
          `must NOT have ${keyword.startsWith("min") ? "fewer" : "more"} than ${String(limit)} ${LIMIT_NOUNS[keyword]}`,
        ),
      ];
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
      return [
        found(
          { comparison: COMPARISONS[keyword], limit },
          `must be ${COMPARISONS[keyword]} ${String(limit)}`,
        ),
      ];
    case "multipleOf":
      return [found({ multipleOf: limit }, `must be multiple of ${String(limit)}`)];
    case "pattern":
      return [found({ pattern: limit }, `must match pattern "${String(limit)}"`)];
    case "format":
      return [found({ format: limit }, `must match format "${String(limit)}"`)];
    case "uniqueItems": {
      const { i, j } = duplicatePair(value);
      return [
        found({ i, j }, `must NOT have duplicate items (items ## ${j} and ${i} are identical)`),
      ];
    }
    case "anyOf":
      return [found({}, "must match a schema in anyOf")];
    case "oneOf": {
      const passing = (node?.oneOf ?? []).flatMap((branch, i) =>
        validate(value, branch, "7", compiled.lookup).valid ? [i] : [],
      );
      return [
        found(
          { passingSchemas: passing.length > 1 ? passing : null },
          "must match exactly one schema in oneOf",
        ),
      ];
    }
    case "not":
      return [found({}, "must NOT be valid")];
    case "if": {
      const failingKeyword = next?.keywordLocation.startsWith(
        unit.keywordLocation.replace(/if$/, "then"),
      )
        ? "then"
        : "else";
      return [found({ failingKeyword }, `must match "${failingKeyword}" schema`)];
    }
    case "contains":
      return [found({ minContains: 1 }, "must contain at least 1 valid item(s)")];
    case "propertyNames": {
      const propertyName = next ? pointerSegments(next.instanceLocation).at(-1) : undefined;
      return [found({ propertyName }, "property name must be valid")];
    }
    default:
      return [
        found(
          {},
          unit.error.replace(/\.$/, "").replace(/^./, (c) => c.toLowerCase()),
        ),
      ];
  }
}

// Ajv's pair for uniqueItems: the last item that recurs later (i) and where it recurs first (j).
function duplicatePair(value: unknown): { i: number; j: number } {
  const items: unknown[] = Array.isArray(value) ? value : [];
  for (let i = items.length - 2; i >= 0; i--) {
    for (let j = i + 1; j < items.length; j++)
      if (deepCompareStrict(items[i], items[j])) return { i, j };
  }
  return { i: -1, j: -1 };
}
