// Tiny but real files for tests and demo data: a PDF (optionally PDF/A), PNG, GIF, JPEG, TIFF and
// office packages built with fflate. Pure, no file system.
import { strToU8, zipSync, zlibSync, type Zippable } from "fflate";

const encoder = new TextEncoder();

// A one-page PDF with a correct cross-reference table; `pdfa` adds an XMP packet with pdfaid.
export function minimalPdf(
  options: {
    version?: string;
    pdfa?: { part: number; conformance?: string; elementForm?: boolean };
  } = {},
): Uint8Array {
  const { version = "1.7", pdfa } = options;
  const objects: string[] = [
    `<< /Type /Catalog /Pages 2 0 R${pdfa ? " /Metadata 4 0 R" : ""} >>`,
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>",
  ];
  if (pdfa) {
    const props = pdfa.elementForm
      ? `<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/"><pdfaid:part>${pdfa.part}</pdfaid:part>${pdfa.conformance ? `<pdfaid:conformance>${pdfa.conformance}</pdfaid:conformance>` : ""}</rdf:Description>`
      : `<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/" pdfaid:part="${pdfa.part}"${pdfa.conformance ? ` pdfaid:conformance="${pdfa.conformance}"` : ""}/>`;
    const xmp = `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">${props}</rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
    objects.push(
      `<< /Type /Metadata /Subtype /XML /Length ${encoder.encode(xmp).length} >>\nstream\n${xmp}\nendstream`,
    );
  }
  let body = `%PDF-${version}\n%\u00e2\u00e3\u00cf\u00d3\n`;
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(encoder.encode(body).length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = encoder.encode(body).length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return encoder.encode(body);
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const v = new DataView(out.buffer);
  v.setUint32(0, data.length);
  out.set(strToU8(type), 4);
  out.set(data, 8);
  v.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

// A 1×1 grey PNG; `extraChunks` (e.g. "sRGB", "iTXt") go before IDAT.
export function tinyPng(extraChunks: Array<"sRGB" | "iTXt"> = []): Uint8Array {
  const ihdr = new Uint8Array([0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]);
  const extras = extraChunks.map((type) =>
    pngChunk(type, type === "sRGB" ? new Uint8Array([0]) : strToU8("Comment\0\0\0\0\0tiny")),
  );
  return concat([
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    ...extras,
    pngChunk("IDAT", zlibSync(new Uint8Array([0, 0x80]))),
    pngChunk("IEND", new Uint8Array()),
  ]);
}

// The classic 1×1 transparent GIF, in either version.
export function tinyGif(version: "87a" | "89a" = "89a"): Uint8Array {
  const body = [
    0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x2c, 0x00, 0x00,
    0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3b,
  ];
  return concat([strToU8(`GIF${version}`), new Uint8Array(body)]);
}

// SOI + APP0 JFIF header (version 1.minor) + EOI.
export function jfifHeader(minor = 1): Uint8Array {
  return new Uint8Array([
    0xff,
    0xd8,
    0xff,
    0xe0,
    0x00,
    0x10,
    0x4a,
    0x46,
    0x49,
    0x46,
    0x00,
    0x01,
    minor,
    0x00,
    0x00,
    0x01,
    0x00,
    0x01,
    0x00,
    0x00,
    0xff,
    0xd9,
  ]);
}

// SOI + APP1 Exif with IFD0 → Exif IFD → ExifVersion (e.g. "0221") + EOI, little-endian.
export function exifHeader(exifVersion: string): Uint8Array {
  const tiff = new Uint8Array(8 + 18 + 18);
  const v = new DataView(tiff.buffer);
  tiff.set(strToU8("II*\0"));
  v.setUint32(4, 8, true);
  v.setUint16(8, 1, true); // IFD0: one entry, ExifIFDPointer → 26
  v.setUint16(10, 0x8769, true);
  v.setUint16(12, 4, true);
  v.setUint32(14, 1, true);
  v.setUint32(18, 26, true);
  v.setUint16(26, 1, true); // Exif IFD: one entry, ExifVersion
  v.setUint16(28, 0x9000, true);
  v.setUint16(30, 7, true);
  v.setUint32(32, 4, true);
  tiff.set(strToU8(exifVersion), 36);
  const app1 = concat([strToU8("Exif\0\0"), tiff]);
  const length = app1.length + 2;
  return concat([
    new Uint8Array([0xff, 0xd8, 0xff, 0xe1, length >> 8, length & 0xff]),
    app1,
    new Uint8Array([0xff, 0xd9]),
  ]);
}

// A little-endian TIFF header with an empty first IFD.
export function tiffHeader(): Uint8Array {
  return new Uint8Array([
    0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
  ]);
}

const contentTypes = (main: string, part: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/${part}" ContentType="application/vnd.openxmlformats-officedocument.${main}"/></Types>`;

// A DOCX or XLSX package; `padding` adds a stored entry first so the content types sit far from the head.
export function officeOpenXml(kind: "docx" | "xlsx", padding = 0): Uint8Array {
  const [main, part] =
    kind === "docx"
      ? ["wordprocessingml.document.main+xml", "word/document.xml"]
      : ["spreadsheetml.sheet.main+xml", "xl/workbook.xml"];
  const files: Zippable = {};
  if (padding > 0) files["media/padding.bin"] = [new Uint8Array(padding).fill(7), { level: 0 }];
  files["[Content_Types].xml"] = strToU8(contentTypes(main, part));
  files["_rels/.rels"] = strToU8(
    `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>`,
  );
  files[part] = strToU8(`<?xml version="1.0"?><root/>`);
  return zipSync(files);
}

// An ODF text package: `mimetype` stored first, the version in the manifest (1.2+) or meta.xml.
export function openDocumentText(version: "1.1" | "1.2" | "1.3", mimetypeFirst = true): Uint8Array {
  const manifestVersion = version === "1.1" ? "" : ` manifest:version="${version}"`;
  const rest: Zippable = {
    "META-INF/manifest.xml": strToU8(
      `<?xml version="1.0"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"${manifestVersion}/>`,
    ),
    "meta.xml": strToU8(
      `<?xml version="1.0"?><office:document-meta xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" office:version="${version}"/>`,
    ),
    "content.xml": strToU8(
      `<?xml version="1.0"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"/>`,
    ),
  };
  const mimetype: Zippable = {
    mimetype: [strToU8("application/vnd.oasis.opendocument.text"), { level: 0 }],
  };
  return zipSync(mimetypeFirst ? { ...mimetype, ...rest } : { ...rest, ...mimetype });
}
