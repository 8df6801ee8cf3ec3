// PDF by header version, PDF/A by the XMP `pdfaid` properties. The XMP packet can sit anywhere, so
// the first and last few megabytes are scanned; PDF/A forbids compressing it, so it reads as text.
import type { FormatIdentification } from "./types";
import { latin1, read, type ReadSteps } from "./reads";

const versionPuids: Record<string, string> = {
  "1.0": "fmt/14",
  "1.1": "fmt/15",
  "1.2": "fmt/16",
  "1.3": "fmt/17",
  "1.4": "fmt/18",
  "1.5": "fmt/19",
  "1.6": "fmt/20",
  "1.7": "fmt/276",
  "2.0": "fmt/1129",
};

const pdfaPuids: Record<string, string> = {
  "1a": "fmt/95",
  "1b": "fmt/354",
  "2a": "fmt/476",
  "2b": "fmt/477",
  "2u": "fmt/478",
  "3a": "fmt/479",
  "3b": "fmt/480",
  "3u": "fmt/481",
};

const SCAN_WINDOW = 4 * 1024 * 1024;
const CHUNK = 1024 * 1024;
const OVERLAP = 2048;

// The PDF version in a header that the spec allows within the first 1024 bytes, e.g. "1.7".
export function pdfHeaderVersion(head: Uint8Array): string | undefined {
  return /%PDF-(\d\.\d)/.exec(latin1(head.subarray(0, 1024)))?.[1];
}

// Identifies a file whose head holds a %PDF- header.
export function* identifyPdf(
  head: Uint8Array,
  size: number,
  version: string,
): ReadSteps<FormatIdentification> {
  const level = yield* findPdfaLevel(head, size);
  if (level) {
    const puid = pdfaPuids[level] ?? versionPuids[version];
    return {
      mimeType: "application/pdf",
      formatName: "Acrobat PDF/A - Portable Document Format",
      version: level,
      confident: true,
      ...(puid ? { puid } : {}),
    };
  }
  const puid = versionPuids[version];
  if (!puid)
    return {
      mimeType: "application/pdf",
      formatName: "Portable Document Format",
      confident: false,
    };
  return {
    mimeType: "application/pdf",
    formatName:
      version === "2.0"
        ? "PDF 2.0 - Portable Document Format"
        : `Acrobat PDF ${version} - Portable Document Format`,
    version,
    puid,
    confident: true,
  };
}

// "1b", "2u", "4" …, or undefined when no pdfaid part is found in the scanned windows.
function* findPdfaLevel(head: Uint8Array, size: number): ReadSteps<string | undefined> {
  const ranges: Array<[number, number]> =
    size <= 2 * SCAN_WINDOW
      ? [[0, size]]
      : [
          [0, SCAN_WINDOW],
          [size - SCAN_WINDOW, size],
        ];
  for (const [start, end] of ranges) {
    for (let offset = start; offset < end; offset += CHUNK) {
      const length = Math.min(CHUNK + OVERLAP, end - offset);
      const bytes =
        offset === 0 && head.length >= length
          ? head.subarray(0, length)
          : yield* read(offset, length);
      const level = pdfaLevel(latin1(bytes));
      if (level) return level;
    }
  }
  return undefined;
}

// Reads both the attribute form (pdfaid:part="1") and the element form (<pdfaid:part>1</pdfaid:part>).
export function pdfaLevel(text: string): string | undefined {
  const part = /pdfaid:part\s*(?:=\s*["']|>)\s*(\d)/.exec(text);
  if (!part) return undefined;
  const near = text.slice(Math.max(0, part.index - 1024), part.index + 1024);
  const conformance = /pdfaid:conformance\s*(?:=\s*["']|>)\s*([A-Za-z])/.exec(near)?.[1];
  return `${part[1]}${conformance ? conformance.toLowerCase() : ""}`;
}
