// Fixity audits: the archive re-reads every stored file of an object and re-hashes it, comparing with
// the SHA-256 recorded at ingest. Reads are paced by a budget (MiB/s) and a pause between objects so
// ingest keeps the disk. Each audit replaces the object's row in fixity_checks and is recorded in its
// trace; a failure is also logged, naming the object and the file.
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { and, asc, eq, isNull, isNotNull, lt, or, sql } from "drizzle-orm";
import { TRACE_OPERATIONS } from "@scriptorium/contract/preservation/extensions";
import type { BlobStore } from "../blobs/store";
import type { ArchiveDb } from "../db/client";
import { packageFiles, packages } from "../db/schema";
import { appendTrace } from "../ingest/store";
import { fixityChecks, type FixityFailureRow } from "./tables";

const MiB = 1024 * 1024;

export interface FixityDeps {
  db: ArchiveDb;
  blobs: Pick<BlobStore, "objectPath">;
  // The clock reads are paced by; real time unless a test brings its own.
  clock?: PacingClock;
}

// Milliseconds since some start, and a way to wait: what pacing needs of time.
export interface PacingClock {
  now(): number;
  sleep(ms: number): Promise<unknown>;
}

export const REAL_TIME: PacingClock = { now: () => performance.now(), sleep: (ms) => sleep(ms) };

export interface FixityPolicy {
  // An object is audited again once its last audit (or its creation) is this old.
  intervalHours: number;
  // The read budget in MiB/s (0: unlimited), and a pause after each object.
  budgetMiBps: number;
  pauseMs: number;
}

export interface ObjectAudit {
  tenant: string;
  packageId: string;
  passed: boolean;
  files: number;
  bytes: number;
  readMs: number;
  failures: FixityFailureRow[];
}

// Hashes a file as fast as the budget allows: after each chunk, waits until the bytes read so far
// fit in the time spent at `budgetMiBps`.
export async function paced(
  path: string,
  budgetMiBps: number,
  clock: PacingClock = REAL_TIME,
): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash("sha256");
  const started = clock.now();
  let bytes = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 4 * MiB })) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
    if (budgetMiBps > 0) {
      const ahead = (bytes / (budgetMiBps * MiB)) * 1000 - (clock.now() - started);
      if (ahead > 1) await clock.sleep(ahead);
    }
  }
  return { sha256: hash.digest("hex"), bytes };
}

// Audits one object: every file of every version still held.
export async function auditObject(
  deps: FixityDeps,
  tenant: string,
  packageId: string,
  budgetMiBps: number,
  now: () => Date = () => new Date(),
): Promise<ObjectAudit> {
  const files = await deps.db
    .select({
      version: packageFiles.version,
      name: packageFiles.name,
      sha256: packageFiles.sha256,
      blob: packageFiles.blob,
    })
    .from(packageFiles)
    .where(and(eq(packageFiles.tenant, tenant), eq(packageFiles.packageId, packageId)))
    .orderBy(asc(packageFiles.version), asc(packageFiles.position));
  const clock = deps.clock ?? REAL_TIME;
  const started = clock.now();
  const failures: FixityFailureRow[] = [];
  // A blob shared by several versions is read once.
  const seen = new Map<string, string | Error>();
  let bytes = 0;
  for (const file of files) {
    let found = seen.get(file.blob);
    if (found === undefined) {
      try {
        const read = await paced(deps.blobs.objectPath(file.blob), budgetMiBps, clock);
        bytes += read.bytes;
        found = read.sha256;
      } catch (error) {
        found = error as Error;
      }
      seen.set(file.blob, found);
    }
    if (found instanceof Error) {
      const missing = (found as NodeJS.ErrnoException).code === "ENOENT";
      failures.push({
        version: file.version,
        file: file.name,
        detail: missing
          ? `its stored content is missing (blob ${file.blob})`
          : `its stored content could not be read: ${found.message}`,
      });
    } else if (found !== file.sha256) {
      failures.push({
        version: file.version,
        file: file.name,
        detail: `its stored bytes hash to SHA-256 ${found}, not ${file.sha256} as recorded at ingest`,
      });
    }
  }
  const audit: ObjectAudit = {
    tenant,
    packageId,
    passed: failures.length === 0,
    files: files.length,
    bytes,
    readMs: Math.round(clock.now() - started),
    failures,
  };
  await record(deps.db, audit, now());
  return audit;
}

async function record(db: ArchiveDb, audit: ObjectAudit, at: Date) {
  const row = {
    checkedAt: at,
    passed: audit.passed,
    files: audit.files,
    bytes: audit.bytes,
    readMs: audit.readMs,
    failures: audit.failures,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(fixityChecks)
      .values({ tenant: audit.tenant, packageId: audit.packageId, ...row })
      .onConflictDoUpdate({ target: [fixityChecks.tenant, fixityChecks.packageId], set: row });
    const size = `${(audit.bytes / MiB).toFixed(2)} MiB`;
    await appendTrace(tx, {
      tenant: audit.tenant,
      packageId: audit.packageId,
      subject: "archive (fixity audit)",
      operation: TRACE_OPERATIONS.fixityCheck,
      ...(audit.failures[0] ? { object: audit.failures[0].file } : {}),
      detail: audit.passed
        ? `passed: ${audit.files} file(s), ${size} re-read and re-hashed`
        : `failed: ${audit.failures.map((f) => `"${f.file}" (version ${f.version}): ${f.detail}`).join("; ")}`,
    });
  });
  if (!audit.passed) {
    for (const f of audit.failures) {
      console.error(
        `fixity check failed: object "${audit.packageId}" (tenant ${audit.tenant}), file "${f.file}" of version ${f.version}: ${f.detail}`,
      );
    }
  }
}

// Live objects whose last audit (or, never audited, whose creation) is older than the interval,
// the longest waiting first.
export async function dueObjects(db: ArchiveDb, intervalHours: number, now: Date, limit: number) {
  const before = new Date(now.getTime() - intervalHours * 3_600_000);
  return db
    .select({ tenant: packages.tenant, packageId: packages.packageId })
    .from(packages)
    .leftJoin(
      fixityChecks,
      and(eq(fixityChecks.tenant, packages.tenant), eq(fixityChecks.packageId, packages.packageId)),
    )
    .where(
      and(
        isNull(packages.deletedAt),
        isNotNull(packages.latestVersion),
        or(
          lt(fixityChecks.checkedAt, before),
          and(isNull(fixityChecks.checkedAt), lt(packages.createdAt, before)),
        ),
      ),
    )
    .orderBy(asc(sql`coalesce(${fixityChecks.checkedAt}, ${packages.createdAt})`))
    .limit(limit);
}

// One pass of the schedule: audits up to `limit` due objects; answers how many it audited.
export async function auditDue(
  deps: FixityDeps,
  policy: FixityPolicy,
  options: { limit?: number; stopped?: () => boolean } = {},
): Promise<number> {
  if (policy.intervalHours <= 0) return 0;
  const due = await dueObjects(deps.db, policy.intervalHours, new Date(), options.limit ?? 50);
  let audited = 0;
  for (const { tenant, packageId } of due) {
    if (options.stopped?.()) break;
    await auditObject(deps, tenant, packageId, policy.budgetMiBps);
    audited++;
    if (policy.pauseMs > 0) await (deps.clock ?? REAL_TIME).sleep(policy.pauseMs);
  }
  return audited;
}
