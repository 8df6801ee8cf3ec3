// The embedded archive's ETSI TS 119 512 preservation API, mounted at /preservation. It shares the
// ingest API's store: a package is a preservation object whose poId is its packageId.
import path from "node:path";
import type { Hono } from "hono";
import type { CrossProcessBlobLocks } from "../blobs/pg-blob-locks";
import { openBlobStore } from "../blobs/store";
import type { ArchiveConfig } from "../config";
import type { ArchiveDb } from "../db/client";
import { identifyBytes } from "../formats/identify";
import { databaseSyncer } from "../ingest/durability";
import type { Caller } from "../http/context";
import { createPeriodicTask } from "../jobs/periodic";
import { loadMetadataRegistry } from "@scriptorium/contract/metadata/registry";
import { loadIngestProfiles } from "@scriptorium/contract/profiles/ingest-profiles";
import type { PreservationServices } from "./context";
import { sealDeps } from "./objects";
import { deletePO } from "./operations/delete-po";
import { preservePO } from "./operations/preserve-po";
import { retrieveInfo } from "./operations/retrieve-info";
import { retrievePO } from "./operations/retrieve-po";
import { retrieveTrace } from "./operations/retrieve-trace";
import { search } from "./operations/search";
import { updatePOC } from "./operations/update-poc";
import { validateEvidence } from "./operations/validate-evidence";
import { loadPreservationProfiles } from "./profiles";
import { createPreservationRoutes, type Operations } from "./routes";
import { sealPending } from "./seal";
import { loadOrCreateTsa } from "./tsa-key";

export interface Preservation {
  routes: Hono;
  // Starts and stops the sweep that seals versions the ingest API added.
  start(): void;
  stop(): Promise<void>;
}

const operations: Operations = {
  RetrieveInfo: retrieveInfo,
  PreservePO: preservePO,
  RetrievePO: retrievePO,
  DeletePO: deletePO,
  UpdatePOC: updatePOC,
  RetrieveTrace: retrieveTrace,
  Search: search,
  ValidateEvidence: validateEvidence,
};

// Builds the preservation API over the archive database; throws at start on bad configuration.
export async function createPreservation({
  config,
  db,
  identity,
  blobLocks,
}: {
  config: ArchiveConfig;
  db: ArchiveDb;
  identity: { authenticate(headers: Headers): Promise<Caller> };
  blobLocks?: CrossProcessBlobLocks;
}): Promise<Preservation> {
  const profiles = loadPreservationProfiles(config.configDir);
  const ingestProfiles = loadIngestProfiles(config.sharedConfigDir);
  for (const profile of profiles.list()) {
    if (!ingestProfiles.has(profile.ingestProfile)) {
      throw new Error(
        `The preservation profile ${profile.pid} names the ingest profile "${profile.ingestProfile}", which ingest-profiles.json does not define.`,
      );
    }
  }
  const services: PreservationServices = {
    config,
    db,
    blobs: await openBlobStore(config.dataDir, { locks: blobLocks }),
    tsa: await loadOrCreateTsa(config.dataDir),
    profiles,
    metadata: loadMetadataRegistry(path.join(config.sharedConfigDir, "metadata-schemas")),
    identify: identifyBytes,
    syncDatabase: databaseSyncer(config),
  };
  const routes = createPreservationRoutes({
    services,
    authenticate: (h) => identity.authenticate(h),
    operations,
  });

  const sealer = createPeriodicTask({
    run: () => sealPending(sealDeps(services)),
    intervalMs: Math.max(config.jobPollMs, 1000),
    onError: (error) => console.error("sealing versions failed", error),
  });
  return { routes, start: () => sealer.start(), stop: () => sealer.stop() };
}
