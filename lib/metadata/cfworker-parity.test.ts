// The cfworker validator against the one it replaces (@rjsf/validator-ajv8) and the one the
// archive runs (create-registry.ts), and against what rjsf itself asks of a validator.
import type { RJSFSchema, ValidatorType } from "@rjsf/utils";
import ajv8Validator from "@rjsf/validator-ajv8";
import { describe, expect, it } from "vitest";
import { loadMetadataRegistry } from "@scriptorium/contract/metadata/registry";
import { CfworkerValidator, cfworkerValidator } from "./cfworker-validator";
import { DC, DIR, PREMIS, RM, schemaOf, shown } from "./testing/shipped-schemas";

describe("parity with @rjsf/validator-ajv8", () => {
  // Everything rjsf and transformErrors read: name, property, message, params, stack, title.
  const errorsOf = (validator: ValidatorType, schema: RJSFSchema, data: unknown) =>
    validator
      .validateFormData(data, schema)
      .errors.map(({ name, property, message, params, stack, title }) => ({
        name,
        property,
        message,
        params,
        stack,
        title,
      }))
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  const cases: Array<[string, unknown]> = [
    [DC, {}],
    [
      DC,
      {
        title: "",
        creator: [undefined, "x", ""],
        type: "Foo",
        date: "2024-13",
        language: ["e"],
        extra: 1,
      },
    ],
    [
      RM,
      {
        record: { title: "", reference: "R".repeat(101), classification: {} },
        retention: { policy: "x", trigger: "closure", periodYears: 1.5 },
        security: { level: 3 },
        agents: [{ role: "creator" }, {}],
      },
    ],
    [
      RM,
      {
        record: { title: "T", reference: "R", x: 1 },
        retention: { policy: "legal", trigger: "event", disposal: "keep", periodYears: -3 },
        dates: { created: "2024-13-01", closed: "2024-1-1" },
      },
    ],
    [
      PREMIS,
      {
        format: { name: "n", puid: "fmt" },
        fixity: [{ algorithm: "MD6", digest: "zz" }, { digest: "00" }],
        size: "12",
        creatingApplication: { dateCreated: "2024-01-01" },
        source: "not a uri",
        contact: "jane@example",
      },
    ],
  ];

  it("reports the same errors, with the same names, params and wording, for every schema", () => {
    for (const [uri, data] of cases) {
      const expected = errorsOf(ajv8Validator, schemaOf(uri), data);
      expect(expected.length).toBeGreaterThan(0);
      expect(errorsOf(cfworkerValidator, schemaOf(uri), data)).toEqual(expected);
    }
  });

  it("on date-times without a time zone, sides with the archive, which refuses them", () => {
    const data = {
      format: { name: "n" },
      creatingApplication: { dateCreated: "2024-03-15T10:00:00" },
    };
    const archive = loadMetadataRegistry(DIR);
    expect(archive.validate(PREMIS, data)).not.toEqual([]);
    expect(shown(PREMIS, data)).toEqual([
      { property: ".creatingApplication.dateCreated", message: "Enter a date and a time." },
    ]);
    const withZone = { ...data, creatingApplication: { dateCreated: "2024-03-15T10:00:00+0100" } };
    expect(archive.validate(PREMIS, withZone)).toEqual([]);
    expect(shown(PREMIS, withZone)).toEqual([]);
  });
});

describe("CfworkerValidator as rjsf's ValidatorType", () => {
  it("resolves a subschema's $refs in the root schema, as rjsf asks when it picks a oneOf option", () => {
    const root: RJSFSchema = {
      definitions: { code: { type: "string", pattern: "^[A-Z]+$" } },
      type: "object",
    };
    const option: RJSFSchema = {
      type: "object",
      properties: { code: { $ref: "#/definitions/code" } },
    };
    expect(cfworkerValidator.isValid(option, { code: "ABC" }, root)).toBe(true);
    expect(cfworkerValidator.isValid(option, { code: "abc" }, root)).toBe(false);
  });

  it("adds customValidate's errors at their fields and reports a broken schema instead of throwing", () => {
    const schema: RJSFSchema = { type: "object", properties: { a: { type: "string" } } };
    const { errors, errorSchema } = new CfworkerValidator<{ a?: string }>().validateFormData(
      { a: "x" },
      schema,
      (_data, handler) => {
        handler.a?.addError("Taken already.");
        return handler;
      },
    );
    expect(errorSchema.a?.__errors).toEqual(["Taken already."]);
    expect(errors.map((e) => [e.property, e.message])).toEqual([[".a", "Taken already."]]);
    const broken: RJSFSchema = {
      type: "object",
      properties: { a: { $ref: "#/definitions/missing" } },
    };
    const result = cfworkerValidator.validateFormData({ a: "x" }, broken);
    expect(result.errors).toEqual([
      { stack: expect.stringMatching(/^Unresolved \$ref "#\/definitions\/missing"/) },
    ]);
  });
});
