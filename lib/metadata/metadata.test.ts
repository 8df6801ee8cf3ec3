import { describe, expect, it } from "vitest";
import { SHARED_METADATA_SCHEMAS_DIR } from "@scriptorium/contract/config";
import { IngestDocumentRequest } from "@scriptorium/contract/ingest/schemas";
import {
  emptyMetadataEntry,
  formSchemaOf,
  schemasForProfile,
  toMetadataObject,
  type MetadataEntryDraft,
} from "./entry";
import { readMetadataFile } from "./metadata-file";
import { listSchemas } from "./registry";
import { metadataEntryProblems, validateMetadataFields } from "./validate";

const DIR = SHARED_METADATA_SCHEMAS_DIR;
const schemas = listSchemas(DIR);
const byUri = (uri: string) => schemas.find((s) => s.uri === uri)!;
const DC = "http://purl.org/dc/elements/1.1/";
const RM = "urn:scriptorium:schema:records-management:1.0";
const bytes = (s: string) => new TextEncoder().encode(s);

describe("listSchemas", () => {
  it("offers every schema of the archive's registry with its title, description and JSON Schema", () => {
    expect(schemas.map((s) => s.uri)).toEqual([DC, "urn:scriptorium:schema:premis-lite:1.0", RM]);
    expect(byUri(DC)).toMatchObject({ title: "Dublin Core", schema: { $id: DC, type: "object" } });
    expect(byUri(RM).description).toMatch(/^Describes a business record/);
  });

  it("stops with a sentence naming the folder when the schemas cannot be read", () => {
    expect(() => listSchemas("/nonexistent/ingestui")).toThrow(
      /cannot be read from \/nonexistent\/ingestui/,
    );
  });
});

describe("schemasForProfile", () => {
  it("keeps the profile's order and offers everything when the profile lists nothing", () => {
    expect(schemasForProfile(schemas, [RM, DC]).map((s) => s.uri)).toEqual([RM, DC]);
    expect(schemasForProfile(schemas, undefined)).toHaveLength(schemas.length);
  });
});

describe("validateMetadataFields", () => {
  it("names each field by its titles and says what to do", () => {
    const { problems, errorSchema } = validateMetadataFields(formSchemaOf(byUri(RM)), {
      record: { title: "", reference: "HR-1" },
      retention: { policy: "legal", trigger: "closure", periodYears: 1.5 },
      dates: { created: "2024-13-01" },
      agents: [{ role: "creator" }],
    });
    expect(problems).toEqual([
      "Record › Title: This field may not be empty.",
      "Retention › Disposal: This field is required.",
      "Retention › Period (years): Enter a whole number.",
      "Dates › Created: Enter a date as YYYY-MM-DD.",
      "Agents › item 1 › Name: This field is required.",
    ]);
    expect(errorSchema).toMatchObject({
      retention: { disposal: { __errors: ["This field is required."] } },
    });
  });

  it("suggests the schema's examples when a value does not match its pattern", () => {
    const { problems } = validateMetadataFields(formSchemaOf(byUri(DC)), {
      title: "T",
      date: "20",
    });
    expect(problems).toEqual([
      "Date: Enter a value in the expected form, e.g. 2024, 2024-03, 2024-03-15.",
    ]);
  });

  it("finds nothing wrong with valid metadata", () => {
    expect(
      validateMetadataFields(formSchemaOf(byUri(DC)), { title: "Minutes", language: ["en"] })
        .problems,
    ).toEqual([]);
  });
});

describe("metadata entries", () => {
  it("become MetadataObjects the ingest contract accepts, in either form", () => {
    const fields: MetadataEntryDraft = { ...emptyMetadataEntry(DC), fields: { title: "Minutes" } };
    const file: MetadataEntryDraft = {
      ...emptyMetadataEntry(DC),
      mode: "file",
      file: readMetadataFile(byUri(DC), "dc.json", bytes('{"title":"Minutes"}')),
    };
    const metadatas = [toMetadataObject(fields)!, toMetadataObject(file)!];
    const body = {
      profile: "default",
      metadatas,
      document: { type: "S3", content: "k", name: "a.pdf" },
    };
    expect(IngestDocumentRequest.safeParse(body).success).toBe(true);
    expect(metadatas[1]).toEqual({
      schema: DC,
      file: { type: "BINARY", content: btoa('{"title":"Minutes"}'), name: "dc.json" },
    });
  });

  it("are incomplete without a schema or without the attached file", () => {
    expect(toMetadataObject(emptyMetadataEntry())).toBeNull();
    expect(toMetadataObject({ ...emptyMetadataEntry(DC), mode: "file" })).toBeNull();
    expect(metadataEntryProblems(emptyMetadataEntry(), schemas)).toEqual([
      "Choose a metadata schema.",
    ]);
    expect(metadataEntryProblems({ ...emptyMetadataEntry(DC), mode: "file" }, schemas)).toEqual([
      "Attach a metadata file, or fill in the fields instead.",
    ]);
    expect(metadataEntryProblems(emptyMetadataEntry(DC), schemas)).toEqual([
      "Title: This field is required.",
    ]);
  });
});

describe("readMetadataFile", () => {
  it("reads Dublin Core XML and reports a file that does not fit its schema", () => {
    const xml = `<oai_dc:dc xmlns:oai_dc="http://www.openarchives.org/OAI/2.0/oai_dc/" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Minutes</dc:title></oai_dc:dc>`;
    expect(readMetadataFile(byUri(DC), "dc.xml", bytes(xml)).problems).toEqual([]);
    const wrong = readMetadataFile(
      byUri(RM),
      "rm.json",
      bytes('{"record":{"title":"T","reference":"R"}}'),
    );
    expect(wrong.problems).toEqual([
      "rm.json does not fit Records management: Retention: This field is required.",
    ]);
    expect(readMetadataFile(byUri(RM), "rm.xml", bytes("<x/>")).problems[0]).toMatch(
      /takes JSON metadata files only/,
    );
  });
});

describe("uiSchemaFor", () => {
  it("gives long free text a textarea and hides the form's own submit button", async () => {
    const { uiSchemaFor } = await import("./ui-schema");
    const ui = uiSchemaFor(formSchemaOf(byUri(DC)));
    expect(ui.description).toEqual({ "ui:widget": "textarea" });
    expect(ui.rights).toEqual({ "ui:widget": "textarea" });
    expect(ui.title).toBeUndefined();
    expect(ui["ui:submitButtonOptions"]).toEqual({ norender: true });
  });
});
