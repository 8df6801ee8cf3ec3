// The backstop for blobs nothing names: a removal skipped while another process held the blob,
// SIPs that failed before their blobs were recorded, an ingested bag's zip. Mark collects every
// digest the database names; the sweep offers the files outside that set, once old enough, to
// removeUnreferencedBlobs, whose lock, holds and reference check still decide.
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { and, eq, inArray, isNotNull, isNull, sql, type AnyColumn } from "drizzle-orm";
import type { ArchiveDb } from "../db/client";
import {
  packageFiles,
  packageVersions,
  sealedVersions,
  submissionBlobs,
  submissions,
  uploads,
} from "../db/schema";
import { removeUnreferencedBlobs } from "./references";
import type { BlobStore } from "./store";

export interface OrphanSweepOutcome {
  // Objects found under blobs/sha256.
  files: number;
  // Objects removed because no row named them.
  orphans: number;
}

const SHA256_HEX = /^[0-9a-f]{64}$/;
const PREFIX = /^[0-9a-f]{2}$/;

// The `file.blob` of each entry of a jsonb array of StoredMetadata (ingest/store.ts).
const metadataBlobs = (column: AnyColumn) =>
  sql<string | null>`jsonb_array_elements(${column}) -> 'file' ->> 'blob'`;
// jsonb_array_elements fails on anything else; the rows it skips name nothing either.
const isArray = (column: AnyColumn) => sql`jsonb_typeof(${column}) = 'array'`;

// Every digest a package file, metadata file, live sealed version, upload or unfinished SIP names.
export async function markedBlobs(db: ArchiveDb): Promise<Set<string>> {
  const results = await Promise.all([
    db.selectDistinct({ blob: packageFiles.blob }).from(packageFiles),
    db
      .selectDistinct({ blob: metadataBlobs(packageFiles.metadatas) })
      .from(packageFiles)
      .where(isArray(packageFiles.metadatas)),
    db
      .selectDistinct({ blob: metadataBlobs(packageVersions.metadatas) })
      .from(packageVersions)
      .where(isArray(packageVersions.metadatas)),
    db
      .selectDistinct({
        blob: sql<string | null>`jsonb_array_elements(${sealedVersions.objects}) ->> 'sha256'`,
      })
      .from(sealedVersions)
      .where(and(isNull(sealedVersions.dataDeletedAt), isArray(sealedVersions.objects))),
    db.selectDistinct({ blob: uploads.sha256 }).from(uploads).where(isNotNull(uploads.sha256)),
    db
      .selectDistinct({ blob: submissionBlobs.blob })
      .from(submissionBlobs)
      .innerJoin(submissions, eq(submissions.id, submissionBlobs.submissionId))
      .where(inArray(submissions.status, ["PENDING", "PROCESSING"])),
  ]);
  const marked = new Set<string>();
  for (const rows of results) for (const { blob } of rows) if (blob) marked.add(blob);
  return marked;
}

// Names of the directory's entries; none when it is missing.
async function entries(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

// One pass. A file younger than `minAgeMs` may belong to a writer whose row is not committed yet,
// so it waits; a blob skipped now is found again by the next pass.
export async function sweepOrphanBlobs(
  deps: { db: ArchiveDb; blobs: BlobStore },
  options: { now: Date; minAgeMs: number },
): Promise<OrphanSweepOutcome> {
  const marked = await markedBlobs(deps.db);
  const objects = path.join(deps.blobs.root, "sha256");
  const oldest = options.now.getTime() - options.minAgeMs;
  const candidates: string[] = [];
  let files = 0;
  for (const prefix of await entries(objects)) {
    if (!PREFIX.test(prefix)) continue;
    for (const name of await entries(path.join(objects, prefix))) {
      if (!SHA256_HEX.test(name) || !name.startsWith(prefix)) continue;
      const info = await stat(path.join(objects, prefix, name)).catch(() => null);
      if (!info?.isFile()) continue;
      files += 1;
      if (!marked.has(name) && info.mtimeMs <= oldest) candidates.push(name);
    }
  }
  const orphans = candidates.length
    ? await removeUnreferencedBlobs(deps.db, deps.blobs, candidates)
    : 0;
  return { files, orphans };
}
