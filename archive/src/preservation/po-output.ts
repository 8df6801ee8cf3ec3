// How stored POs and their evidence records are answered as ETSI POType entries.
import { EVIDENCE_FORMAT } from "../evidence";
import type { PoEntry } from "./manifest";
import type { StoredEvidenceRecord } from "./tables";

export type PoOut = {
  binaryData?: { value: string };
  xmlData?: { b64Content: string };
  formatId?: string;
  mimeType?: string;
  pronomId?: string;
  id?: string;
  relObj?: string[];
};

// A PO as stored; with `content` it carries the bytes the way they came (binaryData or xmlData).
export function poOut(
  entry: PoEntry,
  content?: Buffer,
  options: { id?: string; relObj?: string[] } = {},
): PoOut {
  const relObj = options.relObj ?? entry.relObj;
  return {
    ...(content
      ? entry.xml
        ? { xmlData: { b64Content: content.toString("base64") } }
        : { binaryData: { value: content.toString("base64") } }
      : {}),
    ...(entry.formatId ? { formatId: entry.formatId } : {}),
    mimeType: entry.mimeType,
    ...(entry.pronomId ? { pronomId: entry.pronomId } : {}),
    id: options.id ?? entry.id,
    ...(relObj && relObj.length ? { relObj } : {}),
  };
}

// The id an evidence record of a PO goes by: the PO's id with the usual file extension.
export function evidenceId(poId: string, format: string): string {
  return format === EVIDENCE_FORMAT.xml ? `${poId}.ers.xml` : `${poId}.ers`;
}

// An evidence record as an ordinary PO whose formatId names the evidence format.
export function evidenceOut(
  record: StoredEvidenceRecord,
  format: string,
  id: string,
  relObj: string[],
): PoOut {
  if (format === EVIDENCE_FORMAT.xml) {
    return {
      xmlData: { b64Content: Buffer.from(record.xml, "utf8").toString("base64") },
      formatId: format,
      mimeType: "application/xml",
      id,
      relObj,
    };
  }
  return {
    binaryData: { value: record.der },
    formatId: format,
    mimeType: "application/octet-stream",
    id,
    relObj,
  };
}
