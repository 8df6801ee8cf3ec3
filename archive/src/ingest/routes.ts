// The ingest API (packages/contract/spec/ingest-api.md), mounted at /ingest behind requireCaller.
// Handlers parse, check, accept and answer; every failure is `{ code, message }` with the status of
// its code.
import { randomUUID } from "node:crypto";
import { Hono, type Context } from "hono";
import type { z } from "zod";
import {
  DocumentPathParams,
  INGEST_LIMITS,
  IngestDocumentRequest,
  IngestSipRequest,
  parseEnrichers,
  SipStatusParams,
  unknownEnrichers,
  UpdateDocumentRequest,
  type Enricher,
} from "@scriptorium/contract/ingest/schemas";
import { unstorableTextProblem } from "@scriptorium/contract/storable-text";
import { withBlobHold } from "../blobs/references";
import type { BlobHold } from "../blobs/store";
import { createUploadUrl } from "../blobs/upload-urls";
import type { ArchiveEnv } from "../http/context";
import { IngestError } from "../http/errors";
import { acceptSip, existingProfile } from "./accept";
import { checkMetadatas, checkProfile, contentsOf, resolveUploads } from "./checks";
import type { IngestDeps } from "./deps";
import { readJsonBody } from "./read-json";
import { ingestErrorAnswer, parse, requireIngestRole } from "./route-helpers";
import { ingestResponse } from "./response";
import { readBagPackageMetadata, storeSipContent } from "./sip-intake";
import { findSubmission, type SubmissionRow } from "./submissions";

// The named path values, checked like bodies: U+0000 would otherwise fail the query as a 500.
function pathParams<T extends z.ZodType>(
  schema: T,
  c: Context<ArchiveEnv>,
  names: string[],
): z.infer<T> {
  const values = Object.fromEntries(names.map((name) => [name, c.req.param(name)]));
  const problem = unstorableTextProblem(values, "The address");
  if (problem) throw new IngestError("VALIDATION_ERROR", problem);
  return parse(schema, values);
}

function enrichersOf(c: Context<ArchiveEnv>): Enricher[] {
  // Headers joins repeated headers with ", ", so both encodings arrive as one list.
  const header = c.req.raw.headers.get("enrichers");
  const unknown = unknownEnrichers(header);
  if (unknown.length > 0) {
    throw new IngestError(
      "VALIDATION_ERROR",
      `enrichers names no enricher "${unknown.join('", "')}" (known: pluginreports, permissions, metadata, breadcrumbs, representations, searchcolumns, userPackage)`,
    );
  }
  return parseEnrichers(header);
}

const body = (c: Context<ArchiveEnv>) => readJsonBody(c.req.raw, INGEST_LIMITS.inlineBodyBytes);

// Builds the ingest routes over the shared dependencies; `extensions` (the multipart uploads)
// are mounted before the answer to unknown operations.
export function createIngestRoutes(
  deps: IngestDeps,
  extensions: { uploads?: Hono<ArchiveEnv> } = {},
): Hono<ArchiveEnv> {
  const routes = new Hono<ArchiveEnv>();
  // Blobs a request stores or names stay until its SIP's rows name them; a refusal frees them.
  const holding = <T>(fn: (hold: BlobHold) => Promise<T>) => withBlobHold(deps.db, deps.blobs, fn);

  const accepted = async (c: Context<ArchiveEnv>, row: SubmissionRow, enrichers: Enricher[]) => {
    const location = `/ingest/sip/${encodeURIComponent(row.packageId)}/${encodeURIComponent(row.name)}`;
    c.header("Location", location);
    return c.json(await ingestResponse(deps, row, c.var.caller, enrichers), 201);
  };

  // PUT /document – ingest documents as a new package, or as a delta SIP of an existing one
  routes.put("/document", async (c) => {
    const caller = c.var.caller;
    requireIngestRole(caller);
    const enrichers = enrichersOf(c);
    const request = parse(IngestDocumentRequest, await body(c));
    const profile = checkProfile(deps, request.profile);
    const single = request.document !== undefined;
    const documents = request.documents ?? (request.document ? [request.document] : []);
    const seen = new Set<string>();
    documents.forEach((d, i) => {
      const field = single ? "document" : `documents[${i}]`;
      if (seen.has(d.name)) {
        throw new IngestError(
          "VALIDATION_ERROR",
          `${field}.name "${d.name}" is used twice: each document is a representation named by its file name`,
        );
      }
      seen.add(d.name);
      checkMetadatas(deps, profile, d.metadatas, `${field}.metadatas`);
    });
    checkMetadatas(deps, profile, request.metadatas, "metadatas");
    const row = await holding(async (hold) => {
      const contents = contentsOf(request.metadatas, documents, single ? "document" : "documents");
      const uploads = await resolveUploads(deps, caller.tenant, contents, hold);
      return acceptSip(deps, caller, {
        kind: "document",
        packageId: request.packageId ?? randomUUID(),
        profile: profile.id,
        metadatas: request.metadatas,
        documents,
        uploads,
      });
    });
    return accepted(c, row, enrichers);
  });

  // POST /document/{packageId} – replace package metadata through a delta SIP
  routes.post("/document/:packageId", async (c) => {
    const caller = c.var.caller;
    requireIngestRole(caller);
    const enrichers = enrichersOf(c);
    const { packageId } = pathParams(DocumentPathParams, c, ["packageId"]);
    const profileId = await existingProfile(deps, caller.tenant, packageId);
    if (!profileId)
      throw new IngestError("NOT_FOUND", `There is no package ${packageId} in this tenant.`);
    const request = parse(UpdateDocumentRequest, await body(c));
    checkMetadatas(deps, checkProfile(deps, profileId), request.metadatas, "metadatas");
    const row = await holding(async (hold) => {
      const uploads = await resolveUploads(
        deps,
        caller.tenant,
        contentsOf(request.metadatas, [], "documents"),
        hold,
      );
      return acceptSip(deps, caller, {
        kind: "update",
        packageId,
        profile: profileId,
        metadatas: request.metadatas,
        documents: [],
        uploads,
      });
    });
    return accepted(c, row, enrichers);
  });

  // GET /url – an upload URL for one file, valid 5 hours, for this tenant
  routes.get("/url", async (c) => {
    const caller = c.var.caller;
    requireIngestRole(caller);
    const upload = await createUploadUrl(deps.db, {
      secret: deps.uploadSecret,
      publicUrl: deps.config.publicUrl,
      tenant: caller.tenant,
      createdBy: caller.sub,
    });
    return c.json(upload, 200);
  });

  // PUT /sip – ingest a BagIt bag (zip) given inline, by URL or by upload key
  routes.put("/sip", async (c) => {
    const caller = c.var.caller;
    requireIngestRole(caller);
    const enrichers = enrichersOf(c);
    const request = parse(IngestSipRequest, await body(c));
    const row = await holding(async (hold) => {
      const uploads = await resolveUploads(
        deps,
        caller.tenant,
        [{ field: "", content: request }],
        hold,
      );
      const sipBlob = await storeSipContent(deps, request, uploads, hold);
      const meta = await readBagPackageMetadata(deps.blobs.objectPath(sipBlob.sha256));
      if (!meta.profile)
        throw new IngestError("VALIDATION_ERROR", "package-metadata.json: profile is required");
      const profile = checkProfile(deps, meta.profile, "package-metadata.json: profile");
      checkMetadatas(deps, profile, meta.metadatas, "package-metadata.json: metadatas");
      meta.documents?.forEach((d, i) =>
        checkMetadatas(
          deps,
          profile,
          d.metadatas,
          `package-metadata.json: documents[${i}].metadatas`,
        ),
      );
      const metadataFiles = [
        ...meta.metadatas,
        ...(meta.documents ?? []).flatMap((d) => d.metadatas ?? []),
      ];
      Object.assign(
        uploads,
        await resolveUploads(deps, caller.tenant, contentsOf(metadataFiles, [], "documents"), hold),
      );
      return acceptSip(deps, caller, {
        kind: "sip",
        packageId: meta.packageId ?? randomUUID(),
        profile: profile.id,
        metadatas: meta.metadatas,
        documents: [],
        // The bag itself is kept as a blob; the inline copy is not stored twice.
        sip: { ...request, content: request.type === "BINARY" ? "" : request.content },
        sipBlob,
        bagDocuments: meta.documents,
        uploads,
      });
    });
    return accepted(c, row, enrichers);
  });

  // GET /sip/{packageId}/{submissionName} – the status of one SIP
  routes.get("/sip/:packageId/:submissionName", async (c) => {
    const caller = c.var.caller;
    const enrichers = enrichersOf(c);
    const params = pathParams(SipStatusParams, c, ["packageId", "submissionName"]);
    const row = await findSubmission(
      deps.db,
      caller.tenant,
      params.packageId,
      params.submissionName,
    );
    if (!row) {
      throw new IngestError(
        "NOT_FOUND",
        `Package ${params.packageId} has no SIP named ${params.submissionName} in this tenant.`,
      );
    }
    return c.json(await ingestResponse(deps, row, caller, enrichers), 200);
  });

  if (extensions.uploads) routes.route("/uploads", extensions.uploads);

  routes.all("*", () => {
    throw new IngestError("NOT_FOUND", "The ingest API has no such operation.");
  });

  routes.onError(ingestErrorAnswer);

  return routes;
}
