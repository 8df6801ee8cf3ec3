// The IngestResponse of a submission: basic package information, plus what the `enrichers`
// header asks for. Shapes the spec leaves open are documented in archive/README.md.
import type { Enricher, IngestResponse } from "@scriptorium/contract/ingest/schemas";
import type { Caller } from "../http/context";
import type { IngestDeps } from "./deps";
import { getVersion, type VersionWithFiles } from "./store";
import { listPluginReports, type SubmissionRow } from "./submissions";

// What a caller's roles let it do with a package of its tenant.
export function permissionsOf(caller: Caller): string[] {
  const permissions = new Set<string>(["READ"]);
  if (caller.roles.includes("archivist") || caller.roles.includes("admin")) {
    permissions.add("INGEST");
    permissions.add("UPDATE_METADATA");
  }
  if (caller.roles.includes("admin")) permissions.add("DELETE");
  return [...permissions];
}

// Builds the answer of PUT /document, POST /document/{id}, PUT /sip and GET /sip/{id}/{name}.
export async function ingestResponse(
  deps: IngestDeps,
  submission: SubmissionRow,
  caller: Caller,
  enrichers: readonly Enricher[],
): Promise<IngestResponse> {
  const base: IngestResponse = {
    packageId: submission.packageId,
    packageType: "AIP",
    name: submission.name,
    status: submission.status,
    submissionDate: submission.submissionDate.toISOString(),
  };
  if (enrichers.length === 0) return base;

  const wants = (e: Enricher) => enrichers.includes(e);
  // The version this SIP produced, once it is ingested: metadata and representations come from it.
  let version: VersionWithFiles | null = null;
  if (submission.version !== null && (wants("metadata") || wants("representations"))) {
    version = await getVersion(
      deps.db,
      submission.tenant,
      submission.packageId,
      submission.version,
    );
  }
  const out: IngestResponse = { ...base };
  if (wants("pluginreports")) {
    const reports = await listPluginReports(deps.db, submission.id);
    out.pluginReports = reports.map((r) => ({
      executionDate: r.executionDate.toISOString(),
      pluginName: r.pluginName,
      message: r.message,
      status: r.status,
    }));
  }
  if (wants("permissions")) out.permissions = permissionsOf(caller);
  if (wants("metadata")) {
    out.metadata = (version?.metadatas ?? []).map((m) => ({
      schema: m.schema,
      metadata: m.metadata,
    }));
  }
  if (wants("breadcrumbs")) {
    out.breadcrumbs = [
      { type: "TENANT", id: submission.tenant, name: submission.tenant },
      { type: "AIP", id: submission.packageId, name: submission.packageId },
      { type: "SIP", id: submission.name, name: submission.name },
    ];
  }
  if (wants("representations")) {
    out.representations = (version?.files ?? []).map((f) => ({
      name: f.name,
      mimeType: f.mimeType,
      puid: f.puid,
      formatName: f.formatName,
      size: f.size,
      sha256: f.sha256,
      metadatas: f.metadatas.map((m) => ({ schema: m.schema, metadata: m.metadata })),
    }));
  }
  if (wants("searchcolumns")) {
    out.searchcolumns = {
      packageId: submission.packageId,
      name: submission.name,
      profile: submission.profile,
      status: submission.status,
      submissionDate: submission.submissionDate.toISOString(),
      version: submission.version,
    };
  }
  if (wants("userPackage")) {
    out.userPackage = {
      tenant: submission.tenant,
      submittedBy: submission.submittedBy,
      profile: submission.profile,
    };
  }
  return out;
}
