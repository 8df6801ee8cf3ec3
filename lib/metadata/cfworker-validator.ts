// An rjsf validator that compiles no code. @rjsf/validator-ajv8 turns every schema into a
// function with `new Function`, which the pages' Content-Security-Policy (no 'unsafe-eval', see
// lib/security/csp.ts) refuses, so every field reported "This value is not valid."
// @cfworker/json-schema interprets the schema instead; cfworker-errors.ts words its findings the
// way Ajv does, so rjsf and our transformErrors see no difference.
import {
  dereference,
  format,
  Validator,
  type OutputUnit,
  type Schema,
} from "@cfworker/json-schema";
import {
  createErrorHandler,
  getDefaultFormState,
  ROOT_SCHEMA_PREFIX,
  toErrorSchema,
  unwrapErrorHandler,
  validationDataMerge,
  withIdRefPrefix,
  type CustomValidator,
  type ErrorSchema,
  type ErrorTransformer,
  type FormContextType,
  type RJSFSchema,
  type StrictRJSFSchema,
  type UiSchema,
  type ValidationData,
  type ValidatorType,
} from "@rjsf/utils";
import { fullFormats } from "ajv-formats/dist/formats";
import { toRjsfErrors } from "./cfworker-errors";
import type { CompiledSchema } from "./cfworker-keywords";

type Compiled = CompiledSchema & { validator: Validator };

// The archive validates with ajv-formats (packages/contract/src/metadata/create-registry.ts).
// Where its formats and cfworker's disagree (cfworker takes "jane@example", refuses a "+0100" offset), the
// form would pass what the archive then refuses, or the reverse; so cfworker checks the formats it
// knows with ajv-formats' definitions, which are plain regular expressions and functions.
// cfworker keeps its formats in one shared table and offers no per-validator option.
let formatsAligned = false;
function alignFormatsWithArchive() {
  if (formatsAligned) return;
  formatsAligned = true;
  const definitions = fullFormats as Record<string, unknown>;
  for (const name of Object.keys(format)) {
    const check = stringCheck(definitions[name]);
    if (check) format[name] = check;
  }
}

function stringCheck(definition: unknown): ((value: string) => boolean) | undefined {
  if (definition instanceof RegExp) return (value) => definition.test(value);
  if (typeof definition === "function") return (value) => Boolean(definition(value));
  if (definition !== null && typeof definition === "object" && "validate" in definition) {
    const { type = "string", async } = definition as { type?: string; async?: boolean };
    return type === "string" && !async ? stringCheck(definition.validate) : undefined;
  }
  return undefined;
}

// What the archive will receive: the data as JSON, where an empty field (undefined) is absent,
// an empty list item (undefined) is null and there is always a value (cfworker refuses undefined).
function asSent(data: unknown): unknown {
  return data === undefined ? null : (JSON.parse(JSON.stringify(data)) as unknown);
}

function compile(schema: object, rootSchema?: object): Compiled {
  alignFormatsWithArchive();
  // Clones: cfworker annotates the schema objects it is given, and rjsf's must stay as they are.
  const root = structuredClone(schema) as Schema;
  const validator = new Validator(root, "7", false);
  if (rootSchema) validator.addSchema(structuredClone(rootSchema) as Schema, ROOT_SCHEMA_PREFIX);
  return { validator, root, lookup: dereference(root) };
}

// rjsf's ValidatorType over @cfworker/json-schema (draft-07, every error, Ajv's error vocabulary).
export class CfworkerValidator<
  T = unknown,
  S extends StrictRJSFSchema = RJSFSchema,
  F extends FormContextType = FormContextType,
> implements ValidatorType<T, S, F> {
  // One compiled validator per schema object (rjsf and formSchemaOf hand out the same objects).
  private compiled = new WeakMap<object, Compiled>();
  // isValid's: per schema, per root schema its $refs point into.
  private compiledInRoot = new WeakMap<object, WeakMap<object, Compiled>>();

  private compiledFor(schema: S): Compiled {
    let compiled = this.compiled.get(schema);
    if (!compiled) {
      compiled = compile(schema);
      this.compiled.set(schema, compiled);
    }
    return compiled;
  }

  private compiledInRootFor(schema: S, rootSchema: S): Compiled {
    if (schema === rootSchema) return this.compiledFor(schema);
    let byRoot = this.compiledInRoot.get(schema);
    if (!byRoot) {
      byRoot = new WeakMap();
      this.compiledInRoot.set(schema, byRoot);
    }
    let compiled = byRoot.get(rootSchema);
    if (!compiled) {
      // As validator-ajv8 does: "#/definitions/x" in a subschema means the root schema's.
      compiled = compile(withIdRefPrefix<S>(schema) as S, rootSchema);
      byRoot.set(rootSchema, compiled);
    }
    return compiled;
  }

  private run(schema: S, formData: T | undefined) {
    const instance = asSent(formData);
    try {
      const compiled = this.compiledFor(schema);
      return { compiled, instance, units: compiled.validator.validate(instance).errors };
    } catch (error) {
      // cfworker throws for a broken schema (an unresolvable $ref, a duplicate $id).
      return {
        instance,
        validationError: error instanceof Error ? error : new Error(String(error)),
      };
    }
  }

  // cfworker's own output units, untranslated (rjsf's playground shows these).
  rawValidation<Result = OutputUnit>(
    schema: S,
    formData?: T,
  ): { errors?: Result[]; validationError?: Error } {
    const { units, validationError } = this.run(schema, formData);
    return { errors: units && units.length > 0 ? (units as Result[]) : undefined, validationError };
  }

  // The errors as rjsf shows them, after transformErrors and customValidate, like validator-ajv8.
  validateFormData(
    formData: T | undefined,
    schema: S,
    customValidate?: CustomValidator<T, S, F>,
    transformErrors?: ErrorTransformer<T, S, F>,
    uiSchema?: UiSchema<T, S, F>,
  ): ValidationData<T> {
    const { compiled, instance, units, validationError } = this.run(schema, formData);
    let errors =
      compiled && units ? toRjsfErrors(units, compiled, instance, uiSchema as UiSchema) : [];
    if (validationError) errors = [...errors, { stack: validationError.message }];
    if (typeof transformErrors === "function") errors = transformErrors(errors, uiSchema);
    let errorSchema: ErrorSchema<T> = toErrorSchema<T>(errors);
    if (validationError) {
      errorSchema = {
        ...errorSchema,
        $schema: { __errors: [validationError.message] },
      } as ErrorSchema<T>;
    }
    if (typeof customValidate !== "function") return { errors, errorSchema };
    // customValidate is promised every field, the empty ones included.
    const withDefaults = getDefaultFormState<T, S, F>(this, schema, formData, schema, true) as T;
    const handler = customValidate(
      withDefaults,
      createErrorHandler<T>(withDefaults),
      uiSchema,
      errorSchema,
    );
    return validationDataMerge<T>({ errors, errorSchema }, unwrapErrorHandler<T>(handler));
  }

  // Whether `formData` fits `schema` (rjsf asks this to pick anyOf/oneOf options and if/then
  // branches); false for a schema cfworker cannot use.
  isValid(schema: S, formData: T | undefined, rootSchema: S): boolean {
    try {
      return this.compiledInRootFor(schema, rootSchema).validator.validate(asSent(formData)).valid;
    } catch (error) {
      console.warn("The schema could not be used for validation:", error);
      return false;
    }
  }

  // Forgets every compiled schema (for tests).
  reset() {
    this.compiled = new WeakMap();
    this.compiledInRoot = new WeakMap();
  }
}

// The validator the metadata forms use.
export const cfworkerValidator = new CfworkerValidator();
