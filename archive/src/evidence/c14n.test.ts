// Canonical XML as libxml2 computes it (xmllint --c14n, a canonicalizer this archive did not write):
// the archive's canonical form of each document must be the same bytes.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  C14N_METHODS,
  CanonicalizationError,
  canonicalizeElement,
  canonicalizeXmlBytes,
  parseXmlDocument,
} from "./c14n";
import { XMLLINT } from "./testing/tools";

// xmllint --c14n keeps comments: documents with comments are compared in the WithComments method,
// the others in both.
const DOCUMENTS: Record<string, string> = {
  declaration: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<root b="2" a="1"><child   z='3' y="&amp;&lt;&quot;"/></root>\n`,
  unusedNamespaces: `<?xml version="1.0"?><r xmlns:u="urn:unused" xmlns="urn:d"><c xmlns:u="urn:unused">t</c></r>`,
  attributeOrder: `<r xmlns:b="http://ab" xmlns:a="http://a"><e b:c="1" a:bc="2" z="0" a="9"/></r>`,
  whitespace: `<r>\n  <a  attr = " v\t x\n" >text&#xD;more</a>\n</r>`,
  characterReferences: `<r a="&#x9;&#xA;&#xD;">&#169; &gt; &#x3E;</r>`,
  defaultNamespaceUndeclared: `<r xmlns="urn:a"><b xmlns=""><c/></b></r>`,
  prefixRedeclared: `<p:r xmlns:p="urn:1"><p:s xmlns:p="urn:2"><p:t xmlns:p="urn:1"/></p:s></p:r>`,
  xmlAttributes: `<r xml:lang="en"><s xml:space="preserve"> x </s></r>`,
  unicode: `<?xml version="1.0" encoding="UTF-8"?><r é="ü">日本語 𝄞</r>`,
  superfluousNamespace: `<r xmlns:a="urn:a"><s xmlns:a="urn:a"><a:t/></s></r>`,
  processingInstructions: `<?xml version="1.0"?>\n<?before data?>\n<r><x>1</x><?inner some  data?>\r\n<![CDATA[ <cdata> & ]]></r>\n<?after?>\n`,
};
const WITH_COMMENTS: Record<string, string> = {
  comments: `<?xml version="1.0"?>\n<!-- before -->\n<r><!-- in --><x>1</x></r>\n<!-- after -->\n`,
};

describe.skipIf(!XMLLINT())("Canonical XML 1.0, against xmllint --c14n", () => {
  const dir = mkdtempSync(join(tmpdir(), "c14n-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const xmllint = (name: string, bytes: Buffer) => {
    writeFileSync(join(dir, `${name}.xml`), bytes);
    return execFileSync("xmllint", ["--c14n", join(dir, `${name}.xml`)]);
  };

  it("canonicalizes documents as libxml2 does", () => {
    for (const [name, text] of Object.entries(DOCUMENTS)) {
      const bytes = Buffer.from(text);
      const expected = xmllint(name, bytes);
      expect(canonicalizeXmlBytes(bytes, C14N_METHODS.c14n).toString(), name).toBe(
        expected.toString(),
      );
      expect(canonicalizeXmlBytes(bytes, C14N_METHODS.c14nWithComments).equals(expected)).toBe(
        true,
      );
    }
    for (const [name, text] of Object.entries(WITH_COMMENTS)) {
      const bytes = Buffer.from(text);
      expect(canonicalizeXmlBytes(bytes, C14N_METHODS.c14nWithComments).toString(), name).toBe(
        xmllint(name, bytes).toString(),
      );
      expect(canonicalizeXmlBytes(bytes, C14N_METHODS.c14n).toString()).not.toContain("<!--");
    }
  });

  it("reads the encoding the declaration names", () => {
    const bytes = Buffer.from(`<?xml version="1.0" encoding="ISO-8859-1"?><r>café</r>`, "latin1");
    expect(canonicalizeXmlBytes(bytes, C14N_METHODS.c14n).equals(xmllint("latin1", bytes))).toBe(
      true,
    );
  });

  it("canonicalizes an element in its document's context: the namespaces in scope come along", () => {
    const document = parseXmlDocument(
      `<r xmlns="urn:ers" xmlns:x="urn:x"><a><b z="1" y="2">t</b></a></r>`,
    );
    const [b] = Array.from(document.getElementsByTagNameNS("urn:ers", "b"));
    expect(canonicalizeElement(b!, C14N_METHODS.c14n).toString()).toBe(
      `<b xmlns="urn:ers" xmlns:x="urn:x" y="2" z="1">t</b>`,
    );
  });
});

describe("XML that cannot be canonicalized", () => {
  it("is refused with a sentence: not well-formed, a document type, an unknown encoding", () => {
    for (const [text, message] of [
      ["<r><x></r>", /not well-formed/],
      [`<!DOCTYPE r [<!ATTLIST r a CDATA "1">]><r/>`, /document type/],
      [`<?xml version="1.0" encoding="x-unknown"?><r/>`, /encoding/],
    ] as const) {
      expect(() => canonicalizeXmlBytes(Buffer.from(text), C14N_METHODS.c14n)).toThrow(
        CanonicalizationError,
      );
      expect(() => canonicalizeXmlBytes(Buffer.from(text), C14N_METHODS.c14n)).toThrow(message);
    }
    expect(() =>
      canonicalizeXmlBytes(Buffer.from("<r/>"), "http://www.w3.org/2006/12/xml-c14n11"),
    ).toThrow(/not one this archive implements/);
  });
});
