// The accepted SIP as the pipeline reads it: the request, with upload keys already resolved, kept
// as one JSON file under ${dataDir}/sips and synced before the request is answered.
import { mkdir, open, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import type { Content, IngestContent, MetadataObject } from "@scriptorium/contract/ingest/schemas";

export type SubmissionKind = "document" | "update" | "sip";

export interface BlobRef {
  sha256: string;
  size: number;
}

export interface SipRecord {
  submissionId: string;
  kind: SubmissionKind;
  tenant: string;
  packageId: string;
  profile: string;
  submittedBy: string;
  // Package-level metadata (for a bag: from its package-metadata.json).
  metadatas: MetadataObject[];
  documents: IngestContent[];
  // PUT /sip: the bag as sent, and the zip as stored when the SIP was accepted.
  sip?: Content;
  sipBlob?: BlobRef;
  // Representation metadata of bag payload files, by path inside the bag.
  bagDocuments?: { path: string; metadatas?: MetadataObject[] }[];
  // S3 keys named by the request, resolved to their blobs when the SIP was accepted.
  uploads: Record<string, BlobRef>;
}

// The blob an S3 key names among a SIP's uploads. Keys are the caller's text: only the record's own
// entries count, so "valueOf" or "__proto__" never finds what every object inherits.
export function uploadNamed(uploads: Record<string, BlobRef>, key: string): BlobRef | undefined {
  return Object.hasOwn(uploads, key) ? uploads[key] : undefined;
}

// Where the record of a submission lives.
export function sipRecordPath(dataDir: string, submissionId: string): string {
  return path.join(dataDir, "sips", `${submissionId}.json`);
}

// Writes the record through a synced temporary file and a rename, so a reader never sees half of it.
export async function writeSipRecord(dataDir: string, record: SipRecord): Promise<string> {
  const target = sipRecordPath(dataDir, record.submissionId);
  const dir = path.dirname(target);
  await mkdir(dir, { recursive: true });
  const tmp = `${target}.tmp`;
  const handle = await open(tmp, "w");
  try {
    await handle.writeFile(JSON.stringify(record));
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(tmp, target);
  const dirHandle = await open(dir, "r");
  try {
    await dirHandle.sync();
  } finally {
    await dirHandle.close();
  }
  return target;
}

export async function readSipRecord(file: string): Promise<SipRecord> {
  return JSON.parse(await readFile(file, "utf8")) as SipRecord;
}

export async function removeSipRecord(file: string): Promise<void> {
  await rm(file, { force: true });
}
