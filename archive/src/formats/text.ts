// Text formats: XML, HTML, JSON, CSV/TSV and plain text, decided from a UTF-8 check of the head.
import { XMLValidator } from "fast-xml-parser";
import type { FormatIdentification } from "./types";
import { read, type ReadSteps } from "./reads";

// JSON and XML larger than this are judged by their start only (and marked not confident).
const FULL_PARSE_LIMIT = 8 * 1024 * 1024;
const MAX_CSV_RECORDS = 50;

// The head as text, or undefined when it is binary. `complete` says whether the head is the whole file.
export function decodeText(head: Uint8Array, complete: boolean): string | undefined {
  if (head[0] === 0xfe && head[1] === 0xff) return decodeWith("utf-16be", head, complete);
  if (head[0] === 0xff && head[1] === 0xfe) return decodeWith("utf-16le", head, complete);
  if (head.includes(0)) return undefined;
  const text = decodeWith("utf-8", head, complete);
  if (text === undefined) return undefined;
  let controls = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (
      (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c && c !== 0x1b) ||
      c === 0x7f
    )
      controls++;
  }
  return controls > text.length * 0.02 ? undefined : text;
}

// A head cut in the middle of a multi-byte character is still text: retry without the last 1-3 bytes.
function decodeWith(encoding: string, bytes: Uint8Array, complete: boolean): string | undefined {
  const decoder = new TextDecoder(encoding, { fatal: true });
  for (let cut = 0; cut <= (complete ? 0 : 3); cut++) {
    try {
      return decoder.decode(bytes.subarray(0, bytes.length - cut));
    } catch {
      // try a shorter prefix
    }
  }
  return undefined;
}

function extension(fileName: string | undefined): string {
  return /\.([^./\\]+)$/.exec(fileName ?? "")?.[1]?.toLowerCase() ?? "";
}

// Identifies text already known to decode; reads the whole file (up to a limit) to parse JSON or XML.
export function* identifyText(
  text: string,
  size: number,
  complete: boolean,
  fileName?: string,
): ReadSteps<FormatIdentification> {
  const ext = extension(fileName);
  const start = text.replace(/^\uFEFF/, "").trimStart();
  const whole = function* () {
    if (complete) return text;
    if (size > FULL_PARSE_LIMIT) return undefined;
    return decodeText(yield* read(0, size), true);
  };
  if (/^<!DOCTYPE html|^<html[\s>]/i.test(start)) {
    return { mimeType: "text/html", formatName: "Hypertext Markup Language", confident: true };
  }
  if (start.startsWith("<")) {
    const declared = /^<\?xml[^>]*version\s*=\s*["']([0-9.]+)["']/.exec(start)?.[1];
    const full = yield* whole();
    const wellFormed = full !== undefined && XMLValidator.validate(full) === true;
    if (declared || wellFormed) {
      const version = declared ?? "1.0";
      return {
        mimeType: "application/xml",
        formatName: "Extensible Markup Language",
        version,
        confident: wellFormed || (full === undefined && declared !== undefined),
        ...(version === "1.0" ? { puid: "fmt/101" } : {}),
      };
    }
  }
  if (start.startsWith("{") || start.startsWith("[")) {
    const full = yield* whole();
    const parses = full !== undefined && isJson(full);
    if (parses || (full === undefined && (ext === "json" || /^[{[]\s*["{[\]}]/.test(start)))) {
      return {
        mimeType: "application/json",
        puid: "fmt/817",
        formatName: "JSON Data Interchange Format",
        confident: parses,
      };
    }
  }
  const table = delimitedShape(text, complete);
  if (table && (table.records >= 3 || ext === "csv" || ext === "tsv")) {
    return table.delimiter === "\t"
      ? {
          mimeType: "text/tab-separated-values",
          formatName: "Tab-separated values",
          confident: true,
        }
      : {
          mimeType: "text/csv",
          puid: "x-fmt/18",
          formatName: "Comma Separated Values",
          confident: true,
        };
  }
  if (ext === "csv")
    return {
      mimeType: "text/csv",
      puid: "x-fmt/18",
      formatName: "Comma Separated Values",
      confident: false,
    };
  return {
    mimeType: "text/plain",
    puid: "x-fmt/111",
    formatName: "Plain Text File",
    confident: true,
  };
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text.replace(/^\uFEFF/, ""));
    return true;
  } catch {
    return false;
  }
}

// The delimiter that splits every record into the same number (≥ 2) of fields, quotes respected.
export function delimitedShape(
  text: string,
  complete: boolean,
): { delimiter: string; records: number } | undefined {
  for (const delimiter of [",", ";", "\t"]) {
    const counts = fieldCounts(text, delimiter, complete);
    const first = counts[0];
    if (
      counts.length >= 2 &&
      first !== undefined &&
      first >= 2 &&
      counts.every((c) => c === first)
    ) {
      return { delimiter, records: counts.length };
    }
  }
  return undefined;
}

function fieldCounts(text: string, delimiter: string, complete: boolean): number[] {
  const counts: number[] = [];
  let fields = 1;
  let quoted = false;
  let empty = true;
  for (let i = 0; i < text.length && counts.length < MAX_CSV_RECORDS; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') i++;
      else if (c === '"') quoted = false;
    } else if (c === '"') {
      quoted = true;
      empty = false;
    } else if (c === delimiter) {
      fields++;
      empty = false;
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      if (!empty) counts.push(fields);
      fields = 1;
      empty = true;
    } else {
      empty = false;
    }
  }
  // The last record of a cut head may be partial; of a whole file it counts.
  if (!empty && complete && !quoted && counts.length < MAX_CSV_RECORDS) counts.push(fields);
  return counts;
}
