import { describe, expect, it } from "vitest";
import { CsvError, decodeCsvBytes, parseCsvText, readCsv, writeCsv } from "./csv";

const utf8 = (s: string) => new TextEncoder().encode(s);

// Windows-1252 bytes of a string of Latin-1 characters plus the few 1252 extras used here.
function cp1252(s: string): Uint8Array {
  const extras: Record<string, number> = { "€": 0x80, "’": 0x92, œ: 0x9c };
  return Uint8Array.from([...s].map((c) => extras[c] ?? c.charCodeAt(0)));
}

describe("decodeCsvBytes", () => {
  it("drops a UTF-8 byte-order mark and says the file had one", () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8("filename,title\na.pdf,Été\n")]);
    const { text, encoding } = decodeCsvBytes(bytes);
    expect(encoding).toBe("utf-8-bom");
    expect(text.startsWith("filename")).toBe(true);
    expect(text).toContain("Été");
  });

  it("reads valid UTF-8 without a mark as UTF-8", () => {
    expect(decodeCsvBytes(utf8("a,b\nç,ß\n"))).toEqual({ text: "a,b\nç,ß\n", encoding: "utf-8" });
  });

  it("falls back to Windows-1252 for bytes that are not UTF-8, as Excel saves them", () => {
    const { text, encoding } = decodeCsvBytes(cp1252("filename;title\nr.pdf;Cœur d’été 5 €\n"));
    expect(encoding).toBe("windows-1252");
    expect(text).toContain("Cœur d’été 5 €");
  });

  it("reads UTF-16 with its mark, as Excel's Unicode text export", () => {
    const body = "a\tb\nx\ty\n";
    const bytes = new Uint8Array(2 + body.length * 2);
    bytes.set([0xff, 0xfe]);
    [...body].forEach((c, i) => bytes.set([c.charCodeAt(0), 0], 2 + i * 2));
    expect(decodeCsvBytes(bytes)).toEqual({ text: body, encoding: "utf-16le" });
  });
});

describe("readCsv", () => {
  it("reads comma-separated rows with their spreadsheet row numbers", () => {
    const csv = readCsv(utf8("filename,dc.title\na.pdf,First\nb.pdf,Second\n"));
    expect(csv.delimiter).toBe(",");
    expect(csv.headers).toEqual(["filename", "dc.title"]);
    expect(csv.rows).toEqual([
      { row: 2, cells: ["a.pdf", "First"] },
      { row: 3, cells: ["b.pdf", "Second"] },
    ]);
  });

  it("detects semicolons (European Excel) with commas inside values", () => {
    const csv = readCsv(cp1252("filename;title;description\na.pdf;Décision, annexe;x, y\n"));
    expect(csv.delimiter).toBe(";");
    expect(csv.rows[0]?.cells).toEqual(["a.pdf", "Décision, annexe", "x, y"]);
  });

  it("detects tabs", () => {
    const csv = readCsv(utf8("filename\ttitle\na.pdf\tA, B; C\n"));
    expect(csv.delimiter).toBe("\t");
    expect(csv.rows[0]?.cells).toEqual(["a.pdf", "A, B; C"]);
  });

  it("keeps newlines and doubled quotes inside quoted fields, numbering rows as records", () => {
    const text = 'filename,description\r\na.pdf,"line one\r\nline ""two"""\r\nb.pdf,plain\r\n';
    const csv = parseCsvText(text);
    expect(csv.rows).toEqual([
      { row: 2, cells: ["a.pdf", 'line one\r\nline "two"'] },
      { row: 3, cells: ["b.pdf", "plain"] },
    ]);
  });

  it("ignores trailing empty rows, blank lines and rows of empty cells", () => {
    const csv = readCsv(utf8("filename,title\na.pdf,A\n\n,\n  \n,,\n\n"));
    expect(csv.rows).toEqual([{ row: 2, cells: ["a.pdf", "A"] }]);
  });

  it("trims headers and cells, and fills short rows with empty values", () => {
    const csv = readCsv(utf8("\uFEFF filename , title ,date\n a.pdf ,  A \n"));
    expect(csv.encoding).toBe("utf-8-bom");
    expect(csv.headers).toEqual(["filename", "title", "date"]);
    expect(csv.rows[0]?.cells).toEqual(["a.pdf", "A", ""]);
  });

  it("warns about values past the last column and about an unclosed quote", () => {
    const csv = readCsv(utf8('filename,title\na.pdf,A,extra\nb.pdf,"open\n'));
    expect(csv.warnings).toContain(
      "Row 2 has 3 values but the header names 2 columns: the extra values are ignored.",
    );
    expect(csv.warnings.some((w) => w.includes("never closes"))).toBe(true);
  });

  it("refuses an empty file with a sentence", () => {
    expect(() => readCsv(utf8("\n\n"))).toThrow(CsvError);
    expect(() => readCsv(new Uint8Array())).toThrow(/needs a header row/);
  });
});

describe("writeCsv", () => {
  it("writes what readCsv reads back, quoting delimiters, quotes and newlines", () => {
    const rows = [
      ["a.pdf", 'Say "hi", then\nleave'],
      ["b;c.pdf", "Ünïcode"],
    ];
    const back = readCsv(utf8(writeCsv(["file", "message"], rows)));
    expect(back.headers).toEqual(["file", "message"]);
    expect(back.rows.map((r) => r.cells)).toEqual(rows);
  });

  it("defuses values a spreadsheet would run as formulas", () => {
    const text = writeCsv(["file"], [["=HYPERLINK(1)"]]);
    expect(text).not.toMatch(/^=HYPERLINK/m);
  });
});
