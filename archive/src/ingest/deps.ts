// What the ingest handlers and the pipeline share, built once by createIngest.
import type { BlobStore } from "../blobs/store";
import type { ArchiveConfig } from "../config";
import type { ArchiveDb } from "../db/client";
import type { MetadataRegistry } from "@scriptorium/contract/metadata/registry";
import type { IngestProfiles } from "@scriptorium/contract/profiles/ingest-profiles";

export interface IngestDeps {
  config: ArchiveConfig;
  db: ArchiveDb;
  blobs: BlobStore;
  registry: MetadataRegistry;
  profiles: IngestProfiles;
  uploadSecret: Buffer;
  // Makes the commits so far durable before a caller is told they happened (see durability.ts).
  syncDatabase(): Promise<void>;
  // Tells idle workers that a job was queued (and committed), by id when it is known.
  wake(jobId?: number): void;
  // Tells the preservation side that a version was added (it seals it).
  versionAdded(): void;
}
