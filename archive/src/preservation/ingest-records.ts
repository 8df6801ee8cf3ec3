// POs become the ingest API's records, so that one store serves both APIs: a data PO is a file
// named by its id, a metadata PO a metadata record kept with its bytes as a metadata file — on
// the files its relObj names, else on the package.
import type { StoredFile, StoredMetadata } from "../ingest/store";
import type { PoEntry } from "./manifest";

// `metadataOf` answers the parsed metadata of a metadata PO (its bytes already validated).
export function toIngestRecords(
  entries: PoEntry[],
  metadataOf: (entry: PoEntry) => Record<string, unknown>,
  formatNames: ReadonlyMap<string, string> = new Map(),
): { files: StoredFile[]; metadatas: StoredMetadata[] } {
  const dataIds = new Set(entries.filter((e) => e.kind === "data").map((e) => e.id));
  const onFile = new Map<string, StoredMetadata[]>();
  const metadatas: StoredMetadata[] = [];
  for (const entry of entries) {
    if (entry.kind !== "metadata") continue;
    const record: StoredMetadata = {
      schema: entry.formatId ?? "",
      metadata: metadataOf(entry),
      file: { name: entry.id, sha256: entry.sha256, size: entry.size, blob: entry.sha256 },
    };
    const targets = (entry.relObj ?? []).filter((id) => dataIds.has(id));
    if (targets.length === 0) metadatas.push(record);
    for (const target of targets) onFile.set(target, [...(onFile.get(target) ?? []), record]);
  }
  const files = entries
    .filter((e) => e.kind === "data")
    .map((e): StoredFile => ({
      name: e.id,
      mimeType: e.mimeType,
      puid: e.pronomId ?? null,
      formatName: formatNames.get(e.id) ?? null,
      sha256: e.sha256,
      size: e.size,
      blob: e.sha256,
      metadatas: onFile.get(e.id) ?? [],
    }));
  return { files, metadatas };
}
