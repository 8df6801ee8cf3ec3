import "server-only";
// The ingest API client (packages/contract/spec/ingest-api.md): one method per operation, each
// adding the token, the tenant header and the enrichers header, and returning the parsed answer or
// an ApiError.
import { ApiError } from "@/lib/api/errors";
import {
  callUpstream,
  upstreamUrl,
  type PathPart,
  type UpstreamAnswer,
  type UpstreamSettings,
} from "@/lib/api/upstream-fetch";
import { ingestFailure, type TokenMode } from "@/lib/api/upstream-errors";
import { createMultipartClient } from "./multipart-client";
import {
  IngestResponse,
  serializeEnrichers,
  UploadUrlResponse,
  uploadKeyOf,
  type Enricher,
  type IngestDocumentRequest,
  type IngestSipRequest,
  type UpdateDocumentRequest,
} from "@scriptorium/contract/ingest/schemas";

export interface IngestClientOptions extends UpstreamSettings {
  // INGEST_API_URL, without a trailing slash.
  baseUrl: string;
  // TENANT_HEADER: X-Vendor-Repository by default, X-Docbyte-Repository for the vendor.
  tenantHeader: string;
  tokenMode: TokenMode;
}

// Who is calling and for which tenant; the tenant must be one the user has (the caller checks).
export interface IngestCall {
  token: string;
  tenant: string;
  enrichers?: readonly Enricher[];
  signal?: AbortSignal;
}

export interface Accepted<T> {
  status: number;
  body: T;
}

// GET /url as the dashboard passes it on: `key` is always there, derived from the URL if need be.
export interface UploadUrl {
  url: string;
  key: string;
  expiresAt?: string;
}

export type IngestClient = ReturnType<typeof createIngestClient>;

const unreadable = (status: number) =>
  new ApiError(
    "UPSTREAM_ERROR",
    "The archive answered with something the dashboard cannot read. Try again later; if it keeps happening, the archive's operator needs to look at it.",
    { upstream: { status } },
  );

// Builds a client for one ingest API.
export function createIngestClient(options: IngestClientOptions) {
  const headersFor = (call: IngestCall): Record<string, string> => {
    const headers: Record<string, string> = { [options.tenantHeader]: call.tenant };
    const enrichers = serializeEnrichers(call.enrichers ?? []);
    // One comma-separated value: how the spec's "string array" travels in one header.
    if (enrichers) headers.enrichers = enrichers;
    return headers;
  };

  // Only the status read is `idempotent`: every other call creates something upstream, and
  // GET /url hands out a new upload grant each time.
  const send = (
    call: IngestCall,
    method: "GET" | "PUT" | "POST",
    url: URL,
    extra: { body?: unknown; idempotent?: boolean } = {},
  ) =>
    callUpstream(options, {
      method,
      url,
      token: call.token,
      headers: headersFor(call),
      body: extra.body === undefined ? undefined : JSON.stringify(extra.body),
      idempotent: extra.idempotent ?? false,
      signal: call.signal,
    });

  const ingestAnswer = (answer: UpstreamAnswer): Accepted<IngestResponse> => {
    if (answer.status < 200 || answer.status >= 300) {
      throw ingestFailure(answer.status, answer.json, options.tokenMode);
    }
    const parsed = IngestResponse.safeParse(answer.json);
    if (!parsed.success) throw unreadable(answer.status);
    return { status: answer.status, body: parsed.data };
  };

  const url = (...parts: PathPart[]) => upstreamUrl(options.baseUrl, ...parts);

  return {
    // PUT /document – ingest documents as a new package or a delta SIP
    async ingestDocument(call: IngestCall, request: IngestDocumentRequest) {
      return ingestAnswer(await send(call, "PUT", url("document"), { body: request }));
    },

    // POST /document/{packageId} – replace a package's metadata through a delta SIP
    async updateDocument(call: IngestCall, packageId: string, request: UpdateDocumentRequest) {
      const target = url("document", { field: "packageId", value: packageId });
      return ingestAnswer(await send(call, "POST", target, { body: request }));
    },

    // GET /url – an upload URL for one large file. The tenant header goes along although the spec
    // names only Authorization: the upload belongs to a tenant, and the ingest that names it too.
    async uploadUrl(call: IngestCall): Promise<UploadUrl> {
      const answer = await send({ ...call, enrichers: [] }, "GET", url("url"));
      if (answer.status < 200 || answer.status >= 300) {
        throw ingestFailure(answer.status, answer.json, options.tokenMode);
      }
      const parsed = UploadUrlResponse.safeParse(answer.json);
      const key = parsed.success ? uploadKeyOf(parsed.data) : null;
      if (!parsed.success || !key) throw unreadable(answer.status);
      const upload: UploadUrl = { url: parsed.data.url, key };
      if (parsed.data.expiresAt) upload.expiresAt = parsed.data.expiresAt;
      return upload;
    },

    // PUT /sip – ingest a SIP given inline, by URL or by upload key
    async ingestSip(call: IngestCall, request: IngestSipRequest) {
      return ingestAnswer(await send(call, "PUT", url("sip"), { body: request }));
    },

    // The multipart upload extension (POST /uploads ...), where the archive offers it
    uploads: createMultipartClient(options),

    // GET /sip/{packageId}/{submissionName} – the status of one SIP
    async sipStatus(call: IngestCall, packageId: string, submissionName: string) {
      const target = url(
        "sip",
        { field: "packageId", value: packageId },
        { field: "submissionName", value: submissionName },
      );
      return ingestAnswer(await send(call, "GET", target, { idempotent: true }));
    },
  };
}
