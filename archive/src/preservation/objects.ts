// Finding a preservation object in the caller's tenant, its profile, and its sealed versions.
import { readFile } from "node:fs/promises";
import { and, asc, eq } from "drizzle-orm";
import { packages } from "../db/schema";
import type { PackageRow } from "../ingest/store";
import type { Queryable } from "../jobs/queue";
import type { OperationContext, PreservationServices } from "./context";
import { requesterError, responderError, unknownPoId } from "./errors";
import { sha256Hex, type PoEntry } from "./manifest";
import type { PreservationProfile } from "./profiles";
import { ensureSealed } from "./seal";
import { sealedVersions, type SealedVersionRow } from "./tables";

// The package row in the caller's tenant, deleted or not; null when it never existed there.
// `lock` holds its row lock for the rest of the transaction, against a concurrent new version.
export async function lookupPackage(
  db: Queryable,
  tenant: string,
  poId: string,
  lock = false,
): Promise<PackageRow | null> {
  const query = db
    .select()
    .from(packages)
    .where(and(eq(packages.tenant, tenant), eq(packages.packageId, poId)));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

// A live object with at least one version, and its sealed versions (oldest first): else
// unknownPOID, which is also what another tenant's objects are. Versions are numbered 1..latest, so
// fewer sealed rows than the latest number means the ingest API added some nobody sealed yet.
export async function requireLiveObject(
  ctx: OperationContext,
  poId: string,
): Promise<{ pkg: PackageRow; rows: SealedVersionRow[] }> {
  const { db } = ctx.services;
  const pkg = await lookupPackage(db, ctx.caller.tenant, poId);
  if (!pkg || pkg.deletedAt || pkg.latestVersion === null) throw unknownPoId(poId);
  let rows = await readSealedVersions(db, ctx.caller.tenant, poId);
  if (rows.length < pkg.latestVersion) {
    await ensureSealed(sealDeps(ctx.services), ctx.caller.tenant, poId);
    rows = await readSealedVersions(db, ctx.caller.tenant, poId);
  }
  return { pkg, rows };
}

export function sealDeps(services: PreservationServices) {
  return { db: services.db, blobs: services.blobs, tsa: services.tsa.tsa };
}

// The profile an object is kept under: the one of its ingest profile, else the first configured.
export function profileOf(
  services: PreservationServices,
  pkg: PackageRow,
  now: Date,
): PreservationProfile {
  const profile =
    services.profiles.forIngestProfile(pkg.profile, now) ?? services.profiles.list()[0];
  if (!profile)
    throw responderError("internalError", "The archive has no preservation profile configured.");
  return profile;
}

// Every sealed version of an object, oldest first.
export async function readSealedVersions(
  db: Queryable,
  tenant: string,
  poId: string,
): Promise<SealedVersionRow[]> {
  return db
    .select()
    .from(sealedVersions)
    .where(and(eq(sealedVersions.tenant, tenant), eq(sealedVersions.packageId, poId)))
    .orderBy(asc(sealedVersions.version));
}

// Version ids are the version numbers as text ("1", "2", ...).
export function versionIdOf(row: { version: number }): string {
  return String(row.version);
}

// The versions a request names (in its order), or the latest; unknownVersionID names the first miss.
export function selectVersions(
  rows: SealedVersionRow[],
  versionIds: string[] | undefined,
  poId: string,
): SealedVersionRow[] {
  if (!versionIds || versionIds.length === 0) {
    const latest = rows.at(-1);
    if (!latest) throw unknownPoId(poId);
    return [latest];
  }
  return [...new Set(versionIds)].map((id) => {
    const row = rows.find((r) => versionIdOf(r) === id);
    if (!row) {
      const known = rows.map(versionIdOf).join(", ");
      throw requesterError(
        "unknownVersionID",
        `The object "${poId}" has no version "${id}" (its versions: ${known}).`,
      );
    }
    return row;
  });
}

// The bytes of a PO, checked against the digest its evidence covers.
export async function readPoBytes(services: PreservationServices, entry: PoEntry): Promise<Buffer> {
  let bytes: Buffer;
  try {
    bytes = await readFile(services.blobs.objectPath(entry.sha256));
  } catch {
    throw responderError(
      "internalError",
      `The content of "${entry.id}" is missing from the archive's storage.`,
    );
  }
  if (sha256Hex(bytes) !== entry.sha256) {
    throw responderError(
      "internalError",
      `The stored content of "${entry.id}" failed its fixity check.`,
    );
  }
  return bytes;
}
