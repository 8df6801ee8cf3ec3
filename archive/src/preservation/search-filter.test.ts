import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  FilterSyntaxError,
  flattenMetadata,
  idPrefixes,
  matchesFilter,
  parseFilter,
  type SearchDocument,
} from "./search-filter";

const DC = "http://purl.org/dc/elements/1.1/";
const RM = "urn:scriptorium:schema:records-management:1.0";
const prefixes = new Map([
  ["dc", DC],
  ["rm", RM],
]);

const report: SearchDocument = {
  poId: "pkg-2024-annual",
  profile: "urn:scriptorium:profile:general:1.0",
  ids: ["v1", "report.pdf"],
  names: ["Annual Report 2024.pdf"],
  mimeTypes: ["application/pdf"],
  fields: [
    ...flattenMetadata(DC, { title: "Annual report", creator: ["Finance", "Board"] }),
    ...flattenMetadata(RM, { classification: { title: "Finance / reporting" } }),
  ],
};

const matches = (fi: string, doc = report) => matchesFilter(doc, parseFilter(fi), prefixes);

describe("Search filter", () => {
  it("matches free text in ids, file names and metadata values, ignoring case", () => {
    expect(matches("ANNUAL")).toBe(true);
    expect(matches("2024.pdf")).toBe(true);
    expect(matches("board")).toBe(true);
    expect(matches("invoice")).toBe(false);
  });

  it("needs every term to match", () => {
    expect(matches("annual finance")).toBe(true);
    expect(matches("annual invoice")).toBe(false);
  });

  it("keeps a quoted phrase together", () => {
    expect(matches('"annual report"')).toBe(true);
    expect(matches('"report annual"')).toBe(false);
  });

  it("matches a prefixed field only in that schema", () => {
    expect(matches("dc:title=annual")).toBe(true);
    expect(matches("rm:title=annual")).toBe(false);
    expect(matches('rm:title="finance / reporting"')).toBe(true);
    expect(matches("title=reporting")).toBe(true);
    expect(matches("xx:title=annual")).toBe(false);
  });

  it("reserves id, name, profile and mimeType", () => {
    expect(matches("id=2024-annual")).toBe(true);
    expect(matches("name=report")).toBe(true);
    expect(matches("name=pkg")).toBe(false);
    expect(matches("profile=general:1.0")).toBe(true);
    expect(matches("mimeType=application/pdf")).toBe(true);
  });

  it('answers everything for "*"', () => {
    expect(matches("*", { ...report, ids: [], names: [], fields: [] })).toBe(true);
  });

  it("refuses an empty filter, an open quote, a field without value and a bad field name", () => {
    for (const fi of ["", "   ", '"open', "dc:title=", "1x=foo", "=foo"]) {
      expect(() => parseFilter(fi), fi).toThrow(FilterSyntaxError);
    }
  });

  it("finds a document by any substring of its poId", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 20 }).filter((s) => /^[\w-]+$/.test(s)),
        fc.nat(),
        fc.nat(),
        (poId, a, b) => {
          const start = a % poId.length;
          const end = start + 1 + (b % (poId.length - start));
          const doc: SearchDocument = { poId, ids: [], names: [], mimeTypes: [], fields: [] };
          return (
            matches(poId.slice(start, end), doc) && matches(`id=${poId.slice(start, end)}`, doc)
          );
        },
      ),
    );
  });

  it("matches id=<prefix>* against the start of the poId only, ignoring case", () => {
    expect(matches("id=pkg-2024*")).toBe(true);
    expect(matches('id="PKG-*"')).toBe(true);
    expect(matches("id=2024*")).toBe(false);
    expect(matches("id=report.pdf*")).toBe(false);
    expect(matches("id=*")).toBe(true);
    expect(idPrefixes(parseFilter("id=ab* annual"))).toEqual(["ab"]);
    expect(idPrefixes(parseFilter("name=ab*"))).toEqual([]);
  });

  it("splits poIds into disjoint prefixes: each id matches exactly one child of a prefix", () => {
    fc.assert(
      fc.property(fc.uuid(), fc.nat({ max: 35 }), (poId, cut) => {
        const doc: SearchDocument = { poId, ids: [], names: [], mimeTypes: [], fields: [] };
        const prefix = poId.slice(0, cut);
        const children = [..."0123456789abcdef-"].map((c) => `id=${prefix}${c}*`);
        return children.filter((fi) => matches(fi, doc)).length === 1;
      }),
    );
  });
});
