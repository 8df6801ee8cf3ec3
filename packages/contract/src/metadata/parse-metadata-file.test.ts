import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DUBLIN_CORE_URI, loadMetadataRegistry } from "./registry";

const registry = loadMetadataRegistry(
  fileURLToPath(new URL("../../config/metadata-schemas", import.meta.url)),
);
const RM = "urn:scriptorium:schema:records-management:1.0";
const bytes = (text: string) => new TextEncoder().encode(text);

const oaiDc = `<?xml version="1.0" encoding="UTF-8"?>
<oai_dc:dc xmlns:oai_dc="http://www.openarchives.org/OAI/2.0/oai_dc/"
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
    xsi:schemaLocation="http://www.openarchives.org/OAI/2.0/oai_dc/ http://www.openarchives.org/OAI/2.0/oai_dc.xsd">
  <dc:title xml:lang="en">Minutes of the board &amp; council</dc:title>
  <dc:creator>Secretariat</dc:creator>
  <dc:creator>Doe, Jane</dc:creator>
  <dc:subject>governance</dc:subject>
  <dc:description>First part.</dc:description>
  <dc:description>Second part.</dc:description>
  <dc:date>2023</dc:date>
  <dc:type>http://purl.org/dc/dcmitype/Text</dc:type>
  <dc:format>application/pdf</dc:format>
  <dc:identifier>BOARD-2023-01</dc:identifier>
  <dc:language>en</dc:language>
  <dc:rights>Internal use</dc:rights>
  <dc:coverage></dc:coverage>
</oai_dc:dc>`;

describe("parseMetadataFile with Dublin Core XML", () => {
  it("maps oai_dc onto the 15-element shape that then validates", () => {
    const result = registry.parseMetadataFile(DUBLIN_CORE_URI, bytes(oaiDc), "dc.xml");
    expect(result).toEqual({
      data: {
        title: "Minutes of the board & council",
        creator: ["Secretariat", "Doe, Jane"],
        subject: ["governance"],
        description: "First part.\n\nSecond part.",
        date: "2023",
        type: "Text",
        format: "application/pdf",
        identifier: ["BOARD-2023-01"],
        language: ["en"],
        rights: "Internal use",
      },
    });
    if ("data" in result) expect(registry.validate(DUBLIN_CORE_URI, result.data)).toEqual([]);
  });

  it("reads simple dc nested in a wrapper, with any prefix or a default namespace", () => {
    const nested = `<record><metadata xmlns:e="http://purl.org/dc/elements/1.1/"><e:title>Map</e:title><e:type>image</e:type></metadata></record>`;
    expect(registry.parseMetadataFile(DUBLIN_CORE_URI, bytes(nested))).toEqual({
      data: { title: "Map", type: "Image" },
    });
    const bare = `<metadata xmlns="http://purl.org/dc/elements/1.1/"><title>Plan</title><creator>X</creator></metadata>`;
    expect(registry.parseMetadataFile(DUBLIN_CORE_URI, bytes(bare))).toEqual({
      data: { title: "Plan", creator: ["X"] },
    });
  });

  it("ignores elements of other namespaces that share a local name", () => {
    const xml = `<r xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:x="urn:x:y"><x:title>No</x:title><dc:title>Yes</dc:title></r>`;
    expect(registry.parseMetadataFile(DUBLIN_CORE_URI, bytes(xml))).toEqual({
      data: { title: "Yes" },
    });
  });

  it("explains what is wrong with a file it cannot map", () => {
    const cases: Array<[string, RegExp]> = [
      [
        `<dc:dc xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>A</dc:title><dc:title>B</dc:title></dc:dc>`,
        /has 2 dc:title elements/,
      ],
      [
        `<dc:dc xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:colour>red</dc:colour></dc:dc>`,
        /dc:colour, which is not one of the 15/,
      ],
      [`<r><title>Not DC</title></r>`, /holds no Dublin Core elements/],
      [`<r><title>Broken</r>`, /"dc\.xml" is not well-formed XML/],
      [`<!DOCTYPE r [<!ENTITY a "aaaa">]><r>&a;</r>`, /declares a DOCTYPE/],
    ];
    for (const [xml, message] of cases) {
      const result = registry.parseMetadataFile(DUBLIN_CORE_URI, bytes(xml), "dc.xml");
      expect(result, xml).toEqual({ error: expect.stringMatching(message) });
    }
  });
});

describe("parseMetadataFile with JSON", () => {
  it("returns the object of a JSON file, with or without a byte-order mark", () => {
    const json = JSON.stringify({ record: { title: "T", reference: "R" } });
    expect(registry.parseMetadataFile(RM, bytes(`\uFEFF${json}`), "rm.json")).toEqual({
      data: JSON.parse(json),
    });
  });

  it("refuses XML for a schema other than Dublin Core, broken JSON, a list and non-UTF-8 bytes", () => {
    expect(registry.parseMetadataFile(RM, bytes("<r/>"), "rm.xml")).toEqual({
      error: expect.stringMatching(/"rm\.xml" is XML, but schema .* takes JSON/),
    });
    expect(registry.parseMetadataFile(RM, bytes("{ nope"), "rm.json")).toEqual({
      error: expect.stringMatching(/"rm\.json" is not valid JSON/),
    });
    expect(registry.parseMetadataFile(RM, bytes("[1]"), "rm.json")).toEqual({
      error: expect.stringMatching(/one JSON object, not a list/),
    });
    expect(registry.parseMetadataFile(RM, new Uint8Array([0xff, 0xfe, 0x00]), "rm.json")).toEqual({
      error: expect.stringMatching(/is not UTF-8 text/),
    });
  });

  it("refuses a value the archive cannot store (U+0000), naming where it is", () => {
    const json = JSON.stringify({ record: { title: "a\u0000b", reference: "R" } });
    expect(registry.parseMetadataFile(RM, bytes(json), "rm.json")).toEqual({
      error: expect.stringMatching(
        /"rm\.json" holds the character U\+0000 \(NUL\) in record\.title/,
      ),
    });
  });

  it("refuses a schema the registry does not hold", () => {
    expect(registry.parseMetadataFile("urn:x:none", bytes("{}"))).toEqual({
      error: expect.stringMatching(/not registered/),
    });
  });
});
