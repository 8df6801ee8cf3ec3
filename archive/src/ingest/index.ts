// The embedded archive's ingest side: the /ingest routes, the /uploads handler, the workers
// that run accepted SIPs through the plugin pipeline and the sweep that frees unused blobs.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Hono } from "hono";
import { INGEST_LIMITS } from "@scriptorium/contract/ingest/schemas";
import { loadOrCreateSecret } from "../blobs/secret";
import type { CrossProcessBlobLocks } from "../blobs/pg-blob-locks";
import { openBlobStore } from "../blobs/store";
import { createUploadHandler } from "../blobs/upload-handler";
import { releaseReceivingParts } from "../blobs/multipart-state";
import { releaseReceivingUploads, UPLOAD_SECRET_NAME } from "../blobs/upload-urls";
import type { ArchiveConfig } from "../config";
import type { ArchiveDb } from "../db/client";
import { createVacuum } from "../db/maintenance";
import type { ArchiveEnv } from "../http/context";
import { createPeriodicTask } from "../jobs/periodic";
import { releaseRunningJobs } from "../jobs/queue";
import { createWorkerPool } from "../jobs/worker";
import { loadMetadataRegistry } from "@scriptorium/contract/metadata/registry";
import { loadIngestProfiles } from "@scriptorium/contract/profiles/ingest-profiles";
import { sweepBlobs, sweepOrphans } from "./blob-sweep";
import type { IngestDeps } from "./deps";
import { databaseSyncer } from "./durability";
import { giveUpSubmissionJob, runSubmissionJob } from "./pipeline/run";
import { createMultipartRoutes } from "./multipart-routes";
import { createIngestRoutes } from "./routes";

export {
  createPackageVersion,
  getVersion,
  listVersions,
  findPackage,
  appendTrace,
  readTrace,
} from "./store";
export type { StoredFile, StoredMetadata, VersionWithFiles } from "./store";

export interface Ingest {
  routes: Hono<ArchiveEnv>;
  handleUpload(req: IncomingMessage, res: ServerResponse): void;
  start(): void;
  stop(): Promise<void>;
  deps: IngestDeps;
}

// SIPs processed at once per process. A small SIP spends most of its time waiting (files synced,
// statements queued behind others on the one database), so more than the cores keep the work
// going: 400 small documents went from 27 to 35 SIPs/s with 2 to 40 to 41 with 4, and not further
// with 6 or 8, on the 2-core reference machine (`npm run bench:archive`).
const WORKERS = 4;
// Temporary upload files untouched this long belong to a PUT that died with its process.
const STALE_TEMPORARY_MS = 60 * 60_000;
// Uploads expire by the hour; a pass every few minutes frees their bytes soon enough.
const BLOB_SWEEP_INTERVAL_MS = 10 * 60_000;
// Orphans are rare and a pass reads every blob's name: a few times a day is enough.
const ORPHAN_SWEEP_INTERVAL_MS = 6 * 3_600_000;
// With PGlite this process is the queue's only user: accepted SIPs and due retries wake the
// workers, so an idle worker looks at the queue only this often, as a backstop.
const PGLITE_IDLE_POLL_MS = 30_000;

// Builds the ingest API over the archive database and ${dataDir}/blobs.
export async function createIngest({
  config,
  db,
  blobLocks,
  onVersionAdded = () => {},
}: {
  config: ArchiveConfig;
  db: ArchiveDb;
  blobLocks?: CrossProcessBlobLocks;
  onVersionAdded?: () => void;
}): Promise<Ingest> {
  const blobs = await openBlobStore(config.dataDir, { locks: blobLocks });
  // Recovery from a crash happens before the server listens, so no request sees its leftovers.
  if (!config.databaseUrl) {
    // With PGlite this process is the database's only user: jobs and uploads left running were
    // its predecessor's, and need not wait for their leases to run out.
    await releaseRunningJobs(db);
    await releaseReceivingUploads(db);
    await releaseReceivingParts(db);
    await blobs.cleanTemporary(0);
  } else {
    await blobs.cleanTemporary(STALE_TEMPORARY_MS);
  }
  const pool: Pick<IngestDeps, "wake"> = { wake: () => {} };
  // PGlite has no autovacuum (db/maintenance.ts).
  const vacuum = config.databaseUrl ? null : createVacuum(db);
  const deps: IngestDeps = {
    config,
    db,
    blobs,
    registry: loadMetadataRegistry(`${config.sharedConfigDir}/metadata-schemas`),
    profiles: loadIngestProfiles(config.sharedConfigDir),
    uploadSecret: await loadOrCreateSecret(db, UPLOAD_SECRET_NAME),
    syncDatabase: databaseSyncer(config),
    wake: (jobId) => pool.wake(jobId),
    versionAdded: () => {
      vacuum?.versionAdded();
      onVersionAdded();
    },
  };
  const workers = createWorkerPool({
    db,
    concurrency: WORKERS,
    pollMs: config.databaseUrl ? config.jobPollMs : Math.max(config.jobPollMs, PGLITE_IDLE_POLL_MS),
    run: (job) => runSubmissionJob(deps, job),
    giveUp: (job) => giveUpSubmissionJob(deps, job),
    onError: (error) => console.error("ingest job failed", error),
  });
  pool.wake = (jobId) => workers.wake(jobId);
  const sweeper = createPeriodicTask({
    run: () =>
      sweepBlobs(
        { db, blobs, dataDir: config.dataDir },
        { now: new Date(), uploadRetentionMs: config.uploadRetentionHours * 3_600_000 },
      ),
    intervalMs: BLOB_SWEEP_INTERVAL_MS,
    onError: (error) => console.error("sweeping blobs failed", error),
  });
  const orphanSweeper = createPeriodicTask({
    run: () =>
      sweepOrphans(deps, { now: new Date(), minAgeMs: config.orphanMinAgeHours * 3_600_000 }),
    intervalMs: ORPHAN_SWEEP_INTERVAL_MS,
    onError: (error) => console.error("sweeping orphan blobs failed", error),
  });
  const multipart = config.multipart === false ? null : createMultipartRoutes(deps);
  const handleUpload = createUploadHandler({
    db,
    blobs,
    secret: deps.uploadSecret,
    syncDatabase: deps.syncDatabase,
    maxBytes: INGEST_LIMITS.uploadBytes,
    allowedOrigins: [new URL(config.dashboardUrl ?? "http://localhost:3000").origin],
    // With PGlite a part PUT cut off by a crash is released at start; on a shared PostgreSQL
    // another process may still be writing it, so only after this long.
    parts: multipart ? { staleReceivingMs: STALE_TEMPORARY_MS } : undefined,
  });

  return {
    routes: createIngestRoutes(deps, { uploads: multipart?.routes }),
    handleUpload,
    deps,
    start() {
      workers.start();
      sweeper.start();
      orphanSweeper.start();
      vacuum?.start();
    },
    async stop() {
      await Promise.all([
        workers.stop(),
        sweeper.stop(),
        orphanSweeper.stop(),
        vacuum?.stop(),
        multipart?.drain(),
      ]);
    },
  };
}
