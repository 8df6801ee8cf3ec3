// Renewing the evidence of stored versions (RFC 4998 5.2, RFC 6283 4.2): by an administrator
// (RenewEvidence), the command line (renew-evidence) or the schedule. Each renewal replaces the
// version's records by the renewed ones, counts it, and is recorded in the object's trace.
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readFile } from "node:fs/promises";
import { and, asc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { TRACE_OPERATIONS, type RenewalMode } from "@scriptorium/contract/preservation/extensions";
import type { BlobStore } from "../blobs/store";
import type { ArchiveDb } from "../db/client";
import { packages } from "../db/schema";
import {
  C14N_METHODS,
  canonicalizeXmlBytes,
  renewEvidenceRecords,
  type DigestAlgorithm,
  type RenewalDataObject,
  type Tsa,
} from "../evidence";
import { appendTrace } from "../ingest/store";
import type { PoEntry } from "./manifest";
import { sealedVersions, type SealedVersionRow } from "./tables";

export interface RenewalDeps {
  db: ArchiveDb;
  blobs: BlobStore;
  tsa: Tsa;
}

export interface RenewalOutcome {
  versionId: string;
  mode: RenewalMode;
  algorithm: DigestAlgorithm;
  time: string;
}

export class RenewalRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RenewalRefused";
  }
}

type VersionKey = { tenant: string; packageId: string; version: number };

async function streamDigest(path: string, algorithm: DigestAlgorithm): Promise<Buffer> {
  const hash = createHash(algorithm);
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) hash.update(chunk);
  return hash.digest();
}

// The digests of each PO under the new algorithm, read from the blob store and checked against the
// digest sealed first: a renewal never covers bytes that changed since.
async function dataObjectsOf(
  deps: RenewalDeps,
  entries: PoEntry[],
  algorithm: DigestAlgorithm,
): Promise<RenewalDataObject[]> {
  const objects: RenewalDataObject[] = [];
  for (const entry of entries) {
    const path = deps.blobs.objectPath(entry.sha256);
    if (
      (await streamDigest(path, "sha256").catch(() => undefined))?.toString("hex") !== entry.sha256
    )
      throw new RenewalRefused(
        `The stored content of "${entry.id}" is missing or fails its fixity check, so its evidence cannot be renewed over it.`,
      );
    const digests = [await streamDigest(path, algorithm)];
    if (entry.canonicalSha256) {
      const canonical = canonicalizeXmlBytes(await readFile(path), C14N_METHODS.c14n);
      digests.push(createHash(algorithm).update(canonical).digest());
    }
    objects.push({ id: entry.id, digests });
  }
  return objects;
}

// Renews one sealed version. The time-stamp is asked for outside any transaction; the records are
// replaced only if nobody renewed them in between.
export async function renewVersion(
  deps: RenewalDeps,
  row: SealedVersionRow,
  mode: RenewalMode,
  subject: string,
  algorithm: DigestAlgorithm = "sha512",
): Promise<RenewalOutcome | null> {
  if (mode === "hashtree" && row.dataDeletedAt) {
    throw new RenewalRefused(
      `Version ${row.version} of "${row.packageId}" has no data any more (deleted with OnlySubDOs): only its time-stamps can be renewed.`,
    );
  }
  const renewed = await renewEvidenceRecords({
    records: row.records.map((r) => ({ id: r.id, xml: r.xml, der: Buffer.from(r.der, "base64") })),
    mode,
    tsa: deps.tsa,
    algorithm,
    ...(mode === "hashtree"
      ? { dataObjects: await dataObjectsOf(deps, row.objects, algorithm) }
      : {}),
  });
  const key: VersionKey = { tenant: row.tenant, packageId: row.packageId, version: row.version };
  const done = await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ renewals: sealedVersions.renewals })
      .from(sealedVersions)
      .where(versionWhere(key))
      .for("update");
    if (!current || current.renewals !== row.renewals) return false;
    await tx
      .update(sealedVersions)
      .set({
        records: renewed.records.map((r) => ({
          id: r.id,
          xml: r.xml,
          der: r.der.toString("base64"),
        })),
        lastStampAt: new Date(renewed.time),
        digestAlgorithm: renewed.algorithm,
        renewals: row.renewals + 1,
      })
      .where(versionWhere(key));
    await appendTrace(tx, {
      tenant: row.tenant,
      packageId: row.packageId,
      subject,
      operation: TRACE_OPERATIONS.evidenceRenewed,
      object: `${row.packageId}@${row.version}`,
      detail:
        mode === "timestamp"
          ? `time-stamp renewal of ${renewed.records.length} evidence record(s): a new ${renewed.algorithm} time-stamp at ${renewed.time}`
          : `hash-tree renewal of ${renewed.records.length} evidence record(s): a new ${renewed.algorithm} chain over the data objects and the earlier evidence, time-stamped at ${renewed.time}`,
    });
    return true;
  });
  if (!done) return null;
  return { versionId: String(row.version), mode, algorithm: renewed.algorithm, time: renewed.time };
}

function versionWhere(key: VersionKey) {
  return and(
    eq(sealedVersions.tenant, key.tenant),
    eq(sealedVersions.packageId, key.packageId),
    eq(sealedVersions.version, key.version),
  );
}

// Every sealed version of an object with its evidence, oldest first.
export async function sealedRowsOf(db: ArchiveDb, tenant: string, packageId: string) {
  return db
    .select()
    .from(sealedVersions)
    .where(and(eq(sealedVersions.tenant, tenant), eq(sealedVersions.packageId, packageId)))
    .orderBy(asc(sealedVersions.version));
}

// Renews every version of one object.
export async function renewObject(
  deps: RenewalDeps,
  tenant: string,
  packageId: string,
  mode: RenewalMode,
  subject: string,
): Promise<RenewalOutcome[]> {
  const outcomes: RenewalOutcome[] = [];
  for (const row of await sealedRowsOf(deps.db, tenant, packageId)) {
    const outcome = await renewVersion(deps, row, mode, subject);
    if (outcome) outcomes.push(outcome);
  }
  return outcomes;
}

export interface RenewalPolicy {
  // Time-stamps older than this many days are renewed (0: never for age alone).
  maxAgeDays: number;
  // Records whose last chain uses one of these algorithms get a hash-tree renewal.
  weakAlgorithms: readonly string[];
}

// Versions whose evidence is due: a weak algorithm first (hash-tree renewal), then old time-stamps.
export async function dueVersions(
  db: ArchiveDb,
  policy: RenewalPolicy,
  now: Date,
  limit: number,
): Promise<{ row: SealedVersionRow; mode: RenewalMode }[]> {
  const live = and(
    eq(packages.tenant, sealedVersions.tenant),
    eq(packages.packageId, sealedVersions.packageId),
  );
  const base = () =>
    db.select({ row: sealedVersions }).from(sealedVersions).innerJoin(packages, live);
  const weak =
    policy.weakAlgorithms.length > 0
      ? await base()
          .where(
            and(
              inArray(sealedVersions.digestAlgorithm, [...policy.weakAlgorithms]),
              isNull(sealedVersions.dataDeletedAt),
            ),
          )
          .limit(limit)
      : [];
  const due: { row: SealedVersionRow; mode: RenewalMode }[] = weak.map(({ row }) => ({
    row,
    mode: "hashtree",
  }));
  if (policy.maxAgeDays > 0 && due.length < limit) {
    const before = new Date(now.getTime() - policy.maxAgeDays * 86_400_000);
    const old = await base()
      .where(
        or(
          lt(sealedVersions.lastStampAt, before),
          and(isNull(sealedVersions.lastStampAt), lt(sealedVersions.evidenceTime, before)),
        ),
      )
      .orderBy(asc(sql`coalesce(${sealedVersions.lastStampAt}, ${sealedVersions.evidenceTime})`))
      .limit(limit - due.length);
    due.push(...old.map(({ row }) => ({ row, mode: "timestamp" as const })));
  }
  return due;
}

// One pass of the schedule: renews what is due, up to `limit` versions; answers how many it renewed.
export async function renewDue(
  deps: RenewalDeps,
  policy: RenewalPolicy,
  now = new Date(),
  limit = 20,
): Promise<number> {
  let renewed = 0;
  for (const { row, mode } of await dueVersions(deps.db, policy, now, limit)) {
    try {
      if (await renewVersion(deps, row, mode, "archive (renewal schedule)")) renewed++;
    } catch (error) {
      console.error(
        `renewing the evidence of ${row.tenant}/${row.packageId} version ${row.version} failed: ${(error as Error).message}`,
      );
    }
  }
  return renewed;
}
