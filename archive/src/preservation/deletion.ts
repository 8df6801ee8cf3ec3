// Removing an object's data. The row of the package stays (marked deleted) so that its poId is never
// reused and its trace keeps an owner; blobs go only when nothing else references the same bytes.
import { and, eq } from "drizzle-orm";
import { packageFiles, packages, packageVersions } from "../db/schema";
import type { StoredMetadata } from "../ingest/store";
import type { Queryable } from "../jobs/queue";
import { sealedVersions } from "./tables";

export type DeletionMode = "OnlySubDOs" | "SubDOsAndEvidence";

// Deletes the data (and with SubDOsAndEvidence the evidence) of one package; answers the blobs it freed.
export async function deletePackageData(
  tx: Queryable,
  key: { tenant: string; packageId: string },
  mode: DeletionMode,
  now: Date,
): Promise<string[]> {
  const ofPackage = <
    T extends typeof packageFiles | typeof packageVersions | typeof sealedVersions,
  >(
    t: T,
  ) => and(eq(t.tenant, key.tenant), eq(t.packageId, key.packageId));
  const files = await tx
    .select({ blob: packageFiles.blob, metadatas: packageFiles.metadatas })
    .from(packageFiles)
    .where(ofPackage(packageFiles));
  const versions = await tx
    .select({ metadatas: packageVersions.metadatas })
    .from(packageVersions)
    .where(ofPackage(packageVersions));
  const sealed = await tx
    .select({ objects: sealedVersions.objects })
    .from(sealedVersions)
    .where(ofPackage(sealedVersions));
  const blobs = new Set<string>([
    ...files.map((f) => f.blob),
    ...[...files, ...versions].flatMap((r) =>
      (r.metadatas as StoredMetadata[]).flatMap((m) => (m.file ? [m.file.blob] : [])),
    ),
    ...sealed.flatMap((s) => s.objects.map((o) => o.sha256)),
  ]);
  await tx
    .update(packages)
    .set({ deletedAt: now })
    .where(and(eq(packages.tenant, key.tenant), eq(packages.packageId, key.packageId)));
  await tx.delete(packageFiles).where(ofPackage(packageFiles));
  await tx.delete(packageVersions).where(ofPackage(packageVersions));
  if (mode === "SubDOsAndEvidence")
    await tx.delete(sealedVersions).where(ofPackage(sealedVersions));
  else await tx.update(sealedVersions).set({ dataDeletedAt: now }).where(ofPackage(sealedVersions));
  return [...blobs];
}
