// Plain-words messages for the generic zod failures (missing field, wrong type, unknown value).
import { z } from "zod";

type RawIssue = { input?: unknown };

// An error map saying "<field> is required" when the field is absent, else "<field> must be <expected>".
export function typeError(field: string, expected: string) {
  return (issue: RawIssue) =>
    issue.input === undefined ? `${field} is required` : `${field} must be ${expected}`;
}

// A required string field whose messages name the field.
export function text(field: string) {
  return z.string({ error: typeError(field, "text") });
}

// A required non-empty string field whose messages name the field.
export function nonEmptyText(field: string) {
  return text(field).min(1, `${field} may not be empty`);
}

// A required enum field whose messages name the field and list the allowed values.
export function oneOf<const T extends readonly [string, ...string[]]>(field: string, values: T) {
  return z.enum(values, { error: typeError(field, `one of ${values.join(", ")}`) });
}

// A required array field whose messages name the field.
export function listOf<T extends z.ZodType>(field: string, item: T, expected = "a list") {
  return z.array(item, { error: typeError(field, expected) });
}
