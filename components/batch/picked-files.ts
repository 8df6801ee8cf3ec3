// The files a person chose or dropped, as the batch planner takes them: paths relative to the
// chosen folder (its own name is the batch's name), hidden files left out, and the folder's
// metadata.csv taken as the spreadsheet rather than sent as a document.
import type { BatchFile } from "@/lib/batch/plan";

export interface PickedFolder {
  name: string;
  files: Map<string, File>;
  list: BatchFile[];
  spreadsheet: File | null;
}

const SPREADSHEETS = new Set(["metadata.csv", "metadata/metadata.csv"]);

// A dropped file's path (react-dropzone's `path`, "./letters/a.pdf"), a folder input's
// webkitRelativePath ("letters/a.pdf"), or the bare name.
function rawPath(file: File): string {
  const dropped = (file as File & { path?: string }).path;
  const path = file.webkitRelativePath || dropped || file.name;
  return path.replace(/\\/g, "/").replace(/^(\.\/|\/)+/, "");
}

export function pickedFolder(chosen: readonly File[]): PickedFolder {
  const paths = chosen.map(rawPath);
  const first = paths[0]?.split("/")[0] ?? "";
  const shared =
    paths.length > 0 && paths.every((p) => p.includes("/") && p.split("/")[0] === first);
  const name = shared ? first : "Chosen files";
  const files = new Map<string, File>();
  let spreadsheet: File | null = null;
  chosen.forEach((file, i) => {
    const path = shared ? paths[i]!.slice(first.length + 1) : paths[i]!;
    if (path.split("/").some((segment) => segment.startsWith("."))) return;
    if (SPREADSHEETS.has(path.toLowerCase())) {
      spreadsheet = file;
      return;
    }
    files.set(path, file);
  });
  const list = [...files].map(([path, file]) => ({ path, size: file.size, type: file.type }));
  return { name, files, list, spreadsheet };
}
