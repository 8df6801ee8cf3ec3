import "server-only";
// The preservation API as the dashboard's server uses it: the client configured from the
// environment. Browser code imports ./schemas and ./result-codes only.
import { DEFAULT_UPSTREAM_SETTINGS } from "@/lib/api/upstream-fetch";
import { env } from "@/lib/env";
import { createPreservationClient, type PreservationClient } from "./client";

export * from "./client";

const holder = globalThis as typeof globalThis & {
  __scriptoriumPreservationClient?: PreservationClient;
};

// The preservation client for PRESERVATION_API_URL, built once per process.
export function getPreservationClient(): PreservationClient {
  holder.__scriptoriumPreservationClient ??= createPreservationClient({
    ...DEFAULT_UPSTREAM_SETTINGS,
    baseUrl: env.PRESERVATION_API_URL,
    tenantHeader: env.TENANT_HEADER,
    timeoutMs: env.UPSTREAM_TIMEOUT_MS,
    tokenMode: env.UPSTREAM_TOKEN_MODE,
  });
  return holder.__scriptoriumPreservationClient;
}
