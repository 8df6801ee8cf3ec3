// Checks filled-in metadata against its JSON Schema and says what is wrong in plain words, at the
// field (for the form) and with the field's path of titles (for a summary above the submit button).
// The errors come from cfworkerValidator (no code compiled, so it runs under the pages' CSP) with
// Ajv's keyword names and params, which plainFieldMessage reads.
import type { ErrorSchema, RJSFSchema, RJSFValidationError } from "@rjsf/utils";
import { cfworkerValidator } from "./cfworker-validator";
import { formSchemaOf, type MetadataEntryDraft, type MetadataSchemaOption } from "./entry";

type Schema = Record<string, unknown>;

function asSchema(value: unknown): Schema | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Schema)
    : undefined;
}

// ".agents.0.name" -> ["agents", "0", "name"]
function segmentsOf(property: string | undefined): string[] {
  return (property ?? "").split(".").filter((s) => s !== "");
}

// The subschema at `segments`, following properties and items; undefined where the path leaves it.
export function subschemaAt(root: Schema, segments: readonly string[]): Schema | undefined {
  let current: Schema | undefined = root;
  for (const segment of segments) {
    if (!current) return undefined;
    const properties = asSchema(current.properties);
    current =
      /^\d+$/.test(segment) && current.items
        ? asSchema(current.items)
        : asSchema(properties?.[segment]);
  }
  return current;
}

// "Retention › Trigger", "Agents › item 1 › Name": the field as the form labels it.
export function fieldPathTitle(root: Schema, segments: readonly string[]): string {
  return segments
    .map((segment, i) => {
      if (/^\d+$/.test(segment)) return `item ${Number(segment) + 1}`;
      const title = subschemaAt(root, segments.slice(0, i + 1))?.title;
      return typeof title === "string" ? title : segment;
    })
    .join(" › ");
}

const FORMATS: Record<string, string> = {
  date: "Enter a date as YYYY-MM-DD.",
  "date-time": "Enter a date and a time.",
  email: "Enter an email address, e.g. name@example.org.",
  uri: "Enter a full URI, e.g. https://example.org/record/1.",
};

// The message shown at a field for one validation error; `field` is the field's own subschema.
export function plainFieldMessage(error: RJSFValidationError, field: Schema | undefined): string {
  const params = (error.params ?? {}) as Record<string, unknown>;
  const limit = params.limit;
  switch (error.name) {
    case "required":
      return "This field is required.";
    case "minLength":
      return limit === 1
        ? "This field may not be empty."
        : `Enter at least ${String(limit)} characters.`;
    case "maxLength":
      return `Enter at most ${String(limit)} characters.`;
    case "enum": {
      const allowed = Array.isArray(params.allowedValues) ? params.allowedValues.map(String) : [];
      return allowed.length > 0
        ? `Choose one of: ${allowed.join(", ")}.`
        : "Choose one of the listed values.";
    }
    case "type":
      if (params.type === "integer") return "Enter a whole number.";
      if (params.type === "number") return "Enter a number.";
      return params.type === "string"
        ? "Enter text."
        : `This field must be ${String(params.type)}.`;
    case "format":
      return FORMATS[String(params.format)] ?? `Enter a valid ${String(params.format)}.`;
    case "pattern": {
      const examples = Array.isArray(field?.examples) ? field.examples.slice(0, 3).map(String) : [];
      return examples.length > 0
        ? `Enter a value in the expected form, e.g. ${examples.join(", ")}.`
        : "Enter a value in the expected form.";
    }
    case "minimum":
      return `Enter a number of at least ${String(limit)}.`;
    case "maximum":
      return `Enter a number of at most ${String(limit)}.`;
    case "minItems":
      return `Add at least ${String(limit)} ${limit === 1 ? "item" : "items"}.`;
    case "maxItems":
      return `Add at most ${String(limit)} ${limit === 1 ? "item" : "items"}.`;
    case "additionalProperties":
      return `"${String(params.additionalProperty)}" is not a field of this schema.`;
    default:
      return error.message
        ? `${error.message[0]?.toUpperCase()}${error.message.slice(1)}.`
        : "This value is not valid.";
  }
}

// rjsf's transformErrors hook: every error reworded with plainFieldMessage.
export function plainErrors(schema: RJSFSchema) {
  return (errors: RJSFValidationError[]): RJSFValidationError[] =>
    errors.map((error) => ({
      ...error,
      message: plainFieldMessage(error, subschemaAt(schema as Schema, segmentsOf(error.property))),
    }));
}

export interface MetadataValidation {
  // "Retention › Trigger: This field is required.", one per problem.
  problems: string[];
  // The same problems per field, as the form shows them.
  errorSchema: ErrorSchema;
}

// Validates filled-in values against `schema` (a form schema, see formSchemaOf).
export function validateMetadataFields(schema: RJSFSchema, data: unknown): MetadataValidation {
  const { errors, errorSchema } = cfworkerValidator.validateFormData(
    data,
    schema,
    undefined,
    plainErrors(schema),
  );
  const problems = errors.map((error) => {
    const segments = segmentsOf(error.property);
    return segments.length === 0
      ? (error.message ?? "")
      : `${fieldPathTitle(schema as Schema, segments)}: ${error.message}`;
  });
  return { problems, errorSchema };
}

// Everything that stops an entry from being sent, as sentences; empty when it is ready.
export function metadataEntryProblems(
  entry: MetadataEntryDraft,
  schemas: readonly MetadataSchemaOption[],
): string[] {
  const option = schemas.find((s) => s.uri === entry.schema);
  if (!option) {
    return [
      entry.schema === ""
        ? "Choose a metadata schema."
        : `The schema ${entry.schema} is not offered for this profile.`,
    ];
  }
  if (entry.mode === "file") {
    return entry.file
      ? entry.file.problems
      : ["Attach a metadata file, or fill in the fields instead."];
  }
  return validateMetadataFields(formSchemaOf(option), entry.fields).problems;
}
