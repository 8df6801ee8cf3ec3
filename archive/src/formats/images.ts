// Raster image signatures: PNG, GIF, JPEG (JFIF or Exif, with versions) and TIFF.
import type { FormatIdentification } from "./types";
import { latin1, view } from "./reads";

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return signature.every((b, i) => bytes[i] === b);
}

// Identifies an image from the first bytes of a file, or undefined when it is none of these.
export function identifyImage(head: Uint8Array): FormatIdentification | undefined {
  if (startsWith(head, PNG)) return identifyPng(head);
  const text = latin1(head.subarray(0, 6));
  if (text === "GIF87a" || text === "GIF89a") {
    const version = text.slice(3);
    return {
      mimeType: "image/gif",
      puid: version === "87a" ? "fmt/3" : "fmt/4",
      formatName: "Graphics Interchange Format",
      version,
      confident: true,
    };
  }
  if (startsWith(head, [0xff, 0xd8, 0xff])) return identifyJpeg(head);
  if (text.startsWith("II*\0") || text.startsWith("MM\0*")) {
    return {
      mimeType: "image/tiff",
      puid: "fmt/353",
      formatName: "Tagged Image File Format",
      confident: true,
    };
  }
  if (text.startsWith("II+\0") || text.startsWith("MM\0+")) {
    return { mimeType: "image/tiff", formatName: "BigTIFF", confident: true };
  }
  return undefined;
}

// PNG 1.2 added iTXt; 1.1 added iCCP, sRGB and sPLT (all before IDAT). Chunks past the head are unseen.
function identifyPng(head: Uint8Array): FormatIdentification {
  const h = view(head);
  const seen = new Set<string>();
  let complete = false;
  for (let p = 8; p + 8 <= head.length;) {
    const type = latin1(head.subarray(p + 4, p + 8));
    seen.add(type);
    if (type === "IEND") {
      complete = true;
      break;
    }
    p += 12 + h.getUint32(p);
  }
  const base = { mimeType: "image/png", formatName: "Portable Network Graphics", confident: true };
  if (seen.has("iTXt")) return { ...base, puid: "fmt/13", version: "1.2" };
  if (!complete) return { ...base, puid: "fmt/13" };
  if (["iCCP", "sRGB", "sPLT"].some((t) => seen.has(t)))
    return { ...base, puid: "fmt/12", version: "1.1" };
  return { ...base, puid: "fmt/11", version: "1.0" };
}

const exifPuids: Array<[RegExp, string, string]> = [
  [/^0200$/, "x-fmt/398", "2.0"],
  [/^0210$/, "x-fmt/390", "2.1"],
  [/^0220$/, "x-fmt/391", "2.2"],
  [/^0221$/, "fmt/645", "2.21"],
  [/^023\d$/, "fmt/1507", "2.3.x"],
];

// The first segment decides, as in DROID: APP0 "JFIF" or APP1 "Exif"; anything else is a raw stream.
function identifyJpeg(head: Uint8Array): FormatIdentification {
  const marker = head[3];
  const id = latin1(head.subarray(6, 11));
  if (marker === 0xe0 && id === "JFIF\0") {
    const version = `${head[11] ?? 1}.${String(head[12] ?? 0).padStart(2, "0")}`;
    const puid = { "1.00": "fmt/42", "1.01": "fmt/43", "1.02": "fmt/44" }[version];
    return {
      mimeType: "image/jpeg",
      formatName: "JPEG File Interchange Format",
      version,
      confident: true,
      ...(puid ? { puid } : {}),
    };
  }
  if (marker === 0xe1 && id === "Exif\0") {
    const exifVersion = readExifVersion(head.subarray(12));
    const match = exifVersion
      ? exifPuids.find(([pattern]) => pattern.test(exifVersion))
      : undefined;
    return {
      mimeType: "image/jpeg",
      formatName: "Exchangeable Image File Format (Compressed)",
      confident: true,
      ...(match ? { puid: match[1], version: match[2] } : { puid: "fmt/41" }),
    };
  }
  return { mimeType: "image/jpeg", puid: "fmt/41", formatName: "Raw JPEG Stream", confident: true };
}

// ExifVersion (tag 0x9000) lives in the Exif IFD that IFD0's tag 0x8769 points to.
function readExifVersion(tiff: Uint8Array): string | undefined {
  if (tiff.length < 8) return undefined;
  const t = view(tiff);
  const little = tiff[0] === 0x49;
  const findTag = (ifd: number, tag: number): number | undefined => {
    if (ifd + 2 > tiff.length) return undefined;
    const count = t.getUint16(ifd, little);
    for (let i = 0; i < count; i++) {
      const at = ifd + 2 + i * 12;
      if (at + 12 > tiff.length) return undefined;
      if (t.getUint16(at, little) === tag) return at;
    }
    return undefined;
  };
  const pointer = findTag(t.getUint32(4, little), 0x8769);
  if (pointer === undefined) return undefined;
  const version = findTag(t.getUint32(pointer + 8, little), 0x9000);
  return version === undefined ? undefined : latin1(tiff.subarray(version + 8, version + 12));
}
