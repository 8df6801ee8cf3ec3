// Presentation hints the JSON Schemas do not carry, derived from them so any operator schema works.
import type { RJSFSchema, UiSchema } from "@rjsf/utils";

// Free-text properties that usually run to sentences get a textarea instead of a one-line input.
const LONG_TEXT = new Set([
  "description",
  "abstract",
  "rights",
  "note",
  "notes",
  "summary",
  "comment",
]);

function hintsFor(schema: RJSFSchema): UiSchema {
  const ui: UiSchema = {};
  const properties = schema.properties ?? {};
  for (const [name, value] of Object.entries(properties)) {
    if (typeof value !== "object" || value === null) continue;
    const property = value as RJSFSchema;
    if (
      property.type === "string" &&
      !property.enum &&
      !property.format &&
      LONG_TEXT.has(name.toLowerCase())
    ) {
      ui[name] = { "ui:widget": "textarea" };
    } else if (property.type === "object") {
      const nested = hintsFor(property);
      if (Object.keys(nested).length > 0) ui[name] = nested;
    } else if (
      property.type === "array" &&
      typeof property.items === "object" &&
      !Array.isArray(property.items)
    ) {
      const nested = hintsFor(property.items as RJSFSchema);
      if (Object.keys(nested).length > 0) ui[name] = { items: nested };
    }
  }
  return ui;
}

// The uiSchema for a metadata form: textareas for long text; the form's own submit button hidden,
// because the wizard submits everything at once.
export function uiSchemaFor(schema: RJSFSchema): UiSchema {
  return { ...hintsFor(schema), "ui:submitButtonOptions": { norender: true } };
}
