// The browser's check of a spreadsheet row's metadata: the metadata forms' own validator, so a row
// fails here exactly where the wizard's form would.
import { formSchemaOf, type MetadataSchemaOption } from "@/lib/metadata/entry";
import { validateMetadataFields } from "@/lib/metadata/validate";

export function metadataValidator(option: MetadataSchemaOption) {
  const schema = formSchemaOf(option);
  return (metadata: Record<string, unknown>): string[] =>
    validateMetadataFields(schema, metadata).problems;
}
