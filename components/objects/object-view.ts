// What the object page derives from the archive's answers: the versions named in the trace, the
// trace's steps in words, which preview suits a PO, and which evidence record belongs to which PO.
import type { StoredPO, TraceEvent } from "@scriptorium/contract/preservation/schemas";

export interface VersionEntry {
  id: string;
  // When the archive recorded it, if the trace says.
  time?: string;
}

// The versions an object's trace names ("version added" events on `<poId>@<version>`), oldest
// first. ETSI has no operation that lists versions, so without a trace only the latest is known.
export function versionsFromTrace(events: readonly TraceEvent[], poId: string): VersionEntry[] {
  const prefix = `${poId}@`;
  const seen = new Map<string, VersionEntry>();
  for (const event of events) {
    if (event.op.toLowerCase() !== "version added" || !event.obj?.startsWith(prefix)) continue;
    const id = event.obj.slice(prefix.length);
    if (id !== "" && !seen.has(id)) seen.set(id, { id, time: event.time });
  }
  const numeric = (id: string) => (/^\d+$/.test(id) ? Number(id) : Number.NaN);
  return [...seen.values()].sort((a, b) => {
    const [x, y] = [numeric(a.id), numeric(b.id)];
    return Number.isNaN(x) || Number.isNaN(y) ? 0 : x - y;
  });
}

const STEPS: Record<string, string> = {
  PreservePO: "Preserved",
  "version added": "Version added",
  "evidence created": "Evidence record created",
  "evidence renewed": "Evidence record renewed",
  RetrievePO: "Retrieved",
  UpdatePOC: "New version submitted",
  DeletePO: "Deleted",
  RetrieveTrace: "Trace read",
  ValidateEvidence: "Evidence validated",
  "SIP accepted": "Submission accepted",
  "SIP processing": "Submission being processed",
  "SIP ingested": "Submission ingested",
  "SIP failed": "Submission failed",
};

// A trace event's operation as a short phrase; an unknown one is shown as the archive named it.
export function traceStepName(op: string): string {
  if (STEPS[op]) return STEPS[op];
  const plugin = /^plugin (.+)$/.exec(op);
  if (plugin) return `Check "${plugin[1]}" ran`;
  return op;
}

// How a stored part is labelled: what a person calls its content, and the protocol's field for it.
export function contentKind(po: Pick<StoredPO, "mimeType"> & { xml: boolean }): {
  label: string;
  term: string;
} {
  const type = (po.mimeType ?? "").split(";")[0]!.trim().toLowerCase();
  if (po.xml) return { label: "XML", term: "xmlData" };
  const term = "binaryData";
  if (type === "application/json" || type.endsWith("+json")) return { label: "JSON", term };
  if (type === "application/pdf") return { label: "PDF", term };
  if (type.startsWith("image/")) return { label: "Image", term };
  if (type.startsWith("text/")) return { label: "Text", term };
  return { label: "File", term };
}

export type PreviewKind = "pdf" | "image" | "text" | "xml" | "none";

const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);
const TEXT_TYPES = new Set(["application/json", "text/csv", "text/markdown", "text/plain"]);

// Which inline preview a PO gets: images and PDFs from the content route, text and XML as text.
// SVG and HTML are never rendered (they could run script); they are shown as text.
export function previewKind(po: Pick<StoredPO, "mimeType" | "xmlData">): PreviewKind {
  const type = (po.mimeType ?? "").split(";")[0]!.trim().toLowerCase();
  if (po.xmlData || type === "application/xml" || type === "text/xml" || type.endsWith("+xml")) {
    return "xml";
  }
  if (type === "application/pdf") return "pdf";
  if (IMAGE_TYPES.has(type)) return "image";
  if (type.startsWith("text/") || TEXT_TYPES.has(type)) return "text";
  return "none";
}

// The base64 content of a PO, whichever field carries it.
export function contentOf(po: Pick<StoredPO, "binaryData" | "xmlData">): string | undefined {
  return po.binaryData?.value ?? po.xmlData?.b64Content;
}

// How many bytes base64 text stands for.
export function decodedSize(base64: string): number {
  const clean = base64.replace(/\s+/g, "");
  const padding = clean.endsWith("==") ? 2 : clean.endsWith("=") ? 1 : 0;
  return Math.max(0, Math.floor((clean.length * 3) / 4) - padding);
}

// Evidence formats come back as ordinary POs whose formatId names the format.
export function isEvidence(
  po: Pick<StoredPO, "formatId">,
  evidenceFormats: readonly string[],
): boolean {
  return po.formatId !== undefined && evidenceFormats.includes(po.formatId);
}

// The evidence record of the data object `id`: the one whose relObj names it; with a single data
// object and a single record, that record.
export function evidenceFor(
  records: readonly StoredPO[],
  id: string,
  dataObjects = 1,
): StoredPO | undefined {
  const named = records.find((r) => r.relObj?.includes(id));
  if (named) return named;
  return dataObjects === 1 && records.length === 1 ? records[0] : undefined;
}

// A file name safe in a Content-Disposition header and on every file system.
export function safeFileName(name: string, fallback = "download"): string {
  const cleaned = name
    .replace(/[\u0000-\u001f\u007f"\\/:*?<>|]+/g, "_")
    .replace(/^\.+/, "")
    .trim()
    .slice(0, 180);
  return cleaned === "" ? fallback : cleaned;
}

// A Content-Disposition header with an ASCII fallback and the UTF-8 name (RFC 6266).
export function contentDisposition(kind: "inline" | "attachment", name: string): string {
  const safe = safeFileName(name);
  const ascii = safe.replace(/[^\x20-\x7e]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(safe)}`;
}
