// Small but real files for the demo packages, made in code: a PDF with text, a PNG and a TIFF
// with pixels, a DOCX with a paragraph, and text formats. The archive identifies each of them.
import { strToU8, zipSync, zlibSync } from "fflate";

const text = (value: string) => strToU8(value);

// A one-page PDF showing `lines` in Helvetica, with a correct cross-reference table.
export function pdfWithText(title: string, lines: readonly string[]): Uint8Array {
  const escape = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const body = [`BT /F1 18 Tf 56 780 Td (${escape(title)}) Tj ET`]
    .concat(lines.map((line, i) => `BT /F1 11 Tf 56 ${748 - i * 16} Td (${escape(line)}) Tj ET`))
    .join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
    `<< /Length ${body.length} >>\nstream\n${body}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    `<< /Title (${escape(title)}) /Producer (Scriptorium demo) >>`,
  ];
  let out = "%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, "latin1"));
}

// RGB pixels of a soft diagonal pattern, seeded so each image differs.
function pixels(width: number, height: number, seed: number): Uint8Array {
  const out = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      out[i] = (90 + x * 3 + seed * 40) % 256;
      out[i + 1] = (120 + y * 4 + seed * 25) % 256;
      out[i + 2] = (160 + ((x + y) % 32) * 2 + seed * 10) % 256;
    }
  }
  return out;
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
function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

// A truecolour PNG of `width` x `height` pixels.
export function png(width: number, height: number, seed = 0): Uint8Array {
  const rgb = pixels(width, height, seed);
  const raw = new Uint8Array(height * (width * 3 + 1));
  for (let y = 0; y < height; y++) {
    raw.set(rgb.subarray(y * width * 3, (y + 1) * width * 3), y * (width * 3 + 1) + 1);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", ihdr),
      chunk("IDAT", zlibSync(raw)),
      chunk("IEND", new Uint8Array()),
    ]),
  );
}

// An uncompressed RGB baseline TIFF (little-endian, one strip).
export function tiff(width: number, height: number, seed = 0): Uint8Array {
  const data = pixels(width, height, seed);
  const entries: [tag: number, type: number, count: number, value: number][] = [];
  const ifdOffset = 8 + data.length;
  const bitsOffset = ifdOffset + 2 + 11 * 12 + 4;
  entries.push([256, 3, 1, width], [257, 3, 1, height], [258, 3, 3, bitsOffset], [259, 3, 1, 1]);
  entries.push([262, 3, 1, 2], [273, 4, 1, 8], [277, 3, 1, 3], [278, 3, 1, height]);
  entries.push([279, 4, 1, data.length], [284, 3, 1, 1], [296, 3, 1, 1]);
  const out = Buffer.alloc(bitsOffset + 6);
  out.write("II", 0, "latin1");
  out.writeUInt16LE(42, 2);
  out.writeUInt32LE(ifdOffset, 4);
  out.set(data, 8);
  out.writeUInt16LE(entries.length, ifdOffset);
  entries.forEach(([tag, type, count, value], i) => {
    const at = ifdOffset + 2 + i * 12;
    out.writeUInt16LE(tag, at);
    out.writeUInt16LE(type, at + 2);
    out.writeUInt32LE(count, at + 4);
    if (type === 3 && count === 1) out.writeUInt16LE(value, at + 8);
    else out.writeUInt32LE(value, at + 8);
  });
  out.writeUInt32LE(0, ifdOffset + 2 + entries.length * 12);
  [8, 8, 8].forEach((bits, i) => out.writeUInt16LE(bits, bitsOffset + i * 2));
  return new Uint8Array(out);
}

// A Word document (Office Open XML) whose body holds `paragraphs`.
export function docx(paragraphs: readonly string[]): Uint8Array {
  const xml = (s: string) =>
    s.replace(/[<>&]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;" })[c] as string);
  const body = paragraphs.map((p) => `<w:p><w:r><w:t>${xml(p)}</w:t></w:r></w:p>`).join("");
  return zipSync({
    "[Content_Types].xml": text(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    "_rels/.rels": text(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    "word/document.xml": text(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
    ),
  });
}

// Comma-separated values with a header row.
export function csv(rows: readonly (readonly (string | number)[])[]): Uint8Array {
  return text(
    rows
      .map((r) =>
        r
          .map((v) => (/[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : v))
          .join(","),
      )
      .join("\n") + "\n",
  );
}

export const json = (value: unknown): Uint8Array => text(`${JSON.stringify(value, null, 2)}\n`);
export const xmlText = (value: string): Uint8Array =>
  text(`<?xml version="1.0" encoding="UTF-8"?>\n${value}\n`);
export const plain = (value: string): Uint8Array =>
  text(value.endsWith("\n") ? value : `${value}\n`);

// Bytes no format registry knows: a logger's raw dump, which the archive keeps with a warning.
export function unknownBinary(length = 512, seed = 7): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = i < 4 ? ([0x00, 0x13, 0x37, 0xfe][i] as number) : (x >>> 16) & 0xff;
  }
  return out;
}

export const base64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString("base64");
