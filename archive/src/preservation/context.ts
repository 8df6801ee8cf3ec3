// What every preservation operation is given, and what it gives back to the route wrapper.
import type { BlobStore } from "../blobs/store";
import type { ArchiveConfig } from "../config";
import type { ArchiveDb } from "../db/client";
import type { Caller } from "../http/context";
import type { Identify, MetadataSchemas } from "./po-input";
import type { PreservationProfiles } from "./profiles";
import type { EtsiResult } from "./result";
import type { ArchiveTsa } from "./tsa-key";

export interface PreservationServices {
  config: ArchiveConfig;
  db: ArchiveDb;
  blobs: BlobStore;
  tsa: ArchiveTsa;
  profiles: PreservationProfiles;
  metadata: MetadataSchemas & { list(): { uri: string }[] };
  identify: Identify;
  // Makes the commits so far durable before a write is answered (PGlite runs with fsync off).
  syncDatabase(): Promise<void>;
}

export interface OperationContext {
  services: PreservationServices;
  caller: Caller;
  now: Date;
  reqId: string;
}

// The operation's own response fields; `result` only when it is not plain Success.
export interface OperationOutcome {
  body?: Record<string, unknown>;
  policy?: string[];
  result?: EtsiResult;
}

export type Operation<Request> = (
  request: Request,
  ctx: OperationContext,
) => Promise<OperationOutcome>;
