// Sealing: every version gets evidence records over the digests of its POs. PreservePO and
// UpdatePOC seal as they store; versions the ingest API adds are sealed by a sweep shortly after,
// or at the latest when the preservation API first reads them.
import { Readable } from "node:stream";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { removeUnreferencedBlobs } from "../blobs/references";
import type { BlobHold, BlobStore } from "../blobs/store";
import type { ArchiveDb } from "../db/client";
import { packages, packageVersions, traceEvents } from "../db/schema";
import { storableText } from "../db/storable-text";
import { runTogether } from "../db/together";
import { createEvidenceRecords, type Tsa, TsaUnavailableError } from "../evidence";
import { appendTrace, getVersions } from "../ingest/store";
import type { Queryable } from "../jobs/queue";
import { responderError } from "./errors";
import { entriesFromVersion, type PendingBlob, type PoEntry } from "./manifest";
import { sealedVersions, type StoredEvidenceRecord } from "./tables";

export interface Sealing {
  evidenceTime: Date;
  root: string;
  records: StoredEvidenceRecord[];
}

export interface SealDeps {
  db: ArchiveDb;
  blobs: BlobStore;
  tsa: Tsa;
}

// Evidence records over the POs' digests, one per PO, under one time-stamp. It runs before anything
// is committed, so an external time-stamp authority that is down or answers wrong leaves nothing
// behind: the caller is told to try again later, and the ingest API's versions wait for the sweep.
export async function sealEntries(
  tsa: Tsa,
  entries: PoEntry[],
  now = new Date(),
): Promise<Sealing> {
  const [sealing] = await sealEntryGroups(tsa, [entries], now);
  return sealing!;
}

// The entries of several versions sealed under one hash tree and one time-stamp (RFC 4998's
// archive time-stamp covers any number of data objects): a sealing per group, each with the
// records of its own entries, which share the tree's root and the time. A version's POs are named
// alike in other versions, so they are told apart while the tree is built.
export async function sealEntryGroups(
  tsa: Tsa,
  groups: PoEntry[][],
  now = new Date(),
): Promise<Sealing[]> {
  const created = await createEvidenceRecords({
    dataObjects: groups.flatMap((entries, group) =>
      entries.map((e) => ({
        id: `${group}/${e.id}`,
        sha256: Buffer.from(e.sha256, "hex"),
        ...(e.canonicalSha256 ? { canonicalSha256: Buffer.from(e.canonicalSha256, "hex") } : {}),
      })),
    ),
    tsa,
    now,
  }).catch((error: unknown) => {
    if (!(error instanceof TsaUnavailableError)) throw error;
    console.error(`sealing failed: ${error.message}`);
    throw responderError(
      "externalServiceUnavailable",
      "The time-stamp authority could not time-stamp the evidence records, so nothing was preserved; try again later.",
    );
  });
  const evidenceTime = new Date(created.time);
  const root = created.root.toString("hex");
  let next = 0;
  return groups.map((entries) => ({
    evidenceTime,
    root,
    records: entries.map((entry) => {
      const record = created.records[next++]!;
      return { id: entry.id, xml: record.xml, der: Buffer.from(record.der).toString("base64") };
    }),
  }));
}

// Puts bytes into the blob store, held by `hold`; the store names them by digest, which must be
// the one promised.
export async function storeBlobs(
  blobs: BlobStore,
  pending: PendingBlob[],
  hold: BlobHold,
): Promise<void> {
  for (const blob of pending) {
    if (await hold.keep(blob.sha256)) continue;
    const staged = await blobs.receive(Readable.from([blob.bytes]), {
      maxBytes: blob.bytes.length,
    });
    if (staged.sha256 !== blob.sha256) {
      await blobs.discard(staged);
      throw new Error("A blob's digest changed while it was being stored.");
    }
    await blobs.commit(staged, hold);
  }
}

type SealingKey = { tenant: string; packageId: string; version: number; subject: string };

const sealedRow = (key: SealingKey, entries: PoEntry[], sealing: Sealing) => ({
  tenant: key.tenant,
  packageId: key.packageId,
  version: key.version,
  objects: entries,
  ...sealing,
});

const sealingTrace = (key: SealingKey, entries: PoEntry[], sealing: Sealing) => ({
  tenant: key.tenant,
  packageId: key.packageId,
  subject: key.subject,
  operation: "evidence created",
  object: `${key.packageId}@${key.version}`,
  detail: `${entries.length} evidence record(s) at ${sealing.evidenceTime.toISOString()}, hash-tree root ${sealing.root}`,
});

// Records a sealed version and its trace event (call inside the transaction that stores the version).
export async function recordSealing(
  tx: Queryable,
  key: SealingKey,
  entries: PoEntry[],
  sealing: Sealing,
): Promise<boolean> {
  const inserted = await tx
    .insert(sealedVersions)
    .values(sealedRow(key, entries, sealing))
    .onConflictDoNothing()
    .returning({ version: sealedVersions.version });
  if (inserted.length === 0) return false;
  await appendTrace(tx, sealingTrace(key, entries, sealing));
  return true;
}

// Versions not sealed yet, oldest first: of one package, or of every live package.
async function unsealed(
  db: ArchiveDb,
  scope: { tenant: string; packageId: string } | { limit: number },
) {
  const where = [isNull(sealedVersions.version), isNull(packages.deletedAt)];
  if ("tenant" in scope)
    where.push(
      eq(packageVersions.tenant, scope.tenant),
      eq(packageVersions.packageId, scope.packageId),
    );
  const query = db
    .select({
      tenant: packageVersions.tenant,
      packageId: packageVersions.packageId,
      version: packageVersions.version,
    })
    .from(packageVersions)
    .innerJoin(
      packages,
      and(
        eq(packages.tenant, packageVersions.tenant),
        eq(packages.packageId, packageVersions.packageId),
      ),
    )
    .leftJoin(
      sealedVersions,
      and(
        eq(sealedVersions.tenant, packageVersions.tenant),
        eq(sealedVersions.packageId, packageVersions.packageId),
        eq(sealedVersions.version, packageVersions.version),
      ),
    )
    .where(and(...where))
    .orderBy(asc(packageVersions.createdAt));
  return "limit" in scope ? query.limit(scope.limit) : query;
}

type VersionKey = { tenant: string; packageId: string; version: number };

// Seals stored versions of one tenant (all `keys` are of one) under one time-stamp: one request to
// the time-stamp authority for all of them, instead of one each. A tenant's hash tree holds only
// its own digests, since a record carries its neighbours' digests along its path.
async function sealStoredVersions(deps: SealDeps, keys: VersionKey[]) {
  if (keys.length === 0) return;
  const found: { key: VersionKey; entries: PoEntry[]; blobs: PendingBlob[] }[] = [];
  for (const version of await getVersions(deps.db, keys[0]!.tenant, keys)) {
    const { entries, blobs } = entriesFromVersion(version);
    const key = { tenant: version.tenant, packageId: version.packageId, version: version.version };
    if (entries.length > 0) found.push({ key, entries, blobs });
  }
  if (found.length === 0) return;
  const hold = deps.blobs.hold();
  const unsealedBlobs: string[] = [];
  try {
    await storeBlobs(
      deps.blobs,
      found.flatMap((f) => f.blobs),
      hold,
    );
    const sealings = await sealEntryGroups(
      deps.tsa,
      found.map((f) => f.entries),
    );
    // One transaction for the tenant's versions, in five statements whatever their number: on
    // PGlite each statement costs as much as the row it writes, and one each took as long as the
    // ingest of the SIP that made the version.
    const sealed = await deps.db.transaction(async (tx) => {
      const tenant = found[0]!.key.tenant;
      // A deletion may have come between reading a version and now: its evidence must not
      // reappear. The packages are locked in one order, so two sweeps cannot deadlock.
      const live = await tx
        .select({ packageId: packages.packageId })
        .from(packages)
        .where(
          and(
            eq(packages.tenant, tenant),
            inArray(packages.packageId, [...new Set(found.map((f) => f.key.packageId))]),
            isNull(packages.deletedAt),
          ),
        )
        .orderBy(asc(packages.packageId))
        .for("update");
      const livePackages = new Set(live.map((p) => p.packageId));
      if (livePackages.size === 0) return new Set<string>();
      // Under those locks nobody else seals them: what is sealed already stays as it is.
      const done = await tx
        .select({ packageId: sealedVersions.packageId, version: sealedVersions.version })
        .from(sealedVersions)
        .where(
          and(
            eq(sealedVersions.tenant, tenant),
            inArray(sealedVersions.packageId, [...livePackages]),
            inArray(sealedVersions.version, [...new Set(found.map((f) => f.key.version))]),
          ),
        );
      const doneKeys = new Set(done.map((d) => `${d.packageId}@${d.version}`));
      const toSeal = found.flatMap(({ key, entries }, i) =>
        livePackages.has(key.packageId) && !doneKeys.has(`${key.packageId}@${key.version}`)
          ? [{ key: { ...key, subject: "archive" }, entries, sealing: sealings[i]! }]
          : [],
      );
      if (toSeal.length > 0) {
        await runTogether(tx, [
          tx
            .insert(sealedVersions)
            .values(toSeal.map((t) => sealedRow(t.key, t.entries, t.sealing)))
            .onConflictDoNothing(),
          tx.insert(traceEvents).values(
            toSeal.map((t) => {
              const event = sealingTrace(t.key, t.entries, t.sealing);
              return { ...event, detail: storableText(event.detail) };
            }),
          ),
        ]);
      }
      return new Set(toSeal.map((t) => `${t.key.packageId}@${t.key.version}`));
    });
    for (const { key, blobs } of found) {
      if (!sealed.has(`${key.packageId}@${key.version}`))
        unsealedBlobs.push(...blobs.map((b) => b.sha256));
    }
  } finally {
    await hold.release();
  }
  // Nor may the metadata bytes written for it outlive the deletion.
  if (unsealedBlobs.length > 0) await removeUnreferencedBlobs(deps.db, deps.blobs, unsealedBlobs);
}

// Seals `keys` a tenant at a time.
async function sealByTenant(deps: SealDeps, keys: VersionKey[]) {
  const tenants = new Map<string, VersionKey[]>();
  for (const key of keys) {
    const group = tenants.get(key.tenant);
    if (group) group.push(key);
    else tenants.set(key.tenant, [key]);
  }
  for (const group of tenants.values()) await sealStoredVersions(deps, group);
}

// Seals the versions of one package that the ingest API added and nobody sealed yet.
export async function ensureSealed(
  deps: SealDeps,
  tenant: string,
  packageId: string,
): Promise<void> {
  await sealByTenant(deps, await unsealed(deps.db, { tenant, packageId }));
}

// One pass of the sweep: seals up to `limit` versions; answers how many it looked at.
export async function sealPending(deps: SealDeps, limit = 20): Promise<number> {
  const keys = await unsealed(deps.db, { limit });
  await sealByTenant(deps, keys);
  return keys.length;
}
