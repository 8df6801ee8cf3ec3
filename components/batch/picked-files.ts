// The files a person chose or dropped, as the batch planner takes them: paths relative to the
// chosen folder (its own name is the batch's name), hidden files left out, and the folder's
// metadata.csv taken as the spreadsheet rather than sent as a document. A zip chosen alone (or
// with a spreadsheet beside it) stands for the folder it holds: its entries, folders kept.
import type { BatchFile } from "@/lib/batch/plan";
import { readZipDirectory } from "@/lib/batch/zip";
import { sizeOfSource, type BatchSource } from "./batch-source";

export interface PickedFolder {
  name: string;
  files: Map<string, BatchSource>;
  list: BatchFile[];
  spreadsheet: BatchSource | null;
  // Entries of a zip left out, with why (links, encrypted entries).
  skipped: string[];
}

const SPREADSHEETS = new Set(["metadata.csv", "metadata/metadata.csv"]);
const isZip = (file: File) => /\.zip$/i.test(file.name);
const isSpreadsheet = (file: File) => /\.(csv|tsv|txt)$/i.test(file.name);
// Hidden files and folders, and the resource forks macOS adds to the zips it makes.
const hidden = (path: string) =>
  path.split("/").some((segment) => segment.startsWith(".") || segment === "__MACOSX");

// A dropped file's path (react-dropzone's `path`, "./letters/a.pdf"), a folder input's
// webkitRelativePath ("letters/a.pdf"), or the bare name.
function rawPath(file: File): string {
  const dropped = (file as File & { path?: string }).path;
  const path = file.webkitRelativePath || dropped || file.name;
  return path.replace(/\\/g, "/").replace(/^(\.\/|\/)+/, "");
}

// Paths with their shared top folder taken off, which names the batch.
function folderOf<T>(
  all: readonly { path: string; source: T }[],
  fallback: string,
  spreadsheetFound: boolean,
) {
  const items = all.filter((item) => !hidden(item.path));
  const first = items[0]?.path.split("/")[0] ?? "";
  const shared =
    items.length > 0 && items.every((i) => i.path.includes("/") && i.path.split("/")[0] === first);
  const name = shared ? first : fallback;
  const files = new Map<string, T>();
  let spreadsheet: T | null = null;
  for (const item of items) {
    const path = shared ? item.path.slice(first.length + 1) : item.path;
    if (SPREADSHEETS.has(path.toLowerCase())) {
      if (!spreadsheetFound) spreadsheet = item.source;
      continue;
    }
    files.set(path, item.source);
  }
  return { name, files, spreadsheet };
}

// Chromium asks its browser process for a chosen file's size the first time it is read, one
// synchronous round trip per file (about half a millisecond): a thousand files read in one go held
// the page for most of a second. The sizes are read in slices, the page answering between them.
const SLICE_MS = 25;

function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function listOf(
  files: ReadonlyMap<string, BatchSource>,
  typeOf: (s: BatchSource) => string,
): Promise<BatchFile[]> {
  const list: BatchFile[] = [];
  let sliceStarted = performance.now();
  for (const [path, source] of files) {
    if (performance.now() - sliceStarted > SLICE_MS) {
      await yieldToPage();
      sliceStarted = performance.now();
    }
    list.push({ path, size: sizeOfSource(source), type: typeOf(source) });
  }
  return list;
}

export async function pickedFolder(chosen: readonly File[]): Promise<PickedFolder> {
  const { name, files, spreadsheet } = folderOf(
    chosen.map((file) => ({ path: rawPath(file), source: file })),
    "Chosen files",
    false,
  );
  const sources = new Map<string, BatchSource>(files);
  const list = await listOf(sources, (s) => (s instanceof File ? s.type : ""));
  return { name, files: sources, list, spreadsheet, skipped: [] };
}

// A zip's entries as the folder it holds; a spreadsheet chosen beside it wins over its own.
export async function pickedZip(zip: File, beside: File | null = null): Promise<PickedFolder> {
  const { entries, skipped } = await readZipDirectory(zip);
  const found = folderOf(
    entries.map((entry) => ({ path: entry.name, source: { zip, entry } })),
    zip.name.replace(/\.zip$/i, ""),
    beside !== null,
  );
  const files = new Map<string, BatchSource>(found.files);
  return {
    name: found.name,
    files,
    list: await listOf(files, () => ""),
    spreadsheet: beside ?? found.spreadsheet,
    skipped,
  };
}

// What was chosen: one zip (with a spreadsheet beside it, or not) is read as its folder; anything
// else as files, zips among them (and a zip inside a chosen folder) sent as they are.
export function pickFiles(chosen: readonly File[]): Promise<PickedFolder> {
  const zips = chosen.filter(isZip);
  const others = chosen.filter((f) => !isZip(f));
  const loose = (file: File) => !rawPath(file).includes("/");
  if (zips.length === 1 && loose(zips[0]!) && others.length <= 1 && others.every(isSpreadsheet)) {
    return pickedZip(zips[0]!, others[0] ?? null);
  }
  return pickedFolder(chosen);
}
