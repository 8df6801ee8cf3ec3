// Turns Ajv errors into sentences a person can act on, each naming the field path
// (e.g. "retention.periodYears must be at most 200"). Pure: the dashboard uses it too.
import type { ErrorObject } from "ajv";

const typeNames: Record<string, string> = {
  string: "a string",
  integer: "an integer",
  number: "a number",
  boolean: "true or false",
  array: "a list",
  object: "an object",
  null: "null",
};

const formatNames: Record<string, string> = {
  date: "a date (YYYY-MM-DD)",
  "date-time": "a date and time (ISO 8601, e.g. 2024-03-15T10:30:00Z)",
  time: "a time (HH:MM:SS)",
  uri: "an absolute URI",
  "uri-reference": "a URI reference",
  email: "an e-mail address",
  uuid: "a UUID",
};

// Converts a JSON pointer ("/agents/0/role") into a readable path ("agents[0].role").
export function pointerToPath(pointer: string): string {
  if (pointer === "") return "";
  return pointer
    .split("/")
    .slice(1)
    .map((raw) => raw.replace(/~1/g, "/").replace(/~0/g, "~"))
    .map((segment, i) =>
      /^\d+$/.test(segment) ? `[${segment}]` : i === 0 ? segment : `.${segment}`,
    )
    .join("");
}

// One sentence per distinct problem, in the order Ajv reported them.
export function describeValidationErrors(
  errors: readonly ErrorObject[] | null | undefined,
): string[] {
  const sentences = (errors ?? []).map(describeError);
  return [...new Set(sentences)];
}

function describeError(error: ErrorObject): string {
  const at = pointerToPath(error.instancePath);
  const subject = at === "" ? "The metadata" : at;
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "required":
      return `${join(at, String(p.missingProperty))} is required`;
    case "additionalProperties":
      return `${join(at, String(p.additionalProperty))} is not a field of this schema`;
    case "type":
      return `${subject} must be ${String(p.type)
        .split(",")
        .map((t) => typeNames[t] ?? t)
        .join(" or ")}`;
    case "enum":
      return `${subject} must be one of: ${(p.allowedValues as unknown[]).map(String).join(", ")}`;
    case "const":
      return `${subject} must be ${JSON.stringify(p.allowedValue)}`;
    case "format":
      return `${subject} must be ${formatNames[String(p.format)] ?? `a valid ${String(p.format)}`}`;
    case "pattern":
      return `${subject} ${describePattern(error)}`;
    case "minimum":
      return `${subject} must be at least ${String(p.limit)}`;
    case "maximum":
      return `${subject} must be at most ${String(p.limit)}`;
    case "exclusiveMinimum":
      return `${subject} must be greater than ${String(p.limit)}`;
    case "exclusiveMaximum":
      return `${subject} must be less than ${String(p.limit)}`;
    case "minLength":
      return p.limit === 1
        ? `${subject} must not be empty`
        : `${subject} must be at least ${String(p.limit)} characters long`;
    case "maxLength":
      return `${subject} must be at most ${String(p.limit)} characters long`;
    case "minItems":
      return `${subject} must list at least ${plural(Number(p.limit), "item")}`;
    case "maxItems":
      return `${subject} must list at most ${plural(Number(p.limit), "item")}`;
    case "uniqueItems":
      return `${subject} lists the same value twice (items ${String(p.j)} and ${String(p.i)})`;
    case "multipleOf":
      return `${subject} must be a multiple of ${String(p.multipleOf)}`;
    default:
      return `${subject} ${error.message ?? "is invalid"}`;
  }
}

// A pattern means nothing to most readers; the schema's `examples` (a draft-07 keyword) show the form.
function describePattern(error: ErrorObject): string {
  const examples = (error.parentSchema as { examples?: unknown } | undefined)?.examples;
  if (Array.isArray(examples) && examples.length > 0) {
    const shown = examples.map((e) => `"${String(e)}"`);
    const last = shown.pop();
    return `must look like ${shown.length > 0 ? `${shown.join(", ")} or ${last}` : last}`;
  }
  return `must match the pattern ${String((error.params as { pattern?: unknown }).pattern)}`;
}

function join(at: string, property: string): string {
  return at === "" ? property : `${at}.${property}`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
