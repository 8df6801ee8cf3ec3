// The batch planner: a folder's files and an optional spreadsheet become packages, each with its
// metadata and every problem that stops it from being sent, before anything is sent. Pure and
// deterministic (the same input gives the same plan, whatever the order of the files), shared by
// the batch page and the terminal command.
import { MULTIPART_LIMITS } from "@scriptorium/contract/ingest/multipart-layout";
import { INGEST_LIMITS } from "@scriptorium/contract/ingest/limits";
import { packageIdProblem } from "@scriptorium/contract/ingest/package-id";
import { formatBytes, formatBytesBeside } from "@/lib/upload/format";
import { cellValue, type ColumnTarget, type SchemaField } from "./columns";
import type { CsvRow } from "./csv";

export type Grouping = "file" | "folder" | "one";

// A file of the batch, its path relative to the chosen folder with "/" between segments.
export interface BatchFile {
  path: string;
  size: number;
  type?: string;
}

export interface BatchPlanInput {
  files: readonly BatchFile[];
  csv: { headers: readonly string[]; rows: readonly CsvRow[] } | null;
  // One target per CSV header.
  mapping: readonly ColumnTarget[];
  grouping: Grouping;
  // The metadata schema the spreadsheet's fields belong to, and its fields.
  schemaUri: string | null;
  fields: readonly SchemaField[];
  // Checks metadata against that schema: "Field: what is wrong", one per problem.
  validate: (metadata: Record<string, unknown>) => string[];
  excludedRows?: ReadonlySet<number>;
  excludedFiles?: ReadonlySet<string>;
  // Package ids the archive or the journal already has.
  takenPackageIds?: ReadonlySet<string>;
  // The largest file one upload takes: the multipart limit (5 TiB) unless the caller found the
  // archive without multipart uploads, where one PUT's 5 GiB is the most.
  maxFileBytes?: number;
}

export interface BatchProblem {
  message: string;
  // The package it stops, the spreadsheet row and the file it is about, where it has them.
  packageKey?: string;
  row?: number;
  path?: string;
}

export interface PlannedPackage {
  // Stable within a batch: the file's path, the folder's path, or "" for all in one.
  key: string;
  packageId?: string;
  title: string | null;
  files: BatchFile[];
  // Package-level metadata of the schema, from the package's row; null without one.
  metadata: Record<string, unknown> | null;
  // Per-document metadata, by file path, from the files' own rows (folder and one-package modes).
  documentMetadata: Record<string, Record<string, unknown>>;
  rows: number[];
}

export interface BatchPlan {
  grouping: Grouping;
  packages: PlannedPackage[];
  problems: BatchProblem[];
  ready: boolean;
}

const ROOT_NAMES = new Set(["", ".", "/", "objects", "objects/"]);

// "./objects/a\\b.pdf " -> "a/b.pdf": Archivematica's objects/ prefix and Windows separators go.
export function normalisePath(value: string): string {
  return value
    .trim()
    .replace(/\\/g, "/")
    .replace(/^(\.\/)+/, "")
    .replace(/^\/+/, "")
    .replace(/^objects\//, "")
    .replace(/\/+$/, "");
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

function folderOf(path: string): string | null {
  const slash = path.indexOf("/");
  return slash === -1 ? null : path.slice(0, slash);
}

// The package a file belongs to under `grouping`.
export function packageKeyOf(path: string, grouping: Grouping): string {
  if (grouping === "one") return "";
  if (grouping === "folder") return folderOf(path) ?? path;
  return path;
}

// The grouping the folder's shape suggests, and a sentence saying why.
export function suggestGrouping(files: readonly BatchFile[]): { grouping: Grouping; why: string } {
  const folders = new Set(files.map((f) => folderOf(f.path)));
  if (files.length > 0 && !folders.has(null) && folders.size > 1) {
    return {
      grouping: "folder",
      why: `Every file is inside one of ${folders.size} subfolders: one package per subfolder, its files as the package's documents.`,
    };
  }
  if (files.length > 0 && !folders.has(null) && folders.size === 1) {
    return {
      grouping: "file",
      why: "All the files are in one subfolder: one package per file.",
    };
  }
  return {
    grouping: "file",
    why: "The files lie side by side at the top of the folder: one package per file.",
  };
}

// The package ids the spreadsheet gives (rows not excluded), sorted, each once: what the page
// asks the dashboard about before the plan can be clean.
export function givenPackageIds(
  csv: { rows: readonly CsvRow[] } | null,
  mapping: readonly ColumnTarget[],
  excludedRows: ReadonlySet<number> = new Set(),
): string[] {
  const column = mapping.findIndex((m) => m.kind === "packageId");
  if (!csv || column === -1) return [];
  const ids = new Set<string>();
  for (const row of csv.rows) {
    const cell = row.cells[column] ?? "";
    if (cell !== "" && !excludedRows.has(row.row)) ids.add(cell);
  }
  return [...ids].sort();
}

interface RowFacts {
  row: number;
  target: string;
  packageId: string;
  metadata: Record<string, unknown>;
}

function rowFacts(
  row: CsvRow,
  mapping: readonly ColumnTarget[],
  fields: readonly SchemaField[],
): RowFacts {
  const metadata: Record<string, unknown> = {};
  let target = "";
  let packageId = "";
  mapping.forEach((column, i) => {
    const cell = row.cells[i] ?? "";
    if (column.kind === "file") target = cell;
    else if (column.kind === "packageId") packageId = cell;
    else if (column.kind === "field" && cell !== "") {
      const type = fields.find((f) => f.key === column.field)?.type ?? "string";
      const value = cellValue(cell, type);
      const held = metadata[column.field];
      metadata[column.field] =
        Array.isArray(held) && Array.isArray(value) ? [...held, ...value] : value;
    }
  });
  return { row: row.row, target, packageId, metadata };
}

// Plans the batch. Problems name the row, the file and the field, so the preview can show each one
// where it can be fixed; `ready` only when there are packages and no problem.
export function planBatch(input: BatchPlanInput): BatchPlan {
  const excludedFiles = input.excludedFiles ?? new Set<string>();
  const excludedRows = input.excludedRows ?? new Set<number>();
  const maxFileBytes = input.maxFileBytes ?? MULTIPART_LIMITS.maxUploadBytes;
  const files = input.files
    .filter((f) => !excludedFiles.has(f.path))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const problems: BatchProblem[] = [];
  const byPath = new Map(files.map((f) => [f.path, f]));
  const byBase = new Map<string, BatchFile[]>();
  for (const f of files) byBase.set(baseName(f.path), [...(byBase.get(baseName(f.path)) ?? []), f]);

  const packages = new Map<string, PlannedPackage>();
  for (const file of files) {
    const key = packageKeyOf(file.path, input.grouping);
    let pkg = packages.get(key);
    if (!pkg) {
      pkg = { key, title: null, files: [], metadata: null, documentMetadata: {}, rows: [] };
      packages.set(key, pkg);
    }
    pkg.files.push(file);
  }

  const described = new Map<string, number>();
  const fileColumn = input.mapping.findIndex((m) => m.kind === "file");
  if (input.csv && fileColumn === -1) {
    problems.push({
      message: `Choose the column that names the files: none of ${input.csv.headers.map((h) => `"${h}"`).join(", ")} is marked as the file column.`,
    });
  }
  const rows = input.csv && fileColumn !== -1 ? input.csv.rows : [];
  for (const row of rows) {
    if (excludedRows.has(row.row)) continue;
    const facts = rowFacts(row, input.mapping, input.fields);
    const target = normalisePath(facts.target);
    const rowProblem = (message: string, packageKey?: string, path?: string) =>
      problems.push({ message: `Row ${row.row}: ${message}`, row: row.row, packageKey, path });

    // What the row describes: a package as a whole (its folder, the root, or its file in
    // one-per-file mode), or one document inside a package.
    let pkg: PlannedPackage | undefined;
    let document: BatchFile | undefined;
    if (ROOT_NAMES.has(target) && input.grouping === "one") pkg = packages.get("");
    else if (input.grouping === "folder" && packages.has(target) && !byPath.has(target))
      pkg = packages.get(target);
    else {
      const unique = byBase.get(target);
      document = byPath.get(target) ?? (unique?.length === 1 ? unique[0] : undefined);
      if (document) {
        pkg = packages.get(packageKeyOf(document.path, input.grouping));
        if (input.grouping === "file") document = undefined;
      }
    }
    if (!pkg) {
      rowProblem(
        facts.target === ""
          ? "the file column is empty: name the file (or folder) the row describes."
          : `"${facts.target}" is not among the chosen files: correct the name, or exclude the row.`,
      );
      continue;
    }
    const described_ = document ? `doc:${document.path}` : `pkg:${pkg.key}`;
    const earlier = described.get(described_);
    if (earlier !== undefined) {
      rowProblem(
        `rows ${earlier} and ${row.row} both describe "${facts.target}": keep one and exclude the other.`,
        pkg.key,
        document?.path,
      );
      continue;
    }
    described.set(described_, row.row);
    pkg.rows.push(row.row);
    const about = `Row ${row.row} (${facts.target})`;
    for (const problem of input.validate(facts.metadata)) {
      problems.push({
        message: `${about}: ${problem}`,
        row: row.row,
        packageKey: pkg.key,
        path: document?.path,
      });
    }
    if (document) pkg.documentMetadata[document.path] = facts.metadata;
    else {
      pkg.metadata = facts.metadata;
      if (facts.packageId !== "") pkg.packageId = facts.packageId;
      const title = facts.metadata.title;
      pkg.title = typeof title === "string" && title !== "" ? title : null;
    }
  }

  const ids = new Map<string, string>();
  for (const pkg of packages.values()) {
    const name = pkg.key === "" ? "The package" : `"${pkg.key}"`;
    if (input.csv && fileColumn !== -1 && pkg.rows.length === 0) {
      problems.push({
        message: `${name} has no row in the spreadsheet: add one, or exclude ${pkg.files.length === 1 ? "the file" : "its files"}.`,
        packageKey: pkg.key,
      });
    }
    for (const file of pkg.files) {
      if (baseName(file.path).length < INGEST_LIMITS.nameMinLength) {
        problems.push({
          message: `"${file.path}": the archive needs file names of at least ${INGEST_LIMITS.nameMinLength} characters; rename the file or exclude it.`,
          packageKey: pkg.key,
          path: file.path,
        });
      }
      // Past one upload URL's limit a file needs the archive's multipart uploads; past the
      // multipart limit nothing can take it.
      if (file.size > maxFileBytes) {
        const size = formatBytesBeside(file.size, maxFileBytes);
        problems.push({
          message:
            maxFileBytes < MULTIPART_LIMITS.maxUploadBytes
              ? `"${file.path}" (${size}) is larger than the ${formatBytes(maxFileBytes)} the archive takes in one upload, and it offers no multipart uploads: exclude the file.`
              : `"${file.path}" (${size}) is larger than the archive accepts in any upload: exclude it.`,
          packageKey: pkg.key,
          path: file.path,
        });
      }
    }
    if (pkg.packageId !== undefined) {
      const row = pkg.rows[0];
      const where = row === undefined ? name : `Row ${row}`;
      const invalid = packageIdProblem(pkg.packageId);
      const twin = ids.get(pkg.packageId);
      if (invalid) problems.push({ message: `${where}: ${invalid}.`, packageKey: pkg.key, row });
      else if (twin !== undefined) {
        problems.push({
          message: `${where}: the package id "${pkg.packageId}" is also given to "${twin}"; package ids must differ.`,
          packageKey: pkg.key,
          row,
        });
      } else if (input.takenPackageIds?.has(pkg.packageId)) {
        problems.push({
          message: `${where}: the package id "${pkg.packageId}" is already taken in the archive; choose another, or leave it empty for the archive to choose.`,
          packageKey: pkg.key,
          row,
        });
      }
      ids.set(pkg.packageId, pkg.key);
    }
  }

  const list = [...packages.values()];
  if (list.length === 0) problems.push({ message: "Choose a folder or files: nothing to send." });
  return { grouping: input.grouping, packages: list, problems, ready: problems.length === 0 };
}

// The problems that stop one package (row problems included).
export function problemsOf(plan: BatchPlan, key: string): BatchProblem[] {
  return plan.problems.filter((p) => p.packageKey === key);
}
