import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { autoMap, normaliseHeader, schemaFields, type SchemaField } from "./columns";
import type { CsvRow } from "./csv";
import { packagePlanInput } from "./package-input";
import {
  givenPackageIds,
  normalisePath,
  planBatch,
  suggestGrouping,
  type BatchFile,
  type BatchPlanInput,
  type Grouping,
} from "./plan";

const FIELDS: SchemaField[] = schemaFields({
  $id: "dc",
  properties: {
    title: { type: "string", title: "Title" },
    subject: { type: "array", title: "Subject" },
    date: { type: "string", title: "Date" },
  },
});

// A stand-in for the schema check: a title is required, a date is YYYY-MM-DD.
function validate(metadata: Record<string, unknown>): string[] {
  const problems: string[] = [];
  if (typeof metadata.title !== "string") problems.push("Title: This field is required.");
  if (typeof metadata.date === "string" && !/^\d{4}-\d{2}-\d{2}$/.test(metadata.date))
    problems.push("Date: Enter a date as YYYY-MM-DD.");
  return problems;
}

const file = (path: string, size = 10): BatchFile => ({ path, size });

function csvOf(headers: string[], rows: string[][]): BatchPlanInput["csv"] {
  return { headers, rows: rows.map((cells, i): CsvRow => ({ row: i + 2, cells })) };
}

function input(over: Partial<BatchPlanInput>): BatchPlanInput {
  const csv = over.csv ?? null;
  return {
    files: [],
    csv,
    mapping: csv ? autoMap(csv.headers, FIELDS) : [],
    grouping: "file",
    schemaUri: "dc",
    fields: FIELDS,
    validate,
    ...over,
  };
}

describe("autoMap", () => {
  it("matches spreadsheet spellings to the file column and the schema's fields", () => {
    expect(normaliseHeader("DC:Title")).toBe("title");
    const headers = ["Filename", "dc.title", "dcterms:subject", "Subject", "Date", "notes"];
    expect(autoMap(headers, FIELDS)).toEqual([
      { kind: "file" },
      { kind: "field", field: "title" },
      { kind: "field", field: "subject" },
      { kind: "field", field: "subject" },
      { kind: "field", field: "date" },
      { kind: "ignore" },
    ]);
  });
});

describe("planBatch", () => {
  it("names the bad row, its file and the field, and is ready once the row is fixed", () => {
    const files = ["a.pdf", "b.pdf", "c.pdf"].map((p) => file(p));
    const rows = [
      ["a.pdf", "Alpha", "2024-01-02"],
      ["b.pdf", "Beta", "2024-13"],
      ["objects/c.pdf", "Gamma", ""],
    ];
    const bad = planBatch(input({ files, csv: csvOf(["filename", "dc.title", "dc.date"], rows) }));
    expect(bad.ready).toBe(false);
    expect(bad.problems.map((p) => p.message)).toEqual([
      "Row 3 (b.pdf): Date: Enter a date as YYYY-MM-DD.",
    ]);
    expect(bad.problems[0]).toMatchObject({ row: 3, packageKey: "b.pdf" });

    rows[1]![2] = "2024-12-01";
    const good = planBatch(input({ files, csv: csvOf(["filename", "dc.title", "dc.date"], rows) }));
    expect(good.ready).toBe(true);
    expect(good.packages.map((p) => [p.key, p.title])).toEqual([
      ["a.pdf", "Alpha"],
      ["b.pdf", "Beta"],
      ["c.pdf", "Gamma"],
    ]);
  });

  it("reports missing files, files without rows, duplicate rows and taken or invalid ids", () => {
    const files = ["a.pdf", "b.pdf", "c.pdf"].map((p) => file(p));
    const csv = csvOf(
      ["file", "title", "packageId"],
      [
        ["a.pdf", "A", "taken-1"],
        ["a.pdf", "A again", ""],
        ["zzz.pdf", "Z", ""],
        ["c.pdf", "C", "bad/id"],
      ],
    );
    const plan = planBatch(input({ files, csv, takenPackageIds: new Set(["taken-1"]) }));
    expect(plan.problems.map((p) => p.message)).toEqual([
      'Row 3: rows 2 and 3 both describe "a.pdf": keep one and exclude the other.',
      'Row 4: "zzz.pdf" is not among the chosen files: correct the name, or exclude the row.',
      'Row 2: the package id "taken-1" is already taken in the archive; choose another, or leave it empty for the archive to choose.',
      '"b.pdf" has no row in the spreadsheet: add one, or exclude the file.',
      'Row 5: packageId may not contain @ < > : " / \\ | ? *.',
    ]);
    const fixed = planBatch(
      input({
        files,
        csv,
        takenPackageIds: new Set(["taken-1"]),
        excludedRows: new Set([2, 3, 4, 5]),
        excludedFiles: new Set(["b.pdf"]),
      }),
    );
    expect(fixed.problems.map((p) => p.message)).toEqual([
      '"a.pdf" has no row in the spreadsheet: add one, or exclude the file.',
      '"c.pdf" has no row in the spreadsheet: add one, or exclude the file.',
    ]);
  });

  it("lists the package ids the spreadsheet gives, for the page to ask which are taken", () => {
    const csv = csvOf(
      ["file", "title", "packageId"],
      [
        ["a.pdf", "A", "id-b"],
        ["b.pdf", "B", ""],
        ["c.pdf", "C", "id-a"],
        ["d.pdf", "D", "id-b"],
        ["e.pdf", "E", "id-e"],
      ],
    );
    const mapping = autoMap(csv!.headers, FIELDS);
    expect(givenPackageIds(csv, mapping)).toEqual(["id-a", "id-b", "id-e"]);
    expect(givenPackageIds(csv, mapping, new Set([6]))).toEqual(["id-a", "id-b"]);
    expect(givenPackageIds(csv, autoMap(["file", "title"], FIELDS))).toEqual([]);
    expect(givenPackageIds(null, mapping)).toEqual([]);
  });

  it("refuses a file past what one upload takes: 5 TiB in parts, 5 GiB without them", () => {
    const files = [file("film.mov", 6 * 1024 ** 3), file("huge.raw", 6 * 1024 ** 4)];
    expect(planBatch(input({ files })).problems.map((p) => p.message)).toEqual([
      '"huge.raw" (6 TB) is larger than the archive accepts in any upload: exclude it.',
    ]);
    const single = planBatch(input({ files, maxFileBytes: 5 * 1024 ** 3 }));
    expect(single.problems.map((p) => p.message)).toEqual([
      '"film.mov" (6 GB) is larger than the 5 GB the archive takes in one upload, and it offers no multipart uploads: exclude the file.',
      '"huge.raw" (6 TB) is larger than the 5 GB the archive takes in one upload, and it offers no multipart uploads: exclude the file.',
    ]);
    expect(single.ready).toBe(false);
  });

  it("per folder: the folder's row describes the package, file rows its documents", () => {
    const files = [file("letters/one.pdf"), file("letters/two.pdf"), file("maps/map.tif")];
    const csv = csvOf(
      ["filename", "dc.title", "dc.subject", "dc.subject"],
      [
        ["objects/letters", "Letters", "post|mail", "1900s"],
        ["letters/two.pdf", "Second letter", "", ""],
        ["maps", "Maps", "", ""],
      ],
    );
    const plan = planBatch(input({ files, csv, grouping: "folder" }));
    expect(plan.problems).toEqual([]);
    const letters = plan.packages.find((p) => p.key === "letters")!;
    expect(letters.metadata).toEqual({ title: "Letters", subject: ["post", "mail", "1900s"] });
    expect(letters.documentMetadata).toEqual({ "letters/two.pdf": { title: "Second letter" } });
    const request = packagePlanInput(letters, "default", "dc");
    expect(request.documents.map((d) => d.name)).toEqual(["one.pdf", "two.pdf"]);
    expect(request.metadatas).toEqual([{ schema: "dc", metadata: letters.metadata }]);
  });

  it("without a spreadsheet plans the packages with no metadata and no problem", () => {
    const plan = planBatch(input({ files: [file("x/aaa.txt"), file("bbb.txt")] }));
    expect(plan.ready).toBe(true);
    expect(plan.packages.map((p) => p.key)).toEqual(["bbb.txt", "x/aaa.txt"]);
  });

  it("says the file column is missing rather than guessing", () => {
    const csv = csvOf(["name", "title"], [["a.pdf", "A"]]);
    const plan = planBatch(input({ files: [file("a.pdf")], csv }));
    expect(plan.problems[0]?.message).toMatch(/^Choose the column that names the files/);
  });
});

describe("suggestGrouping", () => {
  it("follows the folder's shape", () => {
    expect(suggestGrouping([file("a/x.pdf"), file("b/y.pdf")]).grouping).toBe("folder");
    expect(suggestGrouping([file("x.pdf"), file("b/y.pdf")]).grouping).toBe("file");
    expect(suggestGrouping([file("a/x.pdf"), file("a/y.pdf")]).grouping).toBe("file");
  });
});

// Properties over random folders and spreadsheets.
const segment = fc.stringMatching(/^[a-z0-9]{3,8}$/);
const pathArb = fc
  .tuple(fc.option(segment, { nil: undefined }), segment)
  .map(([dir, name]) => (dir ? `${dir}/${name}.pdf` : `${name}.pdf`));
const filesArb = fc
  .uniqueArray(pathArb, { minLength: 1, maxLength: 25 })
  .map((paths) => paths.map((p, i) => file(p, i * 100)));
const groupingArb = fc.constantFrom<Grouping>("file", "folder", "one");

describe("planBatch properties", () => {
  it("puts every file that is not excluded in exactly one package, whatever the grouping", () => {
    fc.assert(
      fc.property(filesArb, groupingArb, fc.func(fc.boolean()), (files, grouping, drop) => {
        const excluded = new Set(files.filter((f) => drop(f.path)).map((f) => f.path));
        const plan = planBatch(input({ files, grouping, excludedFiles: excluded }));
        const planned = plan.packages.flatMap((p) => p.files.map((f) => f.path)).sort();
        const expected = files
          .map((f) => f.path)
          .filter((p) => !excluded.has(p))
          .sort();
        expect(planned).toEqual(expected);
        if (grouping === "one") expect(plan.packages.length).toBe(expected.length > 0 ? 1 : 0);
        if (grouping === "file") expect(plan.packages.length).toBe(expected.length);
      }),
    );
  });

  it("gives the same plan whatever the order the files arrive in", () => {
    fc.assert(
      fc.property(
        filesArb.chain((files) =>
          fc.tuple(fc.constant(files), fc.shuffledSubarray(files, { minLength: files.length })),
        ),
        groupingArb,
        ([files, shuffled], grouping) => {
          const rows = files.map((f, i) => [f.path, `Title ${i}`]);
          const csv = csvOf(["filename", "title"], rows);
          expect(planBatch(input({ files: shuffled, grouping, csv }))).toEqual(
            planBatch(input({ files, grouping, csv })),
          );
        },
      ),
    );
  });

  it("a row per file with a valid title is ready, and every title reaches its package", () => {
    fc.assert(
      fc.property(filesArb, (files) => {
        const rows = files.map((f) => [`./objects/${f.path}`, `Title of ${f.path}`]);
        const plan = planBatch(input({ files, csv: csvOf(["path", "dc:title"], rows) }));
        expect(plan.problems).toEqual([]);
        expect(plan.ready).toBe(true);
        for (const pkg of plan.packages) expect(pkg.title).toBe(`Title of ${pkg.key}`);
      }),
    );
  });

  it("every row is used by one package or named in a problem, never silently dropped", () => {
    fc.assert(
      fc.property(
        filesArb,
        groupingArb,
        fc.array(fc.oneof(pathArb, segment, fc.constant("")), { maxLength: 30 }),
        (files, grouping, targets) => {
          const csv = csvOf(
            ["filename", "title"],
            targets.map((t) => [t, "T"]),
          );
          const plan = planBatch(input({ files, grouping, csv }));
          const used = new Set(plan.packages.flatMap((p) => p.rows));
          const named = new Set(plan.problems.map((p) => p.row));
          for (const row of csv!.rows) expect(used.has(row.row) || named.has(row.row)).toBe(true);
          expect(plan.ready).toBe(plan.problems.length === 0);
        },
      ),
    );
  });

  it("a broken row stops only its own package", () => {
    fc.assert(
      fc.property(filesArb, fc.nat(), (files, pick) => {
        const bad = files[pick % files.length]!;
        const rows = files.map((f) => [f.path, f === bad ? "" : "T", f === bad ? "no-date" : ""]);
        const plan = planBatch(input({ files, csv: csvOf(["filename", "title", "date"], rows) }));
        expect(new Set(plan.problems.map((p) => p.packageKey))).toEqual(new Set([bad.path]));
        expect(plan.problems.every((p) => p.message.startsWith(`Row `))).toBe(true);
      }),
    );
  });
});

describe("normalisePath", () => {
  it("reads Archivematica and Windows spellings", () => {
    expect(normalisePath(" ./objects/a\\b.pdf ")).toBe("a/b.pdf");
    expect(normalisePath("/letters/")).toBe("letters");
  });
});
