import "server-only";
// How the dashboard's server is wired, in one place. Each part is made on first use, once per
// process, from the parts above it:
//
//   env ──► database ──► upstream token source (renewals under a row lock)
//    │                            │
//    ├──► ingest client ──────────┼──► apiDeps(): what every /api route uses (session, token,
//    ├──► preservation client ────┘        audit log, journal, the two clients, origins, four-eyes)
//    └──► status hub (one poller per SIP; a PostgreSQL relay when DATABASE_URL) ──► journal
//
//   process caches: issuer metadata, the archive's capabilities, overview reads, metadata schemas,
//   sessions found valid in the last 2 s (by cookie), and the request scope that carries a
//   looked-up session from next-auth to the routes.
//
//   the direct lane's routes: proxy route handlers answered straight from Node's request event
//   when the session is known (lib/server/direct-lane.ts).
//
//   process state: the catalogue sync's running run and its schedule (one run per process), and
//   where each batch's status reads go on next (lib/batch/refresh.ts).
//
// Route modules of one `next start` do not share module state, so everything lives on one
// globalThis key. Parts are made lazily because `next build` imports these modules without a
// runtime configuration. Tests replace /api parts with `configureApi` (lib/api/testing/harness.ts)
// and start again from nothing with `resetServer`.
import { AsyncLocalStorage } from "node:async_hooks";
import type { ApiDeps, ApiSession } from "@/lib/api/deps";
import { DEFAULT_UPSTREAM_SETTINGS } from "@/lib/api/upstream-fetch";
import { requestToken, type IssuerMetadataCache } from "@/lib/auth/oidc-client";
import type { SessionLookup } from "@/lib/auth/request-scope";
import type { CheckedSession } from "@/lib/auth/session-store";
import type { DirectRoute } from "@/lib/server/direct-lane";
import { createRecordedStatuses, type RecordedStatuses } from "@/lib/api/recorded-statuses";
import {
  createSessionCache,
  SESSION_CACHE_TTL_MS,
  type SessionCache,
} from "@/lib/auth/session-cache";
import { oidcSettings, TOKEN_MARGIN_MS } from "@/lib/auth/settings";
import { createTokenSource, type TokenSource } from "@/lib/auth/token-source";
import type { BatchTurns } from "@/lib/batch/archive-turns";
import type { BatchWalk } from "@/lib/batch/refresh";
import type { RunSummary } from "@/lib/catalogue/sync-runner";
import { openDashboardDb, type DashboardDb } from "@/lib/db/client";
import { loadEnv, type Env } from "@/lib/env";
import { createIngestClient, type IngestClient } from "@/lib/ingest/client";
import { createStatusHub, type StatusHub } from "@/lib/ingest/status-hub";
import { createPgRelay } from "@/lib/ingest/watch/pg-relay";
import { classifyStatusFailure } from "@/lib/ingest/watch/status-failure";
import type { PackageRead } from "@/lib/overview/format-sample";
import { createTtlCache, type TtlCache } from "@/lib/overview/ttl-cache";
import { createCapabilityCache, type CapabilityCache } from "@/lib/preservation/capabilities";
import { createPreservationClient, type PreservationClient } from "@/lib/preservation/client";
import {
  loadMetadataRegistry,
  type MetadataRegistry,
} from "@scriptorium/contract/metadata/registry";

// Everything the process makes once.
interface Parts {
  env: Env;
  db: Promise<DashboardDb>;
  tokens: Promise<TokenSource>;
  ingest: IngestClient;
  preservation: PreservationClient;
  api: Promise<ApiDeps>;
  statusHub: StatusHub;
  capabilities: CapabilityCache;
  overviewReads: TtlCache<PackageRead>;
  issuerMetadata: IssuerMetadataCache;
  sessionLookup: AsyncLocalStorage<SessionLookup>;
  sessionCache: SessionCache;
  directRoutes: DirectRoute[];
  directLaneScope: AsyncLocalStorage<CheckedSession>;
  recordedStatuses: RecordedStatuses;
  metadataRegistry: { dir: string; registry: MetadataRegistry };
  catalogueSync: CatalogueSyncState;
  batchCursors: Map<string, BatchWalk>;
  batchTurns: Map<string, BatchTurns>;
}

// The catalogue sync of this process: the run under way, and the timer of the schedule.
export interface CatalogueSyncState {
  running?: Promise<RunSummary>;
  schedule?: NodeJS.Timeout;
}

interface Container {
  parts: Partial<Parts>;
  // /api dependencies a test put in place of the real ones.
  apiOverrides: Partial<ApiDeps>;
}

const holder = globalThis as typeof globalThis & { __scriptoriumServer?: Container };

function container(): Container {
  return (holder.__scriptoriumServer ??= { parts: {}, apiOverrides: {} });
}

function once<K extends keyof Parts>(key: K, make: () => Parts[K]): Parts[K] {
  const { parts } = container();
  if (!(key in parts)) parts[key] = make();
  return parts[key] as Parts[K];
}

// For parts that are opened: a failure is not kept, so the next request tries again.
function onceOpened<K extends "db" | "tokens" | "api">(key: K, open: () => Parts[K]): Parts[K] {
  return once(key, () => {
    const opened = open();
    opened.catch(() => {
      if (container().parts[key] === opened) delete container().parts[key];
    });
    return opened;
  });
}

// The validated environment, parsed on first use; instrumentation.ts forces that use at start-up.
export function getEnv(): Env {
  return once("env", () => loadEnv(process.env));
}

// The dashboard database; concurrent first calls wait for the same opening.
export function getDb(): Promise<DashboardDb> {
  return onceOpened("db", async () => {
    const { DATABASE_URL, DASHBOARD_DATA_DIR } = getEnv();
    return (await openDashboardDb({ databaseUrl: DATABASE_URL, dataDir: DASHBOARD_DATA_DIR })).db;
  });
}

// One token source per process, so renewals of one key in this process share one promise.
export function getTokenSource(): Promise<TokenSource> {
  return onceOpened("tokens", async () =>
    createTokenSource({
      db: await getDb(),
      marginMs: TOKEN_MARGIN_MS,
      rememberMs: SESSION_CACHE_TTL_MS,
      refresh: (refreshToken) =>
        requestToken(oidcSettings(), { grant_type: "refresh_token", refresh_token: refreshToken }),
      clientCredentials: () => requestToken(oidcSettings(), { grant_type: "client_credentials" }),
    }),
  );
}

// A valid access token for upstream calls made for `session`: the user's own (mode `user`) or the
// dashboard's (mode `service`). Throws UpstreamTokenError: `session_ended` (401) or `unavailable` (503).
export async function getUpstreamToken(session: ApiSession): Promise<string> {
  const source = await getTokenSource();
  return getEnv().UPSTREAM_TOKEN_MODE === "service"
    ? source.forService()
    : source.forSession(session.id);
}

function upstream(baseUrl: string) {
  const env = getEnv();
  return {
    ...DEFAULT_UPSTREAM_SETTINGS,
    baseUrl,
    tenantHeader: env.TENANT_HEADER,
    timeoutMs: env.UPSTREAM_TIMEOUT_MS,
    tokenMode: env.UPSTREAM_TOKEN_MODE,
  };
}

// The ingest API at INGEST_API_URL.
export function getIngestClient(): IngestClient {
  return once("ingest", () => createIngestClient(upstream(getEnv().INGEST_API_URL)));
}

// The preservation API at PRESERVATION_API_URL.
export function getPreservationClient(): PreservationClient {
  return once("preservation", () =>
    createPreservationClient(upstream(getEnv().PRESERVATION_API_URL)),
  );
}

const API_KEYS: readonly (keyof ApiDeps)[] = [
  "getSession",
  "getUpstreamToken",
  "recordAudit",
  "journal",
  "batches",
  "catalogue",
  "ingest",
  "preservation",
  "appOrigins",
  "assertDirectDeletion",
];

// The real /api dependencies. Imported here, not above: the session module brings next-auth,
// which scripts and tests that only need the database should not load.
async function wireApi(): Promise<ApiDeps> {
  const [
    { getCurrentSession, sessionOf },
    { recordAudit },
    { assertDirectDeletionAllowed },
    journal,
    batches,
    { createCatalogueRecorder },
    { directLaneSession },
  ] = await Promise.all([
    import("@/lib/auth/session"),
    import("@/lib/journal/audit"),
    import("@/lib/deletions/guard"),
    import("@/lib/api/journal"),
    import("@/lib/batch/store"),
    import("@/lib/catalogue/recorder"),
    import("@/lib/server/direct-lane"),
  ]);
  return {
    // The session comes from the request's cookie: the one the direct lane found valid, else read
    // by next/headers inside the auth module.
    getSession: async () => {
      const checked = directLaneSession();
      return checked ? sessionOf(checked) : getCurrentSession();
    },
    getUpstreamToken,
    recordAudit: (entry) => recordAudit(entry),
    journal: journal.createSubmissionJournal(getDb),
    batches: batches.createBatchStore(getDb),
    catalogue: createCatalogueRecorder(getDb),
    ingest: getIngestClient(),
    preservation: getPreservationClient(),
    appOrigins: [new URL(getEnv().APP_URL).origin],
    assertDirectDeletion: () => assertDirectDeletionAllowed(),
  };
}

// What the /api routes depend on: the real parts, with whatever a test replaced.
export async function apiDeps(): Promise<ApiDeps> {
  const { apiOverrides } = container();
  if (API_KEYS.every((key) => key in apiOverrides)) return apiOverrides as ApiDeps;
  return { ...(await onceOpened("api", wireApi)), ...apiOverrides };
}

// Replaces some /api dependencies for every later request in this process (tests, scripts).
export function configureApi(overrides: Partial<ApiDeps>): void {
  const state = container();
  state.apiOverrides = { ...state.apiOverrides, ...overrides };
}

// Back to the real /api dependencies.
export function resetApi(): void {
  container().apiOverrides = {};
}

// The process's status hub, journalling each change its pollers see. On PostgreSQL the hubs of
// all dashboard processes share one poller per SIP.
export function getStatusHub(): StatusHub {
  return once("statusHub", () => {
    const { DATABASE_URL } = getEnv();
    return createStatusHub({
      classifyFailure: classifyStatusFailure,
      relay: DATABASE_URL ? createPgRelay({ db: getDb, databaseUrl: DATABASE_URL }) : undefined,
      // Only the process that polls a SIP sees its changes here, so each is journalled once.
      async onChange(key, snapshot) {
        if (snapshot.status === null) return;
        const { journal } = await apiDeps();
        await journal.recordStatus(key, snapshot.status, snapshot.pluginReports);
      },
    });
  });
}

// Which optional preservation operations the archive answers, per upstream.
export function getCapabilityCache(): CapabilityCache {
  return once("capabilities", () => createCapabilityCache());
}

// The overview's reads of the archive, kept a minute.
export function getOverviewReads(ttlMs: number): TtlCache<PackageRead> {
  return once("overviewReads", () => createTtlCache({ ttlMs, maxEntries: 5_000 }));
}

// Discovery documents of identity providers.
export function getIssuerMetadataCache(): IssuerMetadataCache {
  return once("issuerMetadata", () => new Map());
}

// Carries the session next-auth's callbacks looked up to getCurrentSession() in the same request.
export function getSessionLookup(): AsyncLocalStorage<SessionLookup> {
  return once("sessionLookup", () => new AsyncLocalStorage<SessionLookup>());
}

// Sessions found valid in the last moment, by session cookie (lib/auth/session-cache.ts).
export function getSessionCache(): SessionCache {
  return once("sessionCache", () => createSessionCache());
}

// The route handlers the direct lane may answer without Next.js's router (lib/server/direct-lane.ts),
// registered by their route modules as Next.js loads them.
export function getDirectRoutes(): DirectRoute[] {
  return once("directRoutes", () => []);
}

// The SIP statuses this process has journalled and catalogued (lib/api/recorded-statuses.ts).
export function getRecordedStatuses(): RecordedStatuses {
  return once("recordedStatuses", () => createRecordedStatuses());
}

// Carries the session the direct lane found to the route wrapper's getSession().
export function getDirectLaneScope(): AsyncLocalStorage<CheckedSession> {
  return once("directLaneScope", () => new AsyncLocalStorage<CheckedSession>());
}

// The metadata schemas in `dir`, compiled once (again when another folder is asked for).
export function getMetadataRegistryIn(dir: string): MetadataRegistry {
  const { parts } = container();
  if (parts.metadataRegistry?.dir !== dir) {
    parts.metadataRegistry = { dir, registry: loadMetadataRegistry(dir) };
  }
  return parts.metadataRegistry.registry;
}

// The catalogue sync's run and schedule, shared by every route and the instrumentation hook.
export function getCatalogueSyncState(): CatalogueSyncState {
  return once("catalogueSync", () => ({}));
}

// Per batch, how far the status reads have walked its unfinished packages (the next read asks
// about the next ones) and whether the last one found most ended (lib/batch/refresh.ts).
export function getBatchRefreshCursors(): Map<string, BatchWalk> {
  return once("batchCursors", () => new Map());
}

// Per batch, its packages with the archive and those waiting for their turn
// (lib/batch/archive-turns.ts).
export function getBatchTurns(): Map<string, BatchTurns> {
  return once("batchTurns", () => new Map());
}

// Forgets every part: the next use makes it again from the environment (tests). A scheduled sync
// stops with the parts it would have used.
export function resetServer(): void {
  clearTimeout(holder.__scriptoriumServer?.parts.catalogueSync?.schedule);
  holder.__scriptoriumServer = undefined;
}
