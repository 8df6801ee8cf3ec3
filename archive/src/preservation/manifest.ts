// The POs of one version as the preservation API answers them: data objects and metadata, each by
// the digest of its bytes in the blob store. Evidence records are made over exactly these digests,
// so whatever RetrievePO returns is what the evidence proves.
import { createHash } from "node:crypto";
import type { StoredFile, StoredMetadata, VersionWithFiles } from "../ingest/store";
import type { DecodedPo } from "./po-input";

export interface PoEntry {
  id: string;
  kind: "data" | "metadata";
  sha256: string;
  size: number;
  mimeType: string;
  formatId?: string;
  pronomId?: string;
  relObj?: string[];
  // The bytes go back as xmlData rather than binaryData.
  xml?: boolean;
  // For xmlData sealed since XML data objects are canonicalized: hex SHA-256 of the canonical form,
  // which the evidence covers besides the digest of the octets.
  canonicalSha256?: string;
}

// Bytes the blob store must hold before the entries that name them are recorded.
export interface PendingBlob {
  sha256: string;
  bytes: Buffer;
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

// The format id answered for a data object the client gave none for: its PRONOM identifier as a URI.
export function pronomFormatId(puid: string | null | undefined): string | undefined {
  return puid ? `info:pronom/${puid}` : undefined;
}

// Entries of the POs of a PreservePO / UpdatePOC request, in request order.
export function entriesFromDecoded(pos: DecodedPo[]): { entries: PoEntry[]; blobs: PendingBlob[] } {
  const blobs = pos.map((po) => ({ sha256: sha256Hex(po.bytes), bytes: po.bytes }));
  const entries = pos.map((po, i): PoEntry => {
    const base = {
      id: po.id,
      kind: po.kind,
      sha256: blobs[i]!.sha256,
      size: po.bytes.length,
      mimeType: po.mimeType,
      ...(po.relObj.length ? { relObj: po.relObj } : {}),
      ...(po.xml ? { xml: true } : {}),
      ...(po.canonicalSha256 ? { canonicalSha256: po.canonicalSha256 } : {}),
    };
    if (po.kind === "metadata") return { ...base, formatId: po.schema };
    const formatId = po.formatId ?? pronomFormatId(po.pronomId);
    return {
      ...base,
      ...(formatId ? { formatId } : {}),
      ...(po.pronomId ? { pronomId: po.pronomId } : {}),
    };
  });
  return { entries, blobs };
}

// Entries of a version ingested through the ingest API. Metadata given as fields (not as a file)
// becomes canonical JSON, so that it has bytes a digest and an evidence record can cover.
export function entriesFromVersion(version: VersionWithFiles): {
  entries: PoEntry[];
  blobs: PendingBlob[];
} {
  const ids = new Set<string>();
  const unique = (wanted: string) => {
    let id = wanted;
    for (let n = 2; ids.has(id); n++) id = `${wanted} (${n})`;
    ids.add(id);
    return id;
  };
  const blobs: PendingBlob[] = [];
  const metadataEntry = (meta: StoredMetadata, fallbackName: string, relObj?: string): PoEntry => {
    const related = relObj ? { relObj: [relObj] } : {};
    if (meta.file) {
      return {
        id: unique(meta.file.name),
        kind: "metadata",
        sha256: meta.file.sha256,
        size: meta.file.size,
        mimeType: mimeTypeOfName(meta.file.name),
        formatId: meta.schema,
        ...related,
      };
    }
    const bytes = Buffer.from(canonicalJson(meta.metadata), "utf8");
    const sha256 = sha256Hex(bytes);
    blobs.push({ sha256, bytes });
    const base = {
      id: unique(fallbackName),
      kind: "metadata" as const,
      sha256,
      size: bytes.length,
    };
    return { ...base, mimeType: "application/json", formatId: meta.schema, ...related };
  };
  const entries: PoEntry[] = [];
  for (const file of version.files) entries.push(fileEntry(file, unique(file.name)));
  version.files.forEach((file, f) =>
    file.metadatas.forEach((meta, m) =>
      entries.push(metadataEntry(meta, `${entries[f]!.id}.metadata-${m + 1}.json`, entries[f]!.id)),
    ),
  );
  version.metadatas.forEach((meta, m) =>
    entries.push(metadataEntry(meta, `metadata-${m + 1}.json`)),
  );
  return { entries, blobs };
}

function fileEntry(file: StoredFile, id: string): PoEntry {
  const formatId = pronomFormatId(file.puid);
  return {
    id,
    kind: "data",
    sha256: file.sha256,
    size: file.size,
    mimeType: file.mimeType,
    ...(formatId ? { formatId } : {}),
    ...(file.puid ? { pronomId: file.puid } : {}),
  };
}

function mimeTypeOfName(name: string): string {
  if (/\.xml$/i.test(name)) return "application/xml";
  if (/\.json$/i.test(name)) return "application/json";
  return "application/octet-stream";
}

// UpdatePOC's delta: a PO with a stored id replaces it, a new id is added, the rest carries over.
export function applyDelta(previous: PoEntry[], delta: PoEntry[]): PoEntry[] {
  const replaced = new Map(delta.map((e) => [e.id, e]));
  const kept = previous.map((e) => replaced.get(e.id) ?? e);
  const added = delta.filter((e) => !previous.some((p) => p.id === e.id));
  return [...kept, ...added];
}

// JSON with object keys sorted at every level: the same metadata always yields the same bytes.
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
