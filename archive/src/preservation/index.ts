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
import { renewEvidence } from "./operations/renew-evidence";
import { retrieveFixityReport } from "./operations/retrieve-fixity-report";
import { validateEvidence } from "./operations/validate-evidence";
import { loadPreservationProfiles } from "./profiles";
import { createPreservationRoutes, type Operations } from "./routes";
import { sealPending } from "./seal";
import { loadArchiveTsa } from "./tsa-key";
import { auditDue } from "../fixity/audit";
import { fixityPolicy, renewalPolicy } from "../jobs/schedules";
import { renewDue } from "./renewal";

export interface Preservation {
  routes: Hono;
  // Starts and stops the background work: sealing versions the ingest API added, fixity audits
  // and evidence renewal.
  start(): void;
  stop(): Promise<void>;
  // The ingest API added a version: it is sealed within a second.
  sealSoon(): void;
}

// Versions the ingest pipeline adds wake the sealer; this pass finds any it was not told of (another
// process's on a shared PostgreSQL, one that crashed before sealing; a read seals them at once too).
const SEAL_BACKSTOP_MS = 60_000;

const operations: Operations = {
  RetrieveInfo: retrieveInfo,
  PreservePO: preservePO,
  RetrievePO: retrievePO,
  DeletePO: deletePO,
  UpdatePOC: updatePOC,
  RetrieveTrace: retrieveTrace,
  Search: search,
  ValidateEvidence: validateEvidence,
  RenewEvidence: renewEvidence,
  RetrieveFixityReport: retrieveFixityReport,
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
    tsa: await loadArchiveTsa(config),
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
    intervalMs: SEAL_BACKSTOP_MS,
    // Versions added within a second are sealed in one pass.
    wakeDelayMs: Math.max(config.jobPollMs, 1000),
    onError: (error) => console.error("sealing versions failed", error),
  });
  let stopping = false;
  const fixity = fixityPolicy(config);
  const auditor = createPeriodicTask({
    run: () => auditDue(services, fixity, { stopped: () => stopping }),
    // Each object is audited once per interval; looking a hundred times per interval finds it
    // due soon enough (every minute for the weekly default, every 2 s at the shortest).
    intervalMs: Math.min(Math.max((fixity.intervalHours * 3_600_000) / 100, 2000), 60_000),
    onError: (error) => console.error("fixity audit failed", error),
  });
  const renewal = renewalPolicy(config);
  const renewer = createPeriodicTask({
    run: () => renewDue({ ...services, tsa: services.tsa.tsa }, renewal),
    intervalMs: 3_600_000,
    onError: (error) => console.error("renewing evidence failed", error),
  });
  const tasks = [sealer, auditor, renewer];
  return {
    routes,
    start() {
      stopping = false;
      for (const task of tasks) task.start();
    },
    async stop() {
      stopping = true;
      await Promise.all(tasks.map((task) => task.stop()));
    },
    sealSoon: () => sealer.wake(),
  };
}
