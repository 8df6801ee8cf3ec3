import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { loadIngestProfiles } from "../profiles/ingest-profiles";
import { createMetadataRegistry, DUBLIN_CORE_URI, loadMetadataRegistry } from "./registry";

const configDir = fileURLToPath(new URL("../../config", import.meta.url));
const registry = loadMetadataRegistry(path.join(configDir, "metadata-schemas"));
const RM = "urn:scriptorium:schema:records-management:1.0";
const PREMIS = "urn:scriptorium:schema:premis-lite:1.0";
const tmpRoot = mkdtempSync("/tmp/pure-metadata-");
afterAll(() => rmSync(tmpRoot, { recursive: true, force: true }));

const record = {
  record: {
    title: "Contract with Acme",
    reference: "LEG-2024-0007",
    classification: { code: "3.1", label: "Contracts" },
  },
  retention: {
    policy: "contractual",
    trigger: "end-of-contract",
    periodYears: 10,
    disposal: "review",
  },
  dates: { created: "2024-01-15", closed: "2024-12-31" },
  security: { level: "confidential", accessRestrictions: ["legal department only"] },
  agents: [{ role: "owner", name: "Legal department" }],
};

describe("the shipped registry", () => {
  it("lists the three schemas with their titles", () => {
    const uris = registry.list().map((s) => s.uri);
    expect(uris).toEqual(expect.arrayContaining([DUBLIN_CORE_URI, RM, PREMIS]));
    expect(registry.list().find((s) => s.uri === RM)?.title).toBe("Records management");
    expect(registry.has(RM)).toBe(true);
    expect(registry.get(DUBLIN_CORE_URI)?.required).toEqual(["title"]);
  });

  it("describes all 15 Dublin Core elements", () => {
    const properties = registry.get(DUBLIN_CORE_URI)?.properties as Record<
      string,
      { description?: string }
    >;
    expect(Object.keys(properties).sort()).toEqual(
      [
        "contributor",
        "coverage",
        "creator",
        "date",
        "description",
        "format",
        "identifier",
        "language",
        "publisher",
        "relation",
        "rights",
        "source",
        "subject",
        "title",
        "type",
      ].sort(),
    );
    for (const element of Object.values(properties)) expect(element.description).toBeTruthy();
  });

  it("knows every schema the shipped profiles name", () => {
    for (const profile of loadIngestProfiles(configDir).list()) {
      for (const uri of profile.metadataSchemas ?? [])
        expect(registry.has(uri), `${profile.id}: ${uri}`).toBe(true);
    }
  });
});

describe("validate", () => {
  it("accepts valid Dublin Core", () => {
    const dc = {
      title: "Annual report 2023",
      creator: ["Finance"],
      date: "2024-03",
      type: "Text",
      language: ["en", "nl-BE"],
    };
    expect(registry.validate(DUBLIN_CORE_URI, dc)).toEqual([]);
  });

  it("names each Dublin Core problem", () => {
    const errors = registry.validate(DUBLIN_CORE_URI, {
      creator: "Finance",
      date: "15/03/2024",
      type: "Book",
      colour: 1,
    });
    expect(errors).toEqual(
      expect.arrayContaining([
        "title is required",
        "creator must be a list",
        'date must look like "2024", "2024-03" or "2024-03-15"',
        expect.stringMatching(/^type must be one of: Collection, Dataset, .*Text$/),
        "colour is not a field of this schema",
      ]),
    );
    expect(errors).toHaveLength(5);
  });

  it("accepts a valid record and refuses a period past 200 years", () => {
    expect(registry.validate(RM, record)).toEqual([]);
    const tooLong = { ...record, retention: { ...record.retention, periodYears: 250 } };
    expect(registry.validate(RM, tooLong)).toEqual(["retention.periodYears must be at most 200"]);
  });

  it("names nested paths in records-management errors", () => {
    const errors = registry.validate(RM, {
      record: { title: "" },
      retention: { policy: "legal", trigger: "closure", disposal: "burn", periodYears: 2.5 },
      dates: { created: "2024-13-01" },
      agents: [{ role: "owner", name: "A" }, { role: "janitor" }],
    });
    expect(errors).toEqual(
      expect.arrayContaining([
        "record.reference is required",
        "record.title must not be empty",
        "retention.disposal must be one of: destroy, review, transfer",
        "retention.periodYears must be an integer",
        "dates.created must be a date (YYYY-MM-DD)",
        "agents[1].name is required",
        expect.stringMatching(/^agents\[1\]\.role must be one of: creator/),
      ]),
    );
  });

  it("validates the PREMIS-lite schema's formats", () => {
    const tech = {
      format: { name: "PDF/A-1b", puid: "fmt/354" },
      fixity: [{ algorithm: "SHA-256", digest: "ab12" }],
      creatingApplication: { dateCreated: "2024-03-15T10:30:00Z" },
      source: "https://example.org/a.pdf",
      contact: "records@example.org",
    };
    expect(registry.validate(PREMIS, tech)).toEqual([]);
    const errors = registry.validate(PREMIS, {
      format: { name: "x", puid: "354" },
      creatingApplication: { dateCreated: "yesterday" },
      contact: "nobody",
      size: -1,
    });
    expect(errors).toEqual(
      expect.arrayContaining([
        'format.puid must look like "fmt/354" or "x-fmt/111"',
        expect.stringMatching(/^creatingApplication\.dateCreated must be a date and time/),
        "contact must be an e-mail address",
        "size must be at least 0",
      ]),
    );
  });

  it("says when the metadata is not an object or the schema is unknown", () => {
    expect(registry.validate(RM, [])).toEqual(["The metadata must be an object"]);
    expect(registry.validate("urn:nope", {})).toEqual([
      "The metadata schema urn:nope is not registered in the archive.",
    ]);
  });
});

describe("loading schemas", () => {
  function dirWith(files: Record<string, unknown>): string {
    const dir = mkdtempSync(path.join(tmpRoot, "schemas-"));
    for (const [name, content] of Object.entries(files)) {
      writeFileSync(
        path.join(dir, name),
        typeof content === "string" ? content : JSON.stringify(content),
      );
    }
    return dir;
  }

  it("names the file of a schema without $id, with a misspelt keyword, or with another draft", () => {
    expect(() => loadMetadataRegistry(dirWith({ "a.schema.json": { type: "object" } }))).toThrow(
      /a\.schema\.json needs an "\$id"/,
    );
    expect(() =>
      loadMetadataRegistry(
        dirWith({ "b.schema.json": { $id: "urn:x:b", type: "object", requierd: ["x"] } }),
      ),
    ).toThrow(/b\.schema\.json is invalid: .*requierd/);
    expect(() =>
      loadMetadataRegistry(
        dirWith({
          "c.schema.json": {
            $id: "urn:x:c",
            $schema: "https://json-schema.org/draft/2020-12/schema",
          },
        }),
      ),
    ).toThrow(/c\.schema\.json must use JSON Schema draft-07/);
    expect(() => loadMetadataRegistry(dirWith({ "d.schema.json": "{" }))).toThrow(
      /d\.schema\.json is not valid JSON/,
    );
  });

  it("refuses two files with the same $id and ignores other files", () => {
    const same = { $id: "urn:x:same", type: "object" };
    expect(() =>
      loadMetadataRegistry(dirWith({ "a.schema.json": same, "b.schema.json": same })),
    ).toThrow(/b\.schema\.json has the same \$id as .*a\.schema\.json/);
    const reg = loadMetadataRegistry(
      dirWith({ "a.schema.json": same, "notes.json": "not a schema" }),
    );
    expect(reg.list()).toEqual([{ uri: "urn:x:same", title: "urn:x:same", description: "" }]);
  });

  it("resolves $ref between registered schemas", () => {
    const reg = createMetadataRegistry([
      {
        source: "base",
        schema: {
          $id: "urn:x:base",
          type: "object",
          required: ["id"],
          properties: { id: { type: "string" } },
        },
      },
      {
        source: "ext",
        schema: {
          $id: "urn:x:ext",
          type: "object",
          properties: { parent: { $ref: "urn:x:base" } },
        },
      },
    ]);
    expect(reg.validate("urn:x:ext", { parent: {} })).toEqual(["parent.id is required"]);
  });
});
