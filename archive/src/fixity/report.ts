// The fixity report of one tenant (RetrieveFixityReport): how many live objects were audited, how
// their last audit went, the files that failed, and the rate at which audits read.
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { FixityReport } from "@scriptorium/contract/preservation/extensions";
import type { ArchiveDb } from "../db/client";
import { packages } from "../db/schema";
import type { FixityPolicy } from "./audit";
import { fixityChecks } from "./tables";

const MiB = 1024 * 1024;

export async function fixityReport(
  db: ArchiveDb,
  tenant: string,
  policy: FixityPolicy,
): Promise<FixityReport> {
  const live = and(
    eq(packages.tenant, tenant),
    isNull(packages.deletedAt),
    isNotNull(packages.latestVersion),
  );
  const [counts] = await db
    .select({ objects: sql<number>`count(*)::int` })
    .from(packages)
    .where(live);
  const rows = await db
    .select({ check: fixityChecks })
    .from(fixityChecks)
    .innerJoin(
      packages,
      and(eq(packages.tenant, fixityChecks.tenant), eq(packages.packageId, fixityChecks.packageId)),
    )
    .where(live);
  const objects = counts?.objects ?? 0;
  const checks = rows.map((r) => r.check);
  const bytes = checks.reduce((sum, c) => sum + c.bytes, 0);
  const readMs = checks.reduce((sum, c) => sum + c.readMs, 0);
  const last = checks.reduce<Date | undefined>(
    (latest, c) => (!latest || c.checkedAt > latest ? c.checkedAt : latest),
    undefined,
  );
  const failed = checks.filter((c) => !c.passed);
  return {
    objects,
    checked: checks.length,
    passed: checks.length - failed.length,
    failed: failed.length,
    notChecked: objects - checks.length,
    bytesChecked: bytes,
    ...(readMs > 0
      ? { throughputMiBps: Math.round((bytes / MiB / (readMs / 1000)) * 10) / 10 }
      : {}),
    ...(last ? { lastCheckAt: last.toISOString() } : {}),
    intervalHours: policy.intervalHours,
    ...(policy.budgetMiBps > 0 ? { budgetMiBps: policy.budgetMiBps } : {}),
    failures: failed.flatMap((c) =>
      c.failures.map((f) => ({
        poId: c.packageId,
        versionId: String(f.version),
        file: f.file,
        detail: f.detail,
        checkedAt: c.checkedAt.toISOString(),
      })),
    ),
  };
}
