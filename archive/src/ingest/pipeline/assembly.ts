// Package assembly: the last plugin. One transaction adds the AIP version (the documents as its
// representations, each with its own metadata), marks the SIP INGESTED, writes the report and
// the trace, hands the SIP's blobs over to the version and completes the job: a crash leaves
// either all of it or none.
import type { JobRow } from "../../jobs/queue";
import { completeJob } from "../../jobs/queue";
import { dropSipBlobs } from "../sip-blobs";
import { runTogether } from "../../db/together";
import {
  claimNextVersion,
  getVersion,
  versionStatements,
  type StoredFile,
  type StoredMetadata,
} from "../store";
import { setSubmissionStatus } from "../submissions";
import type { PipelineProgress } from "./progress";
import type { PipelineContext, PluginResult } from "./types";

export const ASSEMBLY_PLUGIN = "package-assembly";

type FailureContext = Pick<PipelineContext, "deps" | "record" | "submissionName">;

// Metadata of a delta replaces the earlier record of the same schema; records of other schemas stay.
export function mergeMetadatas(
  earlier: StoredMetadata[],
  delta: StoredMetadata[],
): StoredMetadata[] {
  const replaced = new Set(delta.map((m) => m.schema));
  return [...earlier.filter((m) => !replaced.has(m.schema)), ...delta];
}

// A delta's documents replace earlier representations of the same name and add the others.
export function mergeFiles(earlier: StoredFile[], delta: StoredFile[]): StoredFile[] {
  const replaced = new Set(delta.map((f) => f.name));
  return [...earlier.filter((f) => !replaced.has(f.name)), ...delta];
}

function storedFiles(ctx: PipelineContext): StoredFile[] {
  return ctx.documents.map((doc) => {
    const blob = doc.staged?.blob;
    if (!blob)
      throw new Error(`The document "${doc.name}" reached assembly without a stored blob.`);
    return {
      name: doc.name,
      mimeType: doc.mimeType ?? "application/octet-stream",
      puid: doc.puid ?? null,
      formatName: doc.formatName ?? null,
      sha256: blob.sha256,
      size: blob.size,
      blob: blob.sha256,
      metadatas: doc.metadatas.flatMap((m) => (m.stored ? [m.stored] : [])),
    };
  });
}

// Records a terminal outcome that adds no version (a FAILURE of any plugin).
export async function recordFailure(
  ctx: FailureContext,
  job: JobRow,
  pluginName: string,
  result: PluginResult,
  progress: PipelineProgress,
) {
  const { record } = ctx;
  progress.report({ pluginName, ...result });
  progress.trace({
    ...traceKey(ctx),
    operation: `plugin ${pluginName}`,
    detail: `${result.status}: ${result.message}`,
  });
  progress.trace({
    ...traceKey(ctx),
    operation: "SIP failed",
    detail: `${pluginName}: ${result.message}`,
  });
  await ctx.deps.db.transaction((tx) =>
    runTogether(tx, [
      ...progress.statements(tx),
      setSubmissionStatus(tx, record.submissionId, "FAILED"),
      completeJob(tx, job.id),
    ]),
  );
}

function traceKey(ctx: FailureContext) {
  const { record } = ctx;
  return {
    tenant: record.tenant,
    packageId: record.packageId,
    subject: "archive",
    object: ctx.submissionName,
  };
}

// Why a SIP cannot become the package's next version; thrown to roll back the number taken.
class AssemblyRefused extends Error {}

// Assembles the next version of the package, or records why it cannot; answers whether it did.
export async function assemblePackage(
  ctx: PipelineContext,
  job: JobRow,
  progress: PipelineProgress,
): Promise<boolean> {
  const { record, deps } = ctx;
  const newFiles = storedFiles(ctx);
  const newMetadatas = ctx.metadatas.flatMap((m) => (m.stored ? [m.stored] : []));
  try {
    await deps.db.transaction(async (tx) => {
      // The package row was made when the SIP was accepted: this locks it and numbers the version.
      const pkg = await claimNextVersion(tx, record);
      if (pkg.deletedAt)
        throw new Error(`The package ${record.packageId} was deleted; it takes no new versions.`);
      const version = pkg.latestVersion;
      const base =
        version > 1 ? await getVersion(tx, record.tenant, record.packageId, version - 1) : null;
      if (record.kind === "update" && !base) {
        throw new AssemblyRefused(
          `Package ${record.packageId} has no ingested version whose metadata could be updated.`,
        );
      }
      const files = mergeFiles(base?.files ?? [], newFiles);
      const metadatas = mergeMetadatas(base?.metadatas ?? [], newMetadatas);
      const message = base
        ? `Version ${version} of package ${record.packageId} added (delta of version ${base.version}): ${files.length} representation(s), ${metadatas.length} package metadata record(s); earlier versions kept.`
        : `Package ${record.packageId} created as an AIP: version 1 with ${files.length} representation(s), ${metadatas.length} package metadata record(s).`;
      progress.report({ pluginName: ASSEMBLY_PLUGIN, status: "SUCCESS", message });
      progress.trace({
        ...traceKey(ctx),
        operation: `plugin ${ASSEMBLY_PLUGIN}`,
        detail: `SUCCESS: ${message}`,
      });
      progress.trace({
        ...traceKey(ctx),
        operation: "version added",
        object: `${record.packageId}@${version}`,
        detail: `${files.length} file(s) from SIP ${ctx.submissionName}`,
      });
      progress.trace({ ...traceKey(ctx), operation: "SIP ingested", detail: `version ${version}` });
      await runTogether(tx, [
        ...versionStatements(tx, {
          tenant: record.tenant,
          packageId: record.packageId,
          version,
          submissionId: record.submissionId,
          metadatas,
          files,
        }),
        ...progress.statements(tx),
        setSubmissionStatus(tx, record.submissionId, "INGESTED", version),
        dropSipBlobs(tx, record.submissionId),
        completeJob(tx, job.id),
      ]);
    });
    return true;
  } catch (error) {
    if (!(error instanceof AssemblyRefused)) throw error;
    await recordFailure(
      ctx,
      job,
      ASSEMBLY_PLUGIN,
      { status: "FAILURE", message: error.message },
      progress,
    );
    return false;
  }
}
