import "server-only";
// Wires the /api routes to a real archive for tests: clients whose fetch records every upstream
// call, the auth module's token source over a scratch dashboard database, and a chosen session.
import { createCatalogueRecorder } from "@/lib/catalogue/recorder";
import { openDashboardDb, type OpenedDashboardDb } from "@/lib/db/client";
import { requestToken } from "@/lib/auth/oidc-client";
import type { CurrentSession } from "@/lib/auth/session";
import { createTokenSource, type TokenSource } from "@/lib/auth/token-source";
import { createIngestClient } from "@/lib/ingest/client";
import { recordAudit } from "@/lib/journal/audit";
import { createPreservationClient } from "@/lib/preservation/client";
import { assertDirectDeletionAllowed } from "@/lib/deletions/guard";
import { configureApi, resetApi, type ApiDeps } from "../deps";
import type { SentCall } from "../upstream-fetch";
import { createSubmissionJournal } from "../journal";
import { createBatchStore } from "@/lib/batch/store";

export const APP_ORIGIN = "http://localhost:3000";
export const TENANT_HEADER = "X-Vendor-Repository";

export interface UpstreamCallRecord {
  method: string;
  url: URL;
  headers: Headers;
  bodyBytes: number;
}

export interface Harness {
  dashboard: OpenedDashboardDb;
  tokens: TokenSource;
  calls: UpstreamCallRecord[];
  // The session the routes see; null means nobody is signed in.
  session: CurrentSession | null;
  close(): Promise<void>;
}

// A signed-in session as lib/auth/session.ts builds it.
export function sessionOf(
  who: "archivist" | "admin",
  overrides: Partial<CurrentSession> = {},
): CurrentSession {
  const admin = who === "admin";
  return {
    id: `session-${who}`,
    user: {
      id: who,
      name: admin ? "Alan Admin" : "Ada Archivist",
      roles: admin ? ["admin", "archivist"] : ["archivist"],
      tenants: admin ? ["demo", "research"] : ["demo"],
    },
    tenant: "demo",
    isAdmin: admin,
    expiresAt: new Date(Date.now() + 3_600_000),
    ...overrides,
  };
}

export interface HarnessOptions {
  archiveUrl: string;
  mode: "user" | "service";
  // Renew tokens with less than this left (the auth module's TOKEN_MARGIN_MS in production).
  marginMs?: number;
  timeoutMs?: number;
  // Overrides the upstream base URLs (e.g. an unreachable port).
  ingestUrl?: string;
  preservationUrl?: string;
}

// Configures the /api seam for a test file; `close` puts the real dependencies back.
export async function startHarness(options: HarnessOptions): Promise<Harness> {
  const dashboard = await openDashboardDb({});
  const settings = {
    issuer: `${options.archiveUrl}/oidc`,
    clientId: "scriptorium",
    clientSecret: "scriptorium-secret",
    timeoutMs: 10_000,
  };
  const tokens = createTokenSource({
    db: dashboard.db,
    marginMs: options.marginMs ?? 5_000,
    refresh: (refreshToken) =>
      requestToken(settings, { grant_type: "refresh_token", refresh_token: refreshToken }),
    clientCredentials: () => requestToken(settings, { grant_type: "client_credentials" }),
  });
  const calls: UpstreamCallRecord[] = [];
  const observe = (call: SentCall) => {
    calls.push({
      method: call.method,
      url: call.url,
      headers: new Headers(call.headers),
      bodyBytes: call.body === undefined ? 0 : Buffer.byteLength(call.body),
    });
  };
  const upstream = {
    tenantHeader: TENANT_HEADER,
    timeoutMs: options.timeoutMs ?? 20_000,
    tokenMode: options.mode,
    retries: 2,
    backoffMs: 50,
    maxResponseBytes: 64 * 1024 * 1024,
    observe,
  };
  const harness: Harness = {
    dashboard,
    tokens,
    calls,
    session: sessionOf("archivist"),
    async close() {
      resetApi();
      await dashboard.close();
    },
  };
  const deps: ApiDeps = {
    getSession: async () => harness.session,
    getUpstreamToken: (session) =>
      options.mode === "service" ? tokens.forService() : tokens.forSession(session.id),
    recordAudit: (entry) => recordAudit(entry, dashboard.db),
    journal: createSubmissionJournal(async () => dashboard.db),
    batches: createBatchStore(async () => dashboard.db),
    catalogue: createCatalogueRecorder(async () => dashboard.db),
    ingest: createIngestClient({
      ...upstream,
      baseUrl: options.ingestUrl ?? `${options.archiveUrl}/ingest`,
    }),
    preservation: createPreservationClient({
      ...upstream,
      baseUrl: options.preservationUrl ?? `${options.archiveUrl}/preservation`,
    }),
    appOrigins: [APP_ORIGIN],
    assertDirectDeletion: () => assertDirectDeletionAllowed(dashboard.db),
  };
  configureApi(deps);
  return harness;
}

type Handler<P> = (request: Request, segment: { params: Promise<P> }) => Promise<Response>;

export interface RouteAnswer {
  status: number;
  headers: Headers;
  json: unknown;
}

export interface RouteCall {
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  // The caller going away: the request's signal.
  signal?: AbortSignal;
}

// Calls a route handler's exported function as Next would: a real Request and promised params.
export async function invoke<P>(
  handler: Handler<P>,
  method: string,
  path: string,
  params: P,
  call: RouteCall = {},
): Promise<RouteAnswer> {
  const headers: Record<string, string> = { "sec-fetch-site": "same-origin", ...call.headers };
  let body: string | undefined = call.rawBody;
  if (call.body !== undefined) body = JSON.stringify(call.body);
  if (body !== undefined) headers["content-type"] ??= "application/json";
  const request = new Request(`${APP_ORIGIN}${path}`, {
    method,
    headers,
    body,
    signal: call.signal,
  });
  const response = await handler(request, { params: Promise.resolve(params) });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    json: text ? JSON.parse(text) : undefined,
  };
}
