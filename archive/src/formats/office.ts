// Tells OOXML (DOCX, XLSX, PPTX) and ODF (ODT, ODS, ODP) packages apart from plain zips: ODF by its
// `mimetype` entry, OOXML by [Content_Types].xml, both read through the central directory.
import type { FormatIdentification } from "./types";
import { latin1, view } from "./reads";
import {
  readSmallEntry,
  withZip,
  zipEntries,
  type ZipEntry,
  type ZipFile,
  type ZipSource,
} from "./zip-reader";

const ZIP: FormatIdentification = {
  mimeType: "application/zip",
  puid: "x-fmt/263",
  formatName: "ZIP Format",
  confident: true,
};

const ooxml: Array<{ part: string } & FormatIdentification> = [
  {
    part: "wordprocessingml.document.main+xml",
    mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    puid: "fmt/412",
    formatName: "Microsoft Word for Windows",
    version: "2007 onwards",
    confident: true,
  },
  {
    part: "ms-word.document.macroEnabled.main+xml",
    mimeType: "application/vnd.ms-word.document.macroEnabled.12",
    puid: "fmt/523",
    formatName: "Macro enabled Microsoft Word Document OOXML",
    version: "2007 onwards",
    confident: true,
  },
  {
    part: "spreadsheetml.sheet.main+xml",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    puid: "fmt/214",
    formatName: "Microsoft Excel for Windows",
    version: "2007 onwards",
    confident: true,
  },
  {
    part: "ms-excel.sheet.macroEnabled.main+xml",
    mimeType: "application/vnd.ms-excel.sheet.macroEnabled.12",
    puid: "fmt/445",
    formatName: "Microsoft Excel Macro-Enabled",
    version: "2007 onwards",
    confident: true,
  },
  {
    part: "presentationml.presentation.main+xml",
    mimeType: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    puid: "fmt/215",
    formatName: "Microsoft PowerPoint for Windows",
    version: "2007 onwards",
    confident: true,
  },
];

const odf: Record<string, { name: string; puids: Record<string, string> }> = {
  "application/vnd.oasis.opendocument.text": {
    name: "OpenDocument Text",
    puids: { "1.0": "fmt/136", "1.1": "fmt/290", "1.2": "fmt/291", "1.3": "fmt/1756" },
  },
  "application/vnd.oasis.opendocument.spreadsheet": {
    name: "OpenDocument Spreadsheet",
    puids: { "1.0": "fmt/137", "1.1": "fmt/294", "1.2": "fmt/295", "1.3": "fmt/1755" },
  },
  "application/vnd.oasis.opendocument.presentation": {
    name: "OpenDocument Presentation",
    puids: { "1.0": "fmt/138", "1.1": "fmt/292", "1.2": "fmt/293", "1.3": "fmt/1754" },
  },
};

// The entries identification may read; every other name is skipped, so memory stays constant.
const PARTS = new Set(["mimetype", "[Content_Types].xml", "META-INF/manifest.xml", "meta.xml"]);

// Identifies a file that starts with a zip local header.
export function identifyZip(head: Uint8Array, source: ZipSource): Promise<FormatIdentification> {
  return withZip(source, async (zip) => {
    const parts = zip ? await findParts(zip) : undefined;
    const read = async (name: string) => {
      const entry = parts?.get(name);
      const bytes = zip && entry ? await readSmallEntry(zip, entry) : undefined;
      return bytes ? latin1(bytes) : undefined;
    };
    const mimetype = storedMimetype(head) ?? (await read("mimetype"))?.trim();
    if (mimetype !== undefined && mimetype.startsWith("application/vnd.oasis.opendocument.")) {
      return identifyOdf(mimetype, read);
    }
    if (mimetype === "application/epub+zip") {
      return { mimeType: mimetype, formatName: "EPUB", confident: true };
    }
    const types = (await read("[Content_Types].xml")) ?? "";
    const match = ooxml.find((o) => types.includes(o.part));
    if (match) {
      const { part: _part, ...identification } = match;
      return identification;
    }
    // Without a readable central directory the file may be truncated: still a zip, but unsure.
    return parts ? ZIP : { ...ZIP, confident: false };
  });
}

// The directory's entries named in PARTS; undefined when the directory is damaged.
async function findParts(zip: ZipFile): Promise<Map<string, ZipEntry> | undefined> {
  const parts = new Map<string, ZipEntry>();
  try {
    for await (const { name, entry } of zipEntries(zip)) {
      if (PARTS.has(name) && !parts.has(name)) parts.set(name, entry);
    }
  } catch {
    return undefined;
  }
  return parts;
}

// ODF requires `mimetype` to be the first entry, stored uncompressed, so the head holds its value.
function storedMimetype(head: Uint8Array): string | undefined {
  if (head.length < 30) return undefined;
  const h = view(head);
  const method = h.getUint16(8, true);
  const size = h.getUint32(18, true);
  const nameLength = h.getUint16(26, true);
  const extraLength = h.getUint16(28, true);
  if (method !== 0 || latin1(head.subarray(30, 30 + nameLength)) !== "mimetype" || size > 200)
    return undefined;
  const start = 30 + nameLength + extraLength;
  return start + size <= head.length
    ? latin1(head.subarray(start, start + size)).trim()
    : undefined;
}

async function identifyOdf(
  mimetype: string,
  read: (name: string) => Promise<string | undefined>,
): Promise<FormatIdentification> {
  const known = odf[mimetype];
  if (!known) return { mimeType: mimetype, formatName: "OpenDocument", confident: true };
  // ODF 1.2 and later state the version in the manifest; 1.0 and 1.1 only in meta.xml.
  let version: string | undefined;
  for (const [name, attribute] of [
    ["META-INF/manifest.xml", "manifest:version"],
    ["meta.xml", "office:version"],
  ] as const) {
    const text = await read(name);
    version = text
      ? new RegExp(`${attribute}\\s*=\\s*["']([0-9.]+)["']`).exec(text)?.[1]
      : undefined;
    if (version) break;
  }
  // DROID's version-less ODF signature answers the 1.1 PUID; we do the same.
  const puid = version ? known.puids[version] : known.puids["1.1"];
  return {
    mimeType: mimetype,
    formatName: known.name,
    confident: true,
    ...(puid ? { puid } : {}),
    ...(version ? { version } : {}),
  };
}
