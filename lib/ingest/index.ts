import "server-only";
// The ingest API as the dashboard's server uses it: the client configured from the environment.
// Browser code imports ./schemas only.
import { DEFAULT_UPSTREAM_SETTINGS } from "@/lib/api/upstream-fetch";
import { env } from "@/lib/env";
import { createIngestClient, type IngestClient } from "./client";

export * from "./client";

const holder = globalThis as typeof globalThis & { __scriptoriumIngestClient?: IngestClient };

// The ingest client for INGEST_API_URL, built once per process (routes do not share modules).
export function getIngestClient(): IngestClient {
  holder.__scriptoriumIngestClient ??= createIngestClient({
    ...DEFAULT_UPSTREAM_SETTINGS,
    baseUrl: env.INGEST_API_URL,
    tenantHeader: env.TENANT_HEADER,
    timeoutMs: env.UPSTREAM_TIMEOUT_MS,
    tokenMode: env.UPSTREAM_TOKEN_MODE,
  });
  return holder.__scriptoriumIngestClient;
}
