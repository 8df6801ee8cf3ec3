import "server-only";
// The multipart upload extension of the ingest API (@scriptorium/contract/ingest/multipart), as the
// dashboard's server passes it on: the browser asks for part URLs and completes through the
// dashboard, which holds the token, and PUTs the parts straight to the archive.
import { ApiError } from "@/lib/api/errors";
import { ingestFailure } from "@/lib/api/upstream-errors";
import {
  callUpstream,
  upstreamUrl,
  type PathPart,
  type UpstreamAnswer,
} from "@/lib/api/upstream-fetch";
import {
  MultipartUpload,
  PartUrl,
  UploadedFile,
  UploadState,
  type CompleteUploadRequest,
  type CreateUploadRequest,
} from "@scriptorium/contract/ingest/multipart";
import { isHttpUrl } from "@scriptorium/contract/ingest/schemas";
import { z } from "zod";
import type { IngestCall, IngestClientOptions } from "./client";

// What the browser hears when the archive has no multipart uploads (the vendor's default).
export const MULTIPART_UNAVAILABLE =
  "The archive does not offer multipart uploads: each file goes in one PUT, of at most 5 GB.";

// Part URLs go to the browser, which PUTs to them: only http(s) ones.
const PartUrls = z.looseObject({
  parts: z.array(PartUrl.refine((p) => isHttpUrl(p.url), "a part URL must be http(s)")),
});

const unreadable = (status: number) =>
  new ApiError(
    "UPSTREAM_ERROR",
    "The archive answered with something the dashboard cannot read. Try again later; if it keeps happening, the archive's operator needs to look at it.",
    { upstream: { status } },
  );

export type MultipartClient = ReturnType<typeof createMultipartClient>;

// The multipart calls for one ingest API.
export function createMultipartClient(options: IngestClientOptions) {
  const send = (
    call: IngestCall,
    method: "GET" | "POST" | "DELETE",
    parts: PathPart[],
    extra: { body?: unknown; query?: Record<string, string>; idempotent?: boolean } = {},
  ) => {
    const url = upstreamUrl(options.baseUrl, ...parts);
    for (const [name, value] of Object.entries(extra.query ?? {}))
      url.searchParams.set(name, value);
    return callUpstream(options, {
      method,
      url,
      token: call.token,
      headers: { [options.tenantHeader]: call.tenant },
      body: extra.body === undefined ? undefined : JSON.stringify(extra.body),
      idempotent: extra.idempotent ?? false,
      signal: call.signal,
    });
  };
  const upload = (uploadId: string): PathPart[] => [
    "uploads",
    { field: "uploadId", value: uploadId },
  ];

  const parsed = <T extends z.ZodType>(answer: UpstreamAnswer, schema: T): z.infer<T> => {
    if (answer.status < 200 || answer.status >= 300) {
      throw ingestFailure(answer.status, answer.json, options.tokenMode);
    }
    const result = schema.safeParse(answer.json);
    if (!result.success) throw unreadable(answer.status);
    return result.data;
  };

  return {
    // POST /uploads – a new multipart upload; NOT_SUPPORTED when the archive has no such operation
    async create(call: IngestCall, request: CreateUploadRequest): Promise<MultipartUpload> {
      const answer = await send(call, "POST", ["uploads"], { body: request });
      if (answer.status === 404 || answer.status === 405 || answer.status === 501) {
        throw new ApiError("NOT_SUPPORTED", MULTIPART_UNAVAILABLE, {
          upstream: { status: answer.status },
        });
      }
      return parsed(answer, MultipartUpload);
    },

    // GET /uploads/{uploadId} – the upload and a page of its stored parts
    async state(call: IngestCall, uploadId: string, partNumberMarker?: number) {
      const query: Record<string, string> =
        partNumberMarker === undefined ? {} : { partNumberMarker: String(partNumberMarker) };
      const answer = await send(call, "GET", upload(uploadId), { query, idempotent: true });
      return parsed(answer, UploadState);
    },

    // GET /uploads/{uploadId}/parts?numbers= – pre-signed part URLs
    async partUrls(call: IngestCall, uploadId: string, numbers: string) {
      const answer = await send(call, "GET", [...upload(uploadId), "parts"], {
        query: { numbers },
        idempotent: true,
      });
      return parsed(answer, PartUrls);
    },

    // POST /uploads/{uploadId}/complete – 200 with the file, or 202 with the state while it assembles
    async complete(call: IngestCall, uploadId: string, request: CompleteUploadRequest) {
      const answer = await send(call, "POST", [...upload(uploadId), "complete"], {
        body: request,
      });
      if (answer.status === 202) return { status: 202, body: parsed(answer, UploadState) };
      return { status: 200, body: parsed(answer, UploadedFile) };
    },

    // DELETE /uploads/{uploadId} – abort: the archive frees the parts
    async abort(call: IngestCall, uploadId: string): Promise<void> {
      const answer = await send(call, "DELETE", upload(uploadId));
      if (answer.status < 200 || answer.status >= 300) {
        throw ingestFailure(answer.status, answer.json, options.tokenMode);
      }
    },
  };
}
