// Reads a metadata spreadsheet as spreadsheets really save it: UTF-8 with or without a byte-order
// mark, else Windows-1252 (what Excel on Windows writes as "CSV"), comma, semicolon or tab
// delimited, quoted fields holding newlines, trailing empty rows. Pure: bytes in, rows out, so the
// batch page and the terminal command read a file the same way.
import Papa from "papaparse";

export type CsvEncoding = "utf-8" | "utf-8-bom" | "utf-16le" | "utf-16be" | "windows-1252";

export interface CsvRow {
  // The row's number as a spreadsheet shows it: the header is row 1.
  row: number;
  // One value per header, trimmed; a missing cell is "".
  cells: string[];
}

export interface ParsedCsv {
  encoding: CsvEncoding;
  delimiter: string;
  headers: string[];
  rows: CsvRow[];
  // Sentences about the file as a whole (e.g. a row longer than the header); rows are still read.
  warnings: string[];
}

export class CsvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CsvError";
  }
}

// Decodes the file's bytes: a BOM decides; otherwise UTF-8 when the bytes are valid UTF-8, else
// Windows-1252, which maps every byte to a character and so never fails.
export function decodeCsvBytes(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: new TextDecoder("utf-8").decode(bytes.subarray(3)), encoding: "utf-8-bom" };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: new TextDecoder("utf-16le").decode(bytes.subarray(2)), encoding: "utf-16le" };
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { text: new TextDecoder("utf-16be").decode(bytes.subarray(2)), encoding: "utf-16be" };
  }
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: "windows-1252" };
  }
}

// Windows-1252's characters for the bytes 0x80 to 0x9F (the rest is Latin-1). Decoded here rather
// than by TextDecoder("windows-1252"): Node's decodes those bytes as Latin-1's control characters,
// so "’" and "€" would come out wrong in the terminal command but right in the browser.
const CP1252_HIGH =
  "\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f" +
  "\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178";

function decodeWindows1252(bytes: Uint8Array): string {
  const chars: string[] = [];
  for (let i = 0; i < bytes.length; i += 8192) {
    const chunk = bytes.subarray(i, i + 8192);
    chars.push(
      String.fromCharCode(
        ...Array.from(chunk, (b) =>
          b >= 0x80 && b <= 0x9f ? CP1252_HIGH.charCodeAt(b - 0x80) : b,
        ),
      ),
    );
  }
  return chars.join("");
}

const DELIMITERS = [",", ";", "\t", "|"];

// The delimiter the header row uses most, outside quotes: headers seldom hold one of these, where
// values often do ("Smith, Jane"), so the header decides better than a guess over every row.
function headerDelimiter(text: string): string | undefined {
  const counts = new Map(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const char of text.replace(/^\s*\n/, "")) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : undefined;
}

function isBlank(cells: readonly string[]): boolean {
  return cells.every((c) => c.trim() === "");
}

// Parses decoded text; throws a CsvError with a sentence when there is no header to read.
export function parseCsvText(text: string, encoding: CsvEncoding = "utf-8"): ParsedCsv {
  const result = Papa.parse<string[]>(text, {
    header: false,
    skipEmptyLines: false,
    delimiter: headerDelimiter(text) ?? "",
    delimitersToGuess: DELIMITERS,
  });
  const records = result.data;
  const first = records.findIndex((cells) => !isBlank(cells));
  if (first === -1) {
    throw new CsvError("The spreadsheet is empty: it needs a header row naming its columns.");
  }
  const headers = (records[first] ?? []).map((h) => h.trim());
  const delimiter = result.meta.delimiter;
  const warnings: string[] = [];
  const quoteError = result.errors.find((e) => e.type === "Quotes");
  if (quoteError) {
    warnings.push(
      `Row ${(quoteError.row ?? 0) + 1} opens a quoted field that never closes: check its quotation marks.`,
    );
  }
  const rows: CsvRow[] = [];
  records.forEach((cells, index) => {
    if (index <= first || isBlank(cells)) return;
    const row = index + 1;
    if (cells.length > headers.length && !isBlank(cells.slice(headers.length))) {
      warnings.push(
        `Row ${row} has ${cells.length} values but the header names ${headers.length} columns: the extra values are ignored.`,
      );
    }
    rows.push({ row, cells: headers.map((_, i) => (cells[i] ?? "").trim()) });
  });
  return { encoding, delimiter, headers, rows, warnings };
}

// Reads a spreadsheet file's bytes.
export function readCsv(bytes: Uint8Array): ParsedCsv {
  const { text, encoding } = decodeCsvBytes(bytes);
  return parseCsvText(text, encoding);
}

// Writes rows as CSV (comma, CRLF, quoted where needed), with a BOM so spreadsheets read UTF-8.
export function writeCsv(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  return `\uFEFF${Papa.unparse({ fields: [...headers], data: rows.map((r) => [...r]) }, { newline: "\r\n", escapeFormulae: true })}\r\n`;
}
