// What the plugins of the ingest pipeline pass along: the SIP's documents and metadata as they
// are retrieved, hashed, identified and validated, before the package is assembled from them.
import type { Content } from "@scriptorium/contract/ingest/schemas";
import type { BlobHold } from "../../blobs/store";
import type { IngestProfile } from "@scriptorium/contract/profiles/ingest-profiles";
import type { IngestDeps } from "../deps";
import type { BlobRef, SipRecord } from "../sip-record";
import type { StoredMetadata } from "../store";
import type { PluginOutcome } from "../submissions";

// A file on its way into the blob store: `path` is in the job's work folder until fixity stores it.
export interface WorkFile {
  path: string;
  // The file's bytes, when retrieval had them in memory (inline content): nothing is written to
  // `path` then, and fixity stores them from here.
  bytes?: Uint8Array;
  // What the upload or the bag manifest says the file's digest is, to be confirmed by fixity.
  expected?: BlobRef;
  blob?: BlobRef;
}

export interface WorkMetadata {
  // Where it was given, e.g. "metadatas[0]" or "documents[1].metadatas[0]", for messages.
  field: string;
  schema: string;
  data?: Record<string, unknown>;
  file?: { name: string; source: Content; staged?: WorkFile };
  stored?: StoredMetadata;
}

export interface WorkDocument {
  name: string;
  source?: Content;
  staged?: WorkFile;
  mimeType?: string;
  puid?: string;
  formatName?: string;
  metadatas: WorkMetadata[];
}

export interface PipelineContext {
  deps: IngestDeps;
  record: SipRecord;
  submissionName: string;
  profile: IngestProfile;
  workDir: string;
  // Keeps what fixity stores until the SIP's rows name it.
  hold: BlobHold;
  documents: WorkDocument[];
  metadatas: WorkMetadata[];
}

export type PluginResult = Omit<PluginOutcome, "pluginName">;

export interface Plugin {
  name: string;
  appliesTo?(record: SipRecord): boolean;
  run(ctx: PipelineContext): Promise<PluginResult>;
}

// Every metadata entry of the SIP, package-level first.
export function allMetadatas(ctx: PipelineContext): WorkMetadata[] {
  return [...ctx.metadatas, ...ctx.documents.flatMap((d) => d.metadatas)];
}

// "a, b and 3 more": lists names in a report message without letting it grow unbounded.
export function listNames(names: string[], max = 5): string {
  const shown = names.slice(0, max).join(", ");
  return names.length > max ? `${shown} and ${names.length - max} more` : shown;
}
