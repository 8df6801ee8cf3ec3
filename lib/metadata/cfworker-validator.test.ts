// What the metadata forms show with the cfworker validator, on the three schemas the archive ships,
// and proof that it needs no code compiled at run time (the pages' CSP has no 'unsafe-eval').
import { customizeValidator } from "@rjsf/validator-ajv8";
import { describe, expect, it } from "vitest";
import { CfworkerValidator, cfworkerValidator } from "./cfworker-validator";
import { DC, PREMIS, RM, schemaOf, shown } from "./testing/shipped-schemas";
import { validateMetadataFields } from "./validate";

const validRecord = {
  record: {
    title: "Personnel file J. Smith",
    reference: "HR-2024-0153",
    classification: { code: "4.2.1" },
  },
  retention: { policy: "legal", trigger: "closure", periodYears: 7, disposal: "destroy" },
  dates: { created: "2024-03-15", closed: "2024-12-31" },
  security: { level: "confidential", accessRestrictions: ["personal data"] },
  agents: [{ role: "creator", name: "HR department" }],
};
const validPremis = {
  format: { name: "PDF/A", version: "1b", puid: "fmt/354" },
  fixity: [{ algorithm: "SHA-256", digest: "9f86d081884c7d65" }],
  size: 1024,
  creatingApplication: { name: "Writer", dateCreated: "2024-03-15T10:00:00Z" },
  source: "https://example.org/record/1",
  contact: "archivist@example.org",
};

describe("cfworkerValidator on the three metadata schemas", () => {
  it("finds nothing wrong with valid metadata", () => {
    const valid: Array<[string, unknown]> = [
      [
        DC,
        {
          title: "Minutes",
          creator: ["Smith, Jane"],
          type: "Text",
          date: "2024-03",
          language: ["en", "fr-BE"],
        },
      ],
      [RM, validRecord],
      [PREMIS, validPremis],
    ];
    for (const [uri, data] of valid) {
      expect(shown(uri, data)).toEqual([]);
      expect(cfworkerValidator.isValid(schemaOf(uri), data, schemaOf(uri))).toBe(true);
    }
  });

  it("Dublin Core: a cleared title, an empty list item, a wrong type and a stray field", () => {
    expect(
      shown(DC, { title: undefined, creator: ["Smith, Jane", ""], type: "Book", colour: "red" }),
    ).toEqual([
      { property: "title", message: "This field is required." },
      { property: ".creator.1", message: "This field may not be empty." },
      {
        property: ".type",
        message: expect.stringMatching(/^Choose one of: Collection, Dataset, .*, Text\.$/),
      },
      { property: "", message: '"colour" is not a field of this schema.' },
    ]);
    expect(shown(DC, { title: "T", language: ["english"] })).toEqual([
      {
        property: ".language.0",
        message: "Enter a value in the expected form, e.g. en, nl, fr-BE.",
      },
    ]);
  });

  it("records management: nested required fields, enums, integer range, dates and list items", () => {
    const data = {
      record: { title: "T", reference: "R", classification: {} },
      retention: { policy: "forever", periodYears: 201, disposal: "destroy" },
      dates: { created: "2024-02-30" },
      agents: [
        { role: "creator", name: "A" },
        { role: "boss", name: "" },
      ],
    };
    expect(shown(RM, data)).toEqual([
      { property: ".record.classification.code", message: "This field is required." },
      { property: ".retention.trigger", message: "This field is required." },
      {
        property: ".retention.policy",
        message: "Choose one of: legal, regulatory, contractual, business, historical.",
      },
      { property: ".retention.periodYears", message: "Enter a number of at most 200." },
      { property: ".dates.created", message: "Enter a date as YYYY-MM-DD." },
      {
        property: ".agents.1.role",
        message: "Choose one of: creator, owner, custodian, approver, contributor.",
      },
      { property: ".agents.1.name", message: "This field may not be empty." },
    ]);
  });

  it("records management: the errors sit at their fields and read as the summary names them", () => {
    const { problems, errorSchema } = validateMetadataFields(schemaOf(RM), {
      ...validRecord,
      retention: { policy: "legal", periodYears: 2.5, disposal: "destroy" },
    });
    expect(problems).toEqual([
      "Retention › Trigger: This field is required.",
      "Retention › Period (years): Enter a whole number.",
    ]);
    expect(errorSchema).toEqual({
      retention: {
        trigger: { __errors: ["This field is required."] },
        periodYears: { __errors: ["Enter a whole number."] },
      },
    });
  });

  it("PREMIS-lite: missing object, negative size, bad date-time, URI, e-mail, digest and algorithm", () => {
    expect(shown(PREMIS, {})).toEqual([{ property: "format", message: "This field is required." }]);
    const data = {
      ...validPremis,
      fixity: [{ algorithm: "MD6", digest: "xyz" }],
      size: -1,
      creatingApplication: { dateCreated: "yesterday" },
      source: "example.org",
      contact: "nobody",
    };
    expect(shown(PREMIS, data)).toEqual([
      { property: ".fixity.0.algorithm", message: "Choose one of: MD5, SHA-1, SHA-256, SHA-512." },
      {
        property: ".fixity.0.digest",
        message: expect.stringMatching(/^Enter a value in the expected form, e\.g\. 9f86/),
      },
      { property: ".size", message: "Enter a number of at least 0." },
      { property: ".creatingApplication.dateCreated", message: "Enter a date and a time." },
      { property: ".source", message: "Enter a full URI, e.g. https://example.org/record/1." },
      { property: ".contact", message: "Enter an email address, e.g. name@example.org." },
    ]);
  });
});

describe("compiling no code", () => {
  // Runs `call` while Function and eval throw, as they do under a CSP without 'unsafe-eval'.
  function withoutCodeCompilation<R>(call: () => R): R {
    const saved = { Function: globalThis.Function, eval: globalThis.eval };
    // A plain function, not an arrow: `new Function(...)` must reach the throw.
    function refuse(): never {
      throw new EvalError("Refused to evaluate a string as JavaScript (test stub).");
    }
    Object.assign(globalThis, { Function: refuse, eval: refuse });
    try {
      return call();
    } finally {
      Object.assign(globalThis, saved);
    }
  }

  it("validates every schema with Function and eval refusing, where validator-ajv8 fails", () => {
    const data = { record: { title: "T", reference: "R" }, retention: { policy: "legal" } };
    // Fresh validators and schema objects: nothing compiled for them yet. (Ajv logs the code it
    // could not compile unless told not to.)
    const ajv = customizeValidator({ ajvOptionsOverrides: { logger: false } });
    const ajvResult = withoutCodeCompilation(() =>
      ajv.validateFormData(data, structuredClone(schemaOf(RM))),
    );
    expect(ajvResult.errors).toEqual([{ stack: expect.stringContaining("test stub") }]);

    const fresh = new CfworkerValidator();
    const result = withoutCodeCompilation(() =>
      fresh.validateFormData(data, structuredClone(schemaOf(RM))),
    );
    expect(result.errors.map((e) => e.property)).toEqual([
      ".retention.trigger",
      ".retention.disposal",
    ]);
    for (const uri of [DC, PREMIS]) {
      const schema = structuredClone(schemaOf(uri));
      const valid = uri === DC ? { title: "T", date: "2024" } : validPremis;
      expect(withoutCodeCompilation(() => fresh.isValid(schema, valid, schema))).toBe(true);
      expect(withoutCodeCompilation(() => fresh.validateFormData({}, schema).errors)).toHaveLength(
        1,
      );
    }
    expect(globalThis.Function).toBe(Function.prototype.constructor);
  });
});
