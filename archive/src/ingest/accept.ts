// Accepting a SIP: its record is synced to disk, then one transaction numbers it within its
// package, stores it as PENDING with the blobs it holds, queues its job and starts its trace. Only
// then is it answered, so a 2xx always means the SIP survives a crash and will be processed.
import { randomUUID } from "node:crypto";
import { getTableColumns, sql } from "drizzle-orm";
import { jobs, submissions } from "../db/schema";
import { asWith } from "../db/together";
import type { Caller } from "../http/context";
import { IngestError } from "../http/errors";
import { jobStatement } from "../jobs/queue";
import type { IngestDeps } from "./deps";
import { holdSipBlobs } from "./sip-blobs";
import { removeSipRecord, type SipRecord, writeSipRecord } from "./sip-record";
import { appendTrace, countSubmission, findPackage } from "./store";
import type { SubmissionRow } from "./submissions";

export type NewSip = Omit<SipRecord, "submissionId" | "tenant" | "submittedBy">;

// The profile of an existing package in the caller's tenant, or null when there is no such package.
export async function existingProfile(
  deps: IngestDeps,
  tenant: string,
  packageId: string,
): Promise<string | null> {
  return (await findPackage(deps.db, tenant, packageId))?.profile ?? null;
}

// Records a SIP durably and queues it; answers the submission row (status PENDING).
export async function acceptSip(
  deps: IngestDeps,
  caller: Caller,
  sip: NewSip,
): Promise<SubmissionRow> {
  const record: SipRecord = {
    ...sip,
    submissionId: randomUUID(),
    tenant: caller.tenant,
    submittedBy: caller.sub,
  };
  const sipPath = await writeSipRecord(deps.config.dataDir, record);
  try {
    const row = await deps.db.transaction(async (tx) => {
      if (sip.kind === "update" && !(await findPackage(tx, caller.tenant, sip.packageId))) {
        throw notFound(sip.packageId);
      }
      // Locks the package (a new one is created) and numbers the SIP; a refusal below rolls both back.
      const pkg = await countSubmission(tx, {
        tenant: caller.tenant,
        packageId: sip.packageId,
        profile: sip.profile,
      });
      if (pkg.deletedAt) throw notFound(sip.packageId);
      if (pkg.profile !== sip.profile) {
        throw new IngestError(
          "VALIDATION_ERROR",
          `profile "${sip.profile}" differs from the profile "${pkg.profile}" that package ${sip.packageId} is stored under: a delta SIP keeps the package's profile`,
        );
      }
      const name = `sip-${pkg.submissionCount}`;
      // Its bag and uploads must outlive the upload rows until the pipeline is done with them.
      const held = [
        ...(sip.sipBlob ? [sip.sipBlob.sha256] : []),
        ...Object.values(sip.uploads).map((u) => u.sha256),
      ];
      // The SIP, its job, what it holds and its trace: one statement, answering the SIP's row and
      // the job's id (the job comes first, so it is the WITH query s0).
      const [inserted] = await tx
        .with(
          ...asWith(tx, [
            jobStatement(tx, {
              submissionId: record.submissionId,
              tenant: caller.tenant,
              packageId: sip.packageId,
            }).returning({ id: jobs.id }),
            holdSipBlobs(tx, record.submissionId, held),
            appendTrace(tx, {
              tenant: caller.tenant,
              packageId: sip.packageId,
              subject: caller.sub,
              operation: "SIP accepted",
              object: name,
              detail: describeSip(sip),
            }),
          ]),
        )
        .insert(submissions)
        .values({
          id: record.submissionId,
          tenant: caller.tenant,
          packageId: sip.packageId,
          name,
          kind: sip.kind,
          status: "PENDING",
          profile: sip.profile,
          submittedBy: caller.sub,
          sipPath,
        })
        .returning({
          ...getTableColumns(submissions),
          jobId: sql<number>`(select "id" from "s0")`.mapWith(Number),
        });
      if (!inserted) throw new Error("The submission was not recorded.");
      return inserted;
    });
    await deps.syncDatabase();
    const { jobId, ...submission } = row;
    deps.wake(jobId);
    return submission;
  } catch (error) {
    await removeSipRecord(sipPath);
    throw error;
  }
}

function notFound(packageId: string) {
  return new IngestError("NOT_FOUND", `There is no package ${packageId} in this tenant.`);
}

function describeSip(sip: NewSip): string {
  if (sip.kind === "sip") return `bag ${sip.sip?.name ?? ""} (${sip.sipBlob?.size ?? 0} bytes)`;
  if (sip.kind === "update") return `metadata update (${sip.metadatas.length} metadata record(s))`;
  return `${sip.documents.length} document(s), ${sip.metadatas.length} metadata record(s)`;
}
