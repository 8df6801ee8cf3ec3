// Which metadata schema a spreadsheet's columns fill: the profile's schema whose fields match the
// most headers (the first offered on a tie). Shared by the batch page and the terminal command.
import type { MetadataSchemaOption } from "@/lib/metadata/entry";
import { autoMap, schemaFields, type SchemaField } from "./columns";

export interface SchemaChoice {
  option: MetadataSchemaOption;
  fields: SchemaField[];
}

// The best schema for `headers` among `options`; null when there is none.
export function chooseSchema(
  options: readonly MetadataSchemaOption[],
  headers: readonly string[],
): SchemaChoice | null {
  let best: SchemaChoice | null = null;
  let bestScore = -1;
  for (const option of options) {
    const fields = schemaFields(option.schema);
    const score = autoMap(headers, fields).filter((t) => t.kind === "field").length;
    if (score > bestScore) {
      best = { option, fields };
      bestScore = score;
    }
  }
  return best;
}
