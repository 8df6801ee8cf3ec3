// For tests of the browser's uploader against the real embedded archive (in-process): the
// multipart calls go through the dashboard's server-side client (what the /api/ingest/uploads
// routes call), the parts are PUT with fetch straight to the URLs the archive signed.
import { createHash } from "node:crypto";
import { ApiError, ERROR_STATUS } from "@/lib/api/errors";
import { startTestArchive, type TestArchive } from "@/lib/api/testing/archive";
import { DEFAULT_UPSTREAM_SETTINGS } from "@/lib/api/upstream-fetch";
import { requestToken } from "@/lib/auth/oidc-client";
import { createIngestClient } from "@/lib/ingest/client";
import { ApiError as BrowserApiError } from "@/lib/queries/api-client";
import type { MultipartApi } from "../multipart-api";
import type { PutTransport } from "../xhr-put";

export const MiB = 1024 * 1024;

export interface Harness {
  archive: TestArchive;
  client: ReturnType<typeof createIngestClient>;
  token: string;
}

export async function harness(env: Record<string, string> = {}): Promise<Harness> {
  const archive = await startTestArchive(env);
  const grant = await requestToken(
    {
      issuer: `${archive.url}/oidc`,
      clientId: "demo-archivist",
      clientSecret: "demo-archivist-secret",
      timeoutMs: 10_000,
    },
    { grant_type: "client_credentials" },
  );
  const client = createIngestClient({
    ...DEFAULT_UPSTREAM_SETTINGS,
    baseUrl: `${archive.url}/ingest`,
    tenantHeader: "X-Vendor-Repository",
    tokenMode: "service",
    timeoutMs: 20_000,
  });
  return { archive, client, token: grant.accessToken };
}

// What the browser's dashboardMultipartApi sees: the routes' answers, an ApiError as its status
// and code.
export function routesOf({ client, token }: Harness): MultipartApi {
  const call = (signal?: AbortSignal) => ({ token, tenant: "demo", signal });
  const asBrowser = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ApiError) {
        throw new BrowserApiError(ERROR_STATUS[error.code], error.code, error.message);
      }
      throw error;
    }
  };
  return {
    create: (size, signal) => asBrowser(() => client.uploads.create(call(signal), { size })),
    state: (id, marker, signal) =>
      asBrowser(() => client.uploads.state(call(signal), id, marker || undefined)),
    partUrls: (id, numbers, signal) =>
      asBrowser(() => client.uploads.partUrls(call(signal), id, numbers)),
    complete: (id, request, signal) =>
      asBrowser(async () => (await client.uploads.complete(call(signal), id, request)).body),
    abort: (id, signal) => asBrowser(() => client.uploads.abort(call(signal), id)),
  };
}

// A fetch PUT that records the part numbers (or "whole" for a single PUT) it sent.
export function countingTransport(
  sent: string[],
  failWhen?: (url: string) => boolean,
): PutTransport {
  return async ({ url, body, headers, onProgress, signal }) => {
    const part = /\/parts\/(\d+)/.exec(new URL(url).pathname)?.[1] ?? "whole";
    if (failWhen?.(part)) return { status: null, body: "", retryAfter: null };
    const response = await fetch(url, { method: "PUT", body, headers, signal });
    const text = await response.text();
    if (response.ok) {
      sent.push(part);
      onProgress(body.size);
    }
    return { status: response.status, body: text, retryAfter: response.headers.get("retry-after") };
  };
}

// A file of `size` bytes that differ from part to part, and its SHA-256.
export function fileOf(size: number, name = "scan.bin"): { file: File; sha256: string } {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i += 4096) bytes[i] = (i / 4096) % 251;
  return {
    file: new File([bytes], name, { type: "application/octet-stream" }),
    sha256: createHash("sha256").update(bytes).digest("hex"),
  };
}

// Waits of no length: the tests count requests, not time.
export const quick = { sleep: async () => {}, getUploadUrl: async () => ({}) };
