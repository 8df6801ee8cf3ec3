// The metadata schemas the archive ships, and what the form shows for them with the cfworker
// validator: shared by the validator's tests.
import { SHARED_METADATA_SCHEMAS_DIR } from "@scriptorium/contract/config";
import { cfworkerValidator } from "../cfworker-validator";
import { formSchemaOf } from "../entry";
import { listSchemas } from "../registry";
import { plainErrors } from "../validate";

export const DIR = SHARED_METADATA_SCHEMAS_DIR;
export const schemas = listSchemas(DIR);
export const DC = "http://purl.org/dc/elements/1.1/";
export const RM = "urn:scriptorium:schema:records-management:1.0";
export const PREMIS = "urn:scriptorium:schema:premis-lite:1.0";
export const schemaOf = (uri: string) => formSchemaOf(schemas.find((s) => s.uri === uri)!);

// What the form shows: each error's field (rjsf property) and its reworded message.
export function shown(uri: string, data: unknown) {
  const schema = schemaOf(uri);
  const { errors } = cfworkerValidator.validateFormData(
    data,
    schema,
    undefined,
    plainErrors(schema),
  );
  return errors.map(({ property, message }) => ({ property, message }));
}
