import { describe, expect, it } from "vitest";
import { PO } from "@scriptorium/contract/preservation/schemas";
import { dataPo, decidePo, metadataPo, uniqueIds } from "./po-from-file";

const bytes = (text: string) => new TextEncoder().encode(text);
const raw = (...values: number[]) => new Uint8Array(values);

describe("decidePo", () => {
  it("sends an XML file as xmlData, whether its name or only its declaration says so", () => {
    expect(
      decidePo({ name: "record.xml", type: "text/xml", head: bytes("<record/>") }),
    ).toMatchObject({
      xml: true,
      mimeType: "text/xml",
    });
    expect(
      decidePo({ name: "export.dat", type: "", head: bytes('\uFEFF  <?xml version="1.0"?><a/>') }),
    ).toMatchObject({
      xml: true,
      mimeType: "application/xml",
    });
  });

  it("sends a file named .xml whose content is not XML as binary, and says why", () => {
    const decision = decidePo({
      name: "broken.xml",
      type: "application/xml",
      head: bytes("just words"),
    });
    expect(decision).toEqual({
      xml: false,
      mimeType: "application/octet-stream",
      reason: "Kept as is: the file is named as XML but its content is not XML.",
    });
  });

  it("detects the media type from the bytes before the browser's guess or the name", () => {
    expect(
      decidePo({ name: "scan.txt", type: "text/plain", head: bytes("%PDF-1.7\n") }),
    ).toMatchObject({
      xml: false,
      mimeType: "application/pdf",
    });
    expect(
      decidePo({ name: "a", type: "", head: raw(0x89, 0x50, 0x4e, 0x47, 13, 10) }).mimeType,
    ).toBe("image/png");
    expect(decidePo({ name: "a", type: "", head: raw(0xff, 0xd8, 0xff, 0xe0) }).mimeType).toBe(
      "image/jpeg",
    );
  });

  it("falls back to the browser's type, then the extension, then a look at the bytes", () => {
    expect(decidePo({ name: "a.bin", type: "text/csv", head: bytes("a,b") }).mimeType).toBe(
      "text/csv",
    );
    expect(decidePo({ name: "notes.md", type: "", head: bytes("# Notes") }).mimeType).toBe(
      "text/markdown",
    );
    expect(decidePo({ name: "README", type: "", head: bytes("Hello, wörld\n") }).mimeType).toBe(
      "text/plain",
    );
    expect(
      decidePo({ name: "blob", type: "", head: raw(0, 1, 2, 3, 0, 0, 0, 0, 0) }),
    ).toMatchObject({
      mimeType: "application/octet-stream",
      xml: false,
    });
  });
});

describe("uniqueIds", () => {
  it("keeps distinct names and numbers repeated ones before the extension", () => {
    expect(uniqueIds(["a.pdf", "b.pdf", "a.pdf", "a.pdf", "notes"])).toEqual([
      "a.pdf",
      "b.pdf",
      "a (2).pdf",
      "a (3).pdf",
      "notes",
    ]);
  });
});

describe("dataPo and metadataPo", () => {
  it("build POs the contract accepts, with relations only when there are some", () => {
    const xml = dataPo({
      id: "r.xml",
      base64: "PGEvPg==",
      decision: { xml: true, mimeType: "application/xml", reason: "" },
      relObj: ["a.pdf"],
    });
    expect(xml).toEqual({
      xmlData: { b64Content: "PGEvPg==" },
      mimeType: "application/xml",
      id: "r.xml",
      relObj: ["a.pdf"],
    });
    expect(PO.safeParse(xml).success).toBe(true);
    const binary = dataPo({
      id: "a.pdf",
      base64: "JVBERg==",
      decision: { xml: false, mimeType: "application/pdf", reason: "" },
      relObj: [],
    });
    expect(binary).not.toHaveProperty("relObj");
    expect(PO.safeParse(binary).success).toBe(true);
  });

  it("sends filled-in metadata as JSON under the schema namespace", () => {
    const po = metadataPo({
      id: "dc",
      schema: "http://purl.org/dc/elements/1.1/",
      fields: { title: "Café" },
    });
    expect(po.formatId).toBe("http://purl.org/dc/elements/1.1/");
    expect(po.mimeType).toBe("application/json");
    const decoded = new TextDecoder().decode(
      Uint8Array.from(atob(po.binaryData!.value), (c) => c.charCodeAt(0)),
    );
    expect(JSON.parse(decoded)).toEqual({ title: "Café" });
    expect(PO.safeParse(po).success).toBe(true);
  });

  it("sends an attached XML metadata file as xmlData", () => {
    const po = metadataPo({ id: "m", schema: "urn:s", file: { base64: "PGEvPg==", xml: true } });
    expect(po).toMatchObject({ xmlData: { b64Content: "PGEvPg==" }, mimeType: "application/xml" });
  });
});
