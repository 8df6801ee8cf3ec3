import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { open } from "node:fs/promises";
import path from "node:path";
import { strToU8, zipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import {
  exifHeader,
  jfifHeader,
  minimalPdf,
  officeOpenXml,
  openDocumentText,
  tiffHeader,
  tinyGif,
  tinyPng,
} from "./fixtures";
import { HEAD_BYTES, identifyBytes, identifyFile } from "./identify";

const tmp = mkdtempSync("/tmp/pure-formats-");
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const text = (s: string) => strToU8(s);

describe("PDF", () => {
  it.each([
    ["1.0", "fmt/14"],
    ["1.4", "fmt/18"],
    ["1.6", "fmt/20"],
    ["1.7", "fmt/276"],
    ["2.0", "fmt/1129"],
  ])("tells PDF %s by its header", async (version, puid) => {
    expect(await identifyBytes(minimalPdf({ version }))).toMatchObject({
      mimeType: "application/pdf",
      puid,
      version,
      confident: true,
    });
  });

  it.each([
    [1, "A", "1a", "fmt/95"],
    [1, "B", "1b", "fmt/354"],
    [2, "A", "2a", "fmt/476"],
    [2, "B", "2b", "fmt/477"],
    [2, "U", "2u", "fmt/478"],
    [3, "A", "3a", "fmt/479"],
    [3, "B", "3b", "fmt/480"],
    [3, "U", "3u", "fmt/481"],
  ])("tells PDF/A-%s%s from its XMP", async (part, conformance, version, puid) => {
    const expected = { mimeType: "application/pdf", puid, version, confident: true };
    expect(
      await identifyBytes(minimalPdf({ version: "1.4", pdfa: { part, conformance } })),
    ).toMatchObject(expected);
    expect(
      await identifyBytes(
        minimalPdf({ version: "1.4", pdfa: { part, conformance, elementForm: true } }),
      ),
    ).toMatchObject(expected);
  });

  it("names PDF/A-4 and keeps the header version's identifier", async () => {
    expect(await identifyBytes(minimalPdf({ version: "2.0", pdfa: { part: 4 } }))).toMatchObject({
      version: "4",
      puid: "fmt/1129",
    });
  });

  it("finds the XMP near the end of a large file without reading the middle", async () => {
    const file = path.join(tmp, "large.pdf");
    const pdf = minimalPdf({ version: "1.4", pdfa: { part: 2, conformance: "B" } });
    const size = 3 * 1024 ** 3;
    const handle = await open(file, "w");
    // A sparse 3 GB file: header at the start, the PDF (with its XMP) at the end.
    await handle.write(pdf.subarray(0, 16), 0, 16, 0);
    await handle.write(pdf, 0, pdf.length, size - pdf.length);
    await handle.close();
    const started = Date.now();
    expect(await identifyFile(file)).toMatchObject({ puid: "fmt/477", version: "2b" });
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe("images", () => {
  it("tells PNG versions by their chunks", async () => {
    expect(await identifyBytes(tinyPng())).toMatchObject({
      mimeType: "image/png",
      puid: "fmt/11",
      confident: true,
    });
    expect(await identifyBytes(tinyPng(["sRGB"]))).toMatchObject({
      puid: "fmt/12",
      version: "1.1",
    });
    expect(await identifyBytes(tinyPng(["iTXt"]))).toMatchObject({
      puid: "fmt/13",
      version: "1.2",
    });
  });

  it("tells GIF 87a from 89a", async () => {
    expect(await identifyBytes(tinyGif("87a"))).toMatchObject({
      mimeType: "image/gif",
      puid: "fmt/3",
      version: "87a",
    });
    expect(await identifyBytes(tinyGif("89a"))).toMatchObject({
      mimeType: "image/gif",
      puid: "fmt/4",
      version: "89a",
    });
  });

  it("tells JFIF versions, Exif versions and raw JPEG streams apart", async () => {
    expect(await identifyBytes(jfifHeader(1))).toMatchObject({
      mimeType: "image/jpeg",
      puid: "fmt/43",
      version: "1.01",
    });
    expect(await identifyBytes(jfifHeader(2))).toMatchObject({ puid: "fmt/44", version: "1.02" });
    expect(await identifyBytes(exifHeader("0220"))).toMatchObject({
      mimeType: "image/jpeg",
      puid: "x-fmt/391",
      version: "2.2",
    });
    expect(await identifyBytes(exifHeader("0221"))).toMatchObject({
      puid: "fmt/645",
      version: "2.21",
    });
    expect(await identifyBytes(exifHeader("0232"))).toMatchObject({ puid: "fmt/1507" });
    expect(
      await identifyBytes(new Uint8Array([0xff, 0xd8, 0xff, 0xdb, 0, 4, 0, 0, 0xff, 0xd9])),
    ).toMatchObject({ puid: "fmt/41" });
  });

  it("recognises TIFF in both byte orders", async () => {
    expect(await identifyBytes(tiffHeader())).toMatchObject({
      mimeType: "image/tiff",
      puid: "fmt/353",
      confident: true,
    });
    expect(
      await identifyBytes(new Uint8Array([0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8, 0, 0])),
    ).toMatchObject({ puid: "fmt/353" });
  });
});

describe("zip packages", () => {
  it("tells DOCX and XLSX by their content types", async () => {
    expect(await identifyBytes(officeOpenXml("docx"))).toMatchObject({
      mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      puid: "fmt/412",
      confident: true,
    });
    expect(await identifyBytes(officeOpenXml("xlsx"))).toMatchObject({ puid: "fmt/214" });
  });

  it("finds the content types through the central directory when they lie past the head", async () => {
    const file = path.join(tmp, "padded.docx");
    writeFileSync(file, officeOpenXml("docx", HEAD_BYTES * 4));
    expect(await identifyFile(file)).toMatchObject({ puid: "fmt/412" });
  });

  it("tells ODT versions from the manifest or meta.xml", async () => {
    const mimeType = "application/vnd.oasis.opendocument.text";
    expect(await identifyBytes(openDocumentText("1.2"))).toMatchObject({
      mimeType,
      puid: "fmt/291",
      version: "1.2",
    });
    expect(await identifyBytes(openDocumentText("1.1"))).toMatchObject({
      mimeType,
      puid: "fmt/290",
      version: "1.1",
    });
    expect(await identifyBytes(openDocumentText("1.3", false))).toMatchObject({
      mimeType,
      puid: "fmt/1756",
    });
  });

  it("calls any other zip a zip, and a truncated one an unsure zip", async () => {
    const zip = zipSync({ "a.txt": text("hello") });
    expect(await identifyBytes(zip)).toEqual({
      mimeType: "application/zip",
      puid: "x-fmt/263",
      formatName: "ZIP Format",
      confident: true,
    });
    expect(await identifyBytes(zip.subarray(0, zip.length - 30))).toMatchObject({
      puid: "x-fmt/263",
      confident: false,
    });
  });
});

describe("text formats", () => {
  it("recognises XML with and without a declaration", async () => {
    expect(await identifyBytes(text('<?xml version="1.0"?><a><b/></a>'))).toMatchObject({
      mimeType: "application/xml",
      puid: "fmt/101",
      confident: true,
    });
    expect(await identifyBytes(text("<record><title>x</title></record>"))).toMatchObject({
      puid: "fmt/101",
    });
  });

  it("recognises JSON only when it parses", async () => {
    expect(await identifyBytes(text('{"a": [1, 2]}'))).toMatchObject({
      mimeType: "application/json",
      puid: "fmt/817",
      confident: true,
    });
    expect(await identifyBytes(text("{not json at all}"))).toMatchObject({ puid: "x-fmt/111" });
  });

  it("recognises comma- and semicolon-separated values", async () => {
    const csv = 'id,name,note\n1,"Smith, Jane","said ""hi"""\n2,Doe,\n';
    expect(await identifyBytes(text(csv))).toMatchObject({
      mimeType: "text/csv",
      puid: "x-fmt/18",
      confident: true,
    });
    expect(await identifyBytes(text("a;b\n1;2\n3;4\n"))).toMatchObject({ puid: "x-fmt/18" });
    expect(await identifyBytes(text("a,b\n1,2\n"), "two.csv")).toMatchObject({
      puid: "x-fmt/18",
      confident: true,
    });
  });

  it("keeps prose as plain text, also when a multi-byte character straddles the head", async () => {
    expect(await identifyBytes(text("Dear archivist,\nthe minutes are attached.\n"))).toMatchObject(
      {
        mimeType: "text/plain",
        puid: "x-fmt/111",
        confident: true,
      },
    );
    const long = "é".repeat(HEAD_BYTES);
    expect(await identifyBytes(text(`x${long}`))).toMatchObject({ puid: "x-fmt/111" });
  });

  it("recognises HTML", async () => {
    expect(await identifyBytes(text("<!DOCTYPE html><html><body>hi</body></html>"))).toMatchObject({
      mimeType: "text/html",
    });
  });
});

describe("unknown data", () => {
  it("calls random bytes unknown and unsure", async () => {
    const bytes = new Uint8Array(randomBytes(4096));
    bytes[0] = 0x00;
    expect(await identifyBytes(bytes)).toEqual({
      mimeType: "application/octet-stream",
      formatName: "Unknown binary data",
      confident: false,
    });
  });

  it("calls an empty file unknown", async () => {
    expect(await identifyBytes(new Uint8Array())).toMatchObject({
      mimeType: "application/octet-stream",
      confident: false,
    });
  });

  it("reads files from disk like bytes", async () => {
    const file = path.join(tmp, "a.png");
    writeFileSync(file, tinyPng());
    expect(await identifyFile(file)).toEqual(await identifyBytes(tinyPng()));
  });
});
