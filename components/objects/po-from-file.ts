// How a dropped file becomes a preservation object (ETSI POType): its media type, detected from
// the bytes first, and whether it travels as xmlData or binaryData. Pure: the page reads the first
// bytes of the file and passes them in.
import type { PO } from "@scriptorium/contract/preservation/schemas";

// How many leading bytes the detection needs.
export const SNIFF_BYTES = 512;

const SIGNATURES: { type: string; name: string; test: (b: Uint8Array) => boolean }[] = [
  { type: "application/pdf", name: "a PDF document", test: (b) => startsWith(b, "%PDF-") },
  { type: "image/png", name: "a PNG image", test: (b) => bytesAt(b, 0, [0x89, 0x50, 0x4e, 0x47]) },
  { type: "image/jpeg", name: "a JPEG image", test: (b) => bytesAt(b, 0, [0xff, 0xd8, 0xff]) },
  { type: "image/gif", name: "a GIF image", test: (b) => startsWith(b, "GIF8") },
  {
    type: "image/tiff",
    name: "a TIFF image",
    test: (b) => bytesAt(b, 0, [0x49, 0x49, 0x2a, 0x00]) || bytesAt(b, 0, [0x4d, 0x4d, 0x00, 0x2a]),
  },
  {
    type: "image/webp",
    name: "a WebP image",
    test: (b) => startsWith(b, "RIFF") && ascii(b, 8, 12) === "WEBP",
  },
];

const BY_EXTENSION: Record<string, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  tif: "image/tiff",
  tiff: "image/tiff",
  svg: "image/svg+xml",
  txt: "text/plain",
  md: "text/markdown",
  csv: "text/csv",
  json: "application/json",
  xml: "application/xml",
  xsd: "application/xml",
  html: "text/html",
  zip: "application/zip",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  odt: "application/vnd.oasis.opendocument.text",
};

function bytesAt(bytes: Uint8Array, offset: number, expected: number[]): boolean {
  return expected.every((value, index) => bytes[offset + index] === value);
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}

function startsWith(bytes: Uint8Array, text: string): boolean {
  return ascii(bytes, 0, text.length) === text;
}

// The text at the start of the file without a UTF-8 byte order mark or leading white space.
function leadingText(bytes: Uint8Array): string {
  const start = bytesAt(bytes, 0, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  return new TextDecoder("utf-8", { fatal: false }).decode(bytes.subarray(start)).trimStart();
}

// Text when the leading bytes decode as UTF-8 and carry no control characters but tab and newlines.
function looksLikeText(bytes: Uint8Array): boolean {
  if (bytes.length === 0) return false;
  try {
    // A multi-byte character cut at the end of the sample is not a reason to call it binary.
    const sample = new TextDecoder("utf-8", { fatal: true }).decode(
      bytes.subarray(0, bytes.length - 4),
    );
    return !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(sample);
  } catch {
    return false;
  }
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}

export function isXmlMediaType(type: string): boolean {
  return type === "application/xml" || type === "text/xml" || type.endsWith("+xml");
}

export interface FileFacts {
  name: string;
  // What the browser says (File.type); "" when it has no idea.
  type: string;
  // The first SNIFF_BYTES bytes.
  head: Uint8Array;
}

export interface PoDecision {
  mimeType: string;
  // xmlData when the content is XML, else binaryData.
  xml: boolean;
  // Why, in words, for the list of dropped files.
  reason: string;
}

// The media type and the kind of content of a dropped file.
export function decidePo(file: FileFacts): PoDecision {
  const signature = SIGNATURES.find((s) => s.test(file.head));
  if (signature)
    return {
      mimeType: signature.type,
      xml: false,
      reason: `Kept as is: the bytes are ${signature.name}.`,
    };
  const claimed =
    file.type.split(";")[0]?.trim().toLowerCase() || BY_EXTENSION[extensionOf(file.name)] || "";
  const leading = leadingText(file.head);
  if (leading.startsWith("<?xml")) {
    const mimeType = isXmlMediaType(claimed) ? claimed : "application/xml";
    return { mimeType, xml: true, reason: "XML: the file begins with an XML declaration." };
  }
  if (isXmlMediaType(claimed) && leading.startsWith("<")) {
    return {
      mimeType: claimed,
      xml: true,
      reason: "XML: the file is named as XML and begins with an element.",
    };
  }
  if (isXmlMediaType(claimed)) {
    return {
      mimeType: "application/octet-stream",
      xml: false,
      reason: "Kept as is: the file is named as XML but its content is not XML.",
    };
  }
  if (claimed)
    return { mimeType: claimed, xml: false, reason: `Kept as is: the file is ${claimed}.` };
  if (looksLikeText(file.head))
    return {
      mimeType: "text/plain",
      xml: false,
      reason: "Kept as is: the content reads as plain text.",
    };
  return {
    mimeType: "application/octet-stream",
    xml: false,
    reason: "Kept as is: the format could not be recognised.",
  };
}

// Ids for a set of names: each name once; a repeated name gets " (2)", " (3)" before its extension.
export function uniqueIds(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const base = name.trim() || "file";
    let id = base;
    for (let n = 2; taken.has(id); n++) {
      const dot = base.lastIndexOf(".");
      id = dot > 0 ? `${base.slice(0, dot)} (${n})${base.slice(dot)}` : `${base} (${n})`;
    }
    taken.add(id);
    return id;
  });
}

// The PO of a data object: its content base64 in the field the decision chose.
export function dataPo(input: {
  id: string;
  base64: string;
  decision: PoDecision;
  relObj?: readonly string[];
}): PO {
  const content = input.decision.xml
    ? { xmlData: { b64Content: input.base64 } }
    : { binaryData: { value: input.base64 } };
  return {
    ...content,
    mimeType: input.decision.mimeType,
    id: input.id,
    ...(input.relObj && input.relObj.length > 0 ? { relObj: [...input.relObj] } : {}),
  };
}

// The PO of a metadata object: the schema namespace as formatId, so the archive validates it.
export function metadataPo(input: {
  id: string;
  schema: string;
  // Filled-in fields, sent as JSON, or an attached metadata file (base64) sent as it is.
  fields?: Record<string, unknown>;
  file?: { base64: string; xml: boolean };
  relObj?: readonly string[];
}): PO {
  const relObj = input.relObj && input.relObj.length > 0 ? { relObj: [...input.relObj] } : {};
  if (input.file) {
    const content = input.file.xml
      ? { xmlData: { b64Content: input.file.base64 } }
      : { binaryData: { value: input.file.base64 } };
    return {
      ...content,
      formatId: input.schema,
      mimeType: input.file.xml ? "application/xml" : "application/json",
      id: input.id,
      ...relObj,
    };
  }
  const json = JSON.stringify(input.fields ?? {});
  const base64 = bytesToBase64Text(json);
  return {
    binaryData: { value: base64 },
    formatId: input.schema,
    mimeType: "application/json",
    id: input.id,
    ...relObj,
  };
}

// Base64 of a string's UTF-8 bytes (btoa alone only takes Latin-1).
export function bytesToBase64Text(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
