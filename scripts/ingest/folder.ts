// The files of a folder as the batch planner takes them: paths relative to the folder, "/"
// between segments, hidden files and the metadata spreadsheet itself left out.
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import type { BatchFile } from "@/lib/batch/plan";

const SPREADSHEET_NAMES = ["metadata.csv", "metadata/metadata.csv"];

// The spreadsheet a folder carries by convention (Archivematica's metadata.csv), if any.
export async function findSpreadsheet(folder: string): Promise<string | null> {
  for (const name of SPREADSHEET_NAMES) {
    const candidate = path.join(folder, name);
    if (
      await stat(candidate).then(
        (s) => s.isFile(),
        () => false,
      )
    )
      return candidate;
  }
  return null;
}

export async function listFolder(folder: string, skip: string | null): Promise<BatchFile[]> {
  const root = path.resolve(folder);
  const skipped = skip ? path.resolve(skip) : null;
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const files: BatchFile[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const relative = path.relative(root, full).split(path.sep).join("/");
    if (full === skipped || relative.split("/").some((s) => s.startsWith("."))) continue;
    files.push({ path: relative, size: (await stat(full)).size });
  }
  return files;
}
