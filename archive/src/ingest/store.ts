// Data access for packages as preservation objects: versions, files, metadata and the trace.
// Shared by the ingest pipeline and the preservation API (poId = packageId, scoped to a tenant).
import { and, asc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { ArchiveDb } from "../db/client";
import { packageFiles, packages, packageVersions, traceEvents } from "../db/schema";
import { storableText } from "../db/storable-text";
import type { Queryable } from "../jobs/queue";

export type PackageRow = typeof packages.$inferSelect;
export type VersionRow = typeof packageVersions.$inferSelect;
export type TraceEventRow = typeof traceEvents.$inferSelect;

// A metadata record as kept on a version or a file. `file` is set when it came as a MetadataFile.
export interface StoredMetadata {
  schema: string;
  metadata: Record<string, unknown>;
  file?: { name: string; sha256: string; size: number; blob: string };
}

// A file of a version; `blob` is the blob store key (see archive/src/blobs/store.ts).
export interface StoredFile {
  name: string;
  mimeType: string;
  puid: string | null;
  formatName: string | null;
  sha256: string;
  size: number;
  blob: string;
  metadatas: StoredMetadata[];
}

export interface VersionWithFiles {
  tenant: string;
  packageId: string;
  version: number;
  createdAt: Date;
  submissionId: string | null;
  metadatas: StoredMetadata[];
  files: StoredFile[];
}

// The package row (deleted ones excluded), or null. A package without `latestVersion` is not an AIP yet.
export async function findPackage(
  db: Queryable,
  tenant: string,
  packageId: string,
): Promise<PackageRow | null> {
  const [row] = await db
    .select()
    .from(packages)
    .where(
      and(
        eq(packages.tenant, tenant),
        eq(packages.packageId, packageId),
        isNull(packages.deletedAt),
      ),
    );
  return row ?? null;
}

// Locks the package row (creating it when missing) and counts one more submission: the row
// answered holds the new count, which names the submission (sip-<count>).
export async function countSubmission(
  tx: Queryable,
  key: { tenant: string; packageId: string; profile: string },
): Promise<PackageRow> {
  return upsertPackage(
    tx,
    { ...key, submissionCount: 1 },
    { submissionCount: sql`${packages.submissionCount} + 1` },
  );
}

// Locks the package row (creating it when missing) and takes the next version number: the row
// answered holds it as `latestVersion`. The caller adds that version in the same transaction, or
// throws so the number is not taken.
export async function claimNextVersion(
  tx: Queryable,
  key: { tenant: string; packageId: string; profile: string },
): Promise<PackageRow & { latestVersion: number }> {
  const row = await upsertPackage(
    tx,
    { ...key, latestVersion: 1 },
    { latestVersion: sql`coalesce(${packages.latestVersion}, 0) + 1` },
  );
  return { ...row, latestVersion: row.latestVersion ?? 1 };
}

async function upsertPackage(
  tx: Queryable,
  values: typeof packages.$inferInsert,
  set: Partial<Record<keyof typeof packages.$inferInsert, SQL>>,
): Promise<PackageRow> {
  const [row] = await tx
    .insert(packages)
    .values(values)
    .onConflictDoUpdate({ target: [packages.tenant, packages.packageId], set })
    .returning();
  if (!row) throw new Error("The package row vanished while it was being locked.");
  return row;
}

// Adds the next version of a package from files already in the blob store (call in a transaction).
export async function addVersion(
  tx: Queryable,
  input: {
    tenant: string;
    packageId: string;
    profile: string;
    submissionId?: string;
    metadatas: StoredMetadata[];
    files: StoredFile[];
  },
): Promise<number> {
  const pkg = await claimNextVersion(tx, input);
  if (pkg.deletedAt)
    throw new Error(`The package ${input.packageId} was deleted; it takes no new versions.`);
  await insertVersion(tx, { ...input, version: pkg.latestVersion });
  return pkg.latestVersion;
}

// Inserts version `version` of a package, whose number claimNextVersion took.
export async function insertVersion(
  tx: Queryable,
  input: {
    tenant: string;
    packageId: string;
    version: number;
    submissionId?: string;
    metadatas: StoredMetadata[];
    files: StoredFile[];
  },
): Promise<void> {
  for (const statement of versionStatements(tx, input)) await statement;
}

// The statements that insertVersion runs, to run with others (db/together.ts).
export function versionStatements(tx: Queryable, input: Parameters<typeof insertVersion>[1]) {
  const { tenant, packageId, version } = input;
  const versionRow = tx.insert(packageVersions).values({
    tenant,
    packageId,
    version,
    submissionId: input.submissionId ?? null,
    metadatas: input.metadatas,
  });
  if (input.files.length === 0) return [versionRow];
  const fileRows = tx
    .insert(packageFiles)
    .values(
      input.files.map((file, position) => ({ tenant, packageId, version, position, ...file })),
    );
  return [versionRow, fileRows];
}

// Creates a package (or its next version) in one transaction and records it in the trace.
export async function createPackageVersion(
  db: ArchiveDb,
  input: Parameters<typeof addVersion>[1] & { subject: string },
): Promise<number> {
  return db.transaction(async (tx) => {
    const version = await addVersion(tx, input);
    await appendTrace(tx, {
      tenant: input.tenant,
      packageId: input.packageId,
      subject: input.subject,
      operation: "version added",
      object: `${input.packageId}@${version}`,
      detail: `${input.files.length} file(s)`,
    });
    return version;
  });
}

// Every version of a package, oldest first, without files.
export async function listVersions(
  db: Queryable,
  tenant: string,
  packageId: string,
): Promise<VersionRow[]> {
  return db
    .select()
    .from(packageVersions)
    .where(and(eq(packageVersions.tenant, tenant), eq(packageVersions.packageId, packageId)))
    .orderBy(asc(packageVersions.version));
}

// One version with its files (the latest when `version` is omitted), or null.
export async function getVersion(
  db: Queryable,
  tenant: string,
  packageId: string,
  version?: number,
): Promise<VersionWithFiles | null> {
  const [row] = await db
    .select()
    .from(packageVersions)
    .where(
      and(
        eq(packageVersions.tenant, tenant),
        eq(packageVersions.packageId, packageId),
        version === undefined
          ? eq(
              packageVersions.version,
              sql`(select latest_version from ${packages} where ${packages.tenant} = ${tenant} and ${packages.packageId} = ${packageId})`,
            )
          : eq(packageVersions.version, version),
      ),
    );
  if (!row) return null;
  const files = await db
    .select()
    .from(packageFiles)
    .where(
      and(
        eq(packageFiles.tenant, tenant),
        eq(packageFiles.packageId, packageId),
        eq(packageFiles.version, row.version),
      ),
    )
    .orderBy(asc(packageFiles.position));
  return withFiles(row, files);
}

function withFiles(row: VersionRow, files: (typeof packageFiles.$inferSelect)[]): VersionWithFiles {
  return {
    tenant: row.tenant,
    packageId: row.packageId,
    version: row.version,
    createdAt: row.createdAt,
    submissionId: row.submissionId,
    metadatas: row.metadatas as StoredMetadata[],
    files: files.map((f) => ({
      name: f.name,
      mimeType: f.mimeType,
      puid: f.puid,
      formatName: f.formatName,
      sha256: f.sha256,
      size: f.size,
      blob: f.blob,
      metadatas: f.metadatas as StoredMetadata[],
    })),
  };
}

// Several versions of a tenant's packages with their files, in two statements whatever their
// number; those that do not exist are left out, the others come in the order asked.
export async function getVersions(
  db: Queryable,
  tenant: string,
  keys: readonly { packageId: string; version: number }[],
): Promise<VersionWithFiles[]> {
  if (keys.length === 0) return [];
  const key = (packageId: string, version: number) => `${version}@${packageId}`;
  const wanted = new Set(keys.map((k) => key(k.packageId, k.version)));
  // Every pair of the packages and versions asked is read, and what was not asked is dropped.
  const among = <T extends typeof packageVersions | typeof packageFiles>(table: T) =>
    and(
      eq(table.tenant, tenant),
      inArray(table.packageId, [...new Set(keys.map((k) => k.packageId))]),
      inArray(table.version, [...new Set(keys.map((k) => k.version))]),
    );
  const rows = await db.select().from(packageVersions).where(among(packageVersions));
  const files = await db
    .select()
    .from(packageFiles)
    .where(among(packageFiles))
    .orderBy(asc(packageFiles.packageId), asc(packageFiles.version), asc(packageFiles.position));
  const filesOf = new Map<string, (typeof packageFiles.$inferSelect)[]>();
  for (const f of files) {
    const k = key(f.packageId, f.version);
    const list = filesOf.get(k);
    if (list) list.push(f);
    else filesOf.set(k, [f]);
  }
  const found = new Map<string, VersionWithFiles>();
  for (const row of rows) {
    const k = key(row.packageId, row.version);
    if (wanted.has(k)) found.set(k, withFiles(row, filesOf.get(k) ?? []));
  }
  return keys.flatMap((k) => found.get(key(k.packageId, k.version)) ?? []);
}

// One event of a package's trace (ETSI RetrieveTrace: time, sub, op, obj, det).
export interface TraceEntry {
  tenant: string;
  packageId: string;
  subject: string;
  operation: string;
  object?: string;
  detail?: string;
}

// Appends one event to a package's trace: a statement, run when awaited or with others
// (db/together.ts).
export function appendTrace(db: Queryable, event: TraceEntry) {
  return db.insert(traceEvents).values({
    tenant: event.tenant,
    packageId: event.packageId,
    subject: event.subject,
    operation: event.operation,
    object: event.object ?? null,
    detail: event.detail === undefined ? null : storableText(event.detail),
  });
}

// The trace of a package, oldest event first. It is kept after the package is deleted.
export async function readTrace(
  db: Queryable,
  tenant: string,
  packageId: string,
): Promise<TraceEventRow[]> {
  return db
    .select()
    .from(traceEvents)
    .where(and(eq(traceEvents.tenant, tenant), eq(traceEvents.packageId, packageId)))
    .orderBy(asc(traceEvents.id));
}
