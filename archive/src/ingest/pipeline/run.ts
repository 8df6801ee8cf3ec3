// Runs one queued SIP through the plugins, in order, each writing its report. The first FAILURE
// ends the SIP as FAILED with the AIP untouched, and then frees the blobs it brought in that nothing
// else references; otherwise the package is assembled. A throw (disk, database) leaves the job to
// be retried, and a retry starts from a clean slate.
import { rm } from "node:fs/promises";
import path from "node:path";
import type { JobRow } from "../../jobs/queue";
import { completeJob } from "../../jobs/queue";
import type { IngestDeps } from "../deps";
import { discardFailedSip } from "../sip-blobs";
import { readSipRecord, removeSipRecord, type SipRecord } from "../sip-record";
import { appendTrace } from "../store";
import {
  addPluginReport,
  clearPluginReports,
  getSubmission,
  setSubmissionStatus,
  startSubmission,
} from "../submissions";
import { assemblePackage, recordFailure } from "./assembly";
import { bagValidation } from "./bag-validation";
import { fixity } from "./fixity";
import { formatIdentification } from "./format-identification";
import { metadataValidation } from "./metadata-validation";
import { createPipelineProgress, type PipelineProgress } from "./progress";
import { contentRetrieval } from "./retrieval";
import type { PipelineContext, Plugin, WorkMetadata } from "./types";

// Package assembly follows these, in one transaction of its own. A bag is unpacked first: its
// payload files are documents, and their metadata files may need retrieving.
export const PLUGINS: Plugin[] = [
  bagValidation,
  contentRetrieval,
  fixity,
  formatIdentification,
  metadataValidation,
];

function workMetadatas(list: SipRecord["metadatas"] | undefined, field: string): WorkMetadata[] {
  return (list ?? []).map((m, i) =>
    "metadata" in m
      ? { field: `${field}[${i}]`, schema: m.schema, data: m.metadata }
      : { field: `${field}[${i}]`, schema: m.schema, file: { name: m.file.name, source: m.file } },
  );
}

function contextOf(
  deps: IngestDeps,
  record: SipRecord,
  submissionName: string,
  workDir: string,
  hold: PipelineContext["hold"],
): PipelineContext | string {
  const profile = deps.profiles.get(record.profile);
  if (!profile)
    return `The ingest profile "${record.profile}" no longer exists in the archive's configuration.`;
  const single = record.kind === "document" && record.documents.length === 1;
  return {
    deps,
    record,
    submissionName,
    profile,
    workDir,
    hold,
    metadatas: workMetadatas(
      record.metadatas,
      record.kind === "sip" ? "package-metadata.json: metadatas" : "metadatas",
    ),
    documents: record.documents.map((d, i) => {
      const field = single ? "document" : `documents[${i}]`;
      return {
        name: d.name,
        source: d,
        metadatas: workMetadatas(d.metadatas, `${field}.metadatas`),
      };
    }),
  };
}

// Processes the submission of `job` to a terminal status (or throws to be retried).
export async function runSubmissionJob(deps: IngestDeps, job: JobRow): Promise<void> {
  const submission = await startSubmission(deps.db, job.submissionId);
  if (!submission) {
    await completeJob(deps.db, job.id);
    return;
  }
  const record = await readSipRecord(submission.sipPath);
  // Made by the plugins that need it (a bag, content fetched by URL). Only an interrupted attempt
  // (each claim counts one) can have left one.
  const workDir = path.join(deps.config.dataDir, "work", submission.id);
  if (job.attempts > 1) await rm(workDir, { recursive: true, force: true });
  // Only an interrupted attempt can have left reports (a slow SIP writes them as it goes).
  if (job.attempts > 1) await clearPluginReports(deps.db, submission.id);
  const progress = createPipelineProgress(record.submissionId);
  progress.trace({
    ...traceKey(record, submission.name),
    operation: "SIP processing",
    detail: `attempt ${job.attempts}`,
  });
  const hold = deps.blobs.hold();
  let outcome: SipOutcome;
  try {
    outcome = await runPlugins(deps, job, record, submission.name, workDir, hold, progress);
  } finally {
    await hold.release();
    await rm(workDir, { recursive: true, force: true });
  }
  // Reached only when the SIP ended (a throw means another attempt): a FAILED one is freed, and an
  // INGESTED one's record goes (its version holds what it kept; inline content would stay twice).
  await settleQuietly(deps, submission.id, outcome === "INGESTED" ? submission.sipPath : null);
}

type SipOutcome = "INGESTED" | "FAILED";

function traceKey(record: SipRecord, submissionName: string) {
  return {
    tenant: record.tenant,
    packageId: record.packageId,
    subject: "archive",
    object: submissionName,
  };
}

async function runPlugins(
  deps: IngestDeps,
  job: JobRow,
  record: SipRecord,
  submissionName: string,
  workDir: string,
  hold: PipelineContext["hold"],
  progress: PipelineProgress,
): Promise<SipOutcome> {
  const ctx = contextOf(deps, record, submissionName, workDir, hold);
  if (typeof ctx === "string") {
    await recordFailure(
      { deps, record, submissionName },
      job,
      "profile",
      { status: "FAILURE", message: ctx },
      progress,
    );
    return "FAILED";
  }
  for (const plugin of PLUGINS) {
    if (plugin.appliesTo && !plugin.appliesTo(record)) continue;
    const result = await plugin.run(ctx);
    if (result.status === "FAILURE") {
      await recordFailure(ctx, job, plugin.name, result, progress);
      return "FAILED";
    }
    progress.report({ pluginName: plugin.name, ...result });
    progress.trace({
      ...traceKey(record, submissionName),
      operation: `plugin ${plugin.name}`,
      detail: `${result.status}: ${result.message}`,
    });
    await progress.flushIfSlow(deps.db);
  }
  if (!(await assemblePackage(ctx, job, progress))) return "FAILED";
  deps.versionAdded();
  return "INGESTED";
}

// The job is complete whatever happens here; an interrupted cleanup of a FAILED SIP is finished by
// the sweep. `ingestedRecord` is the record of an INGESTED SIP, null when the SIP failed.
async function settleQuietly(
  deps: IngestDeps,
  submissionId: string,
  ingestedRecord: string | null,
) {
  try {
    if (ingestedRecord) await removeSipRecord(ingestedRecord);
    else await discardFailedSip(deps, submissionId);
  } catch (error) {
    console.error("freeing an ended SIP's record or blobs failed", error);
  }
}

// Ends a SIP whose job kept failing unexpectedly: FAILED, with a report that hides internals.
export async function giveUpSubmissionJob(deps: IngestDeps, job: JobRow): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const submission = await getSubmission(tx, job.submissionId);
    if (submission && submission.status !== "INGESTED") {
      await addPluginReport(tx, submission.id, {
        pluginName: "pipeline",
        status: "FAILURE",
        message: `The archive could not process this SIP after ${job.attempts} attempt(s); an operator can find the cause in its log.`,
      });
      await setSubmissionStatus(tx, submission.id, "FAILED");
      await appendTrace(tx, {
        tenant: job.tenant,
        packageId: job.packageId,
        subject: "archive",
        operation: "SIP failed",
        object: submission.name,
        detail: "internal error",
      });
    }
    await completeJob(tx, job.id);
  });
  const ended = await getSubmission(deps.db, job.submissionId);
  await settleQuietly(deps, job.submissionId, ended?.status === "INGESTED" ? ended.sipPath : null);
}
