// Files dropped on the Preserve and Add-a-version forms, before they become POs: their ids, what
// the request will weigh, and the relations between them.
import { INGEST_LIMITS } from "@scriptorium/contract/ingest/limits";
import { blobToBase64 } from "@/lib/upload/base64";
import { dataPo, decidePo, SNIFF_BYTES, uniqueIds, type PoDecision } from "./po-from-file";
import type { PO } from "@scriptorium/contract/preservation/schemas";

export interface DroppedFile {
  key: string;
  file: File;
  // The PO id: the file name, made unique.
  id: string;
  // null until the first bytes have been read.
  decision: PoDecision | null;
  relObj: string[];
}

// The body limit of one preservation request.
export const REQUEST_LIMIT_BYTES = INGEST_LIMITS.inlineBodyBytes;
// JSON around each PO (field names, ids, media type); generous so the estimate errs on the safe side.
const PER_OBJECT_BYTES = 1024;

// What a request carrying files of these sizes weighs: base64 takes 4 bytes for every 3.
export function requestBytes(sizes: readonly number[]): number {
  return sizes.reduce(
    (sum, size) => sum + Math.ceil(size / 3) * 4 + PER_OBJECT_BYTES,
    PER_OBJECT_BYTES,
  );
}

// How many more file bytes fit in the request.
export function remainingFileBytes(sizes: readonly number[]): number {
  return Math.floor(((REQUEST_LIMIT_BYTES - requestBytes(sizes) - PER_OBJECT_BYTES) / 4) * 3);
}

// Ids for newly added names that clash neither with each other nor with `taken`.
export function idsForNewNames(taken: readonly string[], names: readonly string[]): string[] {
  return uniqueIds([...taken, ...names]).slice(taken.length);
}

// Relations without the ids that are gone.
export function pruneRelations(relObj: readonly string[], ids: ReadonlySet<string>): string[] {
  return relObj.filter((id) => ids.has(id));
}

let counter = 0;

// Dropped files as list entries, with ids that do not clash with `taken`.
export function toDropped(files: readonly File[], taken: readonly string[]): DroppedFile[] {
  const ids = idsForNewNames(
    taken,
    files.map((f) => f.name),
  );
  return files.map((file, index) => ({
    key: `f${++counter}`,
    file,
    id: ids[index]!,
    decision: null,
    relObj: [],
  }));
}

// Reads the first bytes of a file and decides how it travels.
export async function decideFile(file: File): Promise<PoDecision> {
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  return decidePo({ name: file.name, type: file.type, head });
}

// The PO of a dropped file, its bytes read now.
export async function poOfDropped(item: DroppedFile): Promise<PO> {
  const decision = item.decision ?? (await decideFile(item.file));
  return dataPo({
    id: item.id,
    base64: await blobToBase64(item.file),
    decision,
    relObj: item.relObj,
  });
}
