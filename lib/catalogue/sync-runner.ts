import "server-only";
// The sync as the dashboard runs it: with its own client-credentials token, over every tenant that
// token may act in, one run at a time. In one process a second request joins the running one; on
// PostgreSQL a session-level advisory lock, held on a connection of its own for the whole run,
// keeps other dashboard instances out (and is released by the server if this process dies).
import { decodeJwt } from "jose";
import postgres from "postgres";
import { createHash } from "node:crypto";
import { claimList, readClaim } from "@/lib/auth/claims";
import { requestToken } from "@/lib/auth/oidc-client";
import { oidcSettings } from "@/lib/auth/settings";
import type { DashboardDb } from "@/lib/db";
import { env } from "@/lib/env";
import { toApiError } from "@/lib/api/errors";
import { probeVerdict } from "@/lib/preservation/capabilities";
import type { PreservationClient } from "@/lib/preservation/client";
import { factsFromObject, factsFromTrace, factsOfGone, withTrace } from "./facts";
import { maintainCatalogue } from "./maintenance";
import type { CatalogueFacts } from "./merge";
import { factContext, isUnknownObject } from "./recorder";
import { syncTenant, type SyncArchive, type SyncOptions } from "./sync";
import type { LastRun } from "./sync-cursor";

// First 8 bytes of SHA-256("scriptorium catalogue sync"), as PostgreSQL's bigint.
export const SYNC_LOCK_KEY = createHash("sha256")
  .update("scriptorium catalogue sync")
  .digest()
  .readBigInt64BE(0)
  .toString();

// Renew the service token with this much left (tokens of the embedded archive live five minutes).
const TOKEN_MARGIN_MS = 60_000;

function serviceTokens(): () => Promise<string> {
  let held: Promise<{ token: string; expiresAt: number }> | undefined;
  return async () => {
    if (!held || (await held).expiresAt - Date.now() < TOKEN_MARGIN_MS) {
      held = requestToken(oidcSettings(), { grant_type: "client_credentials" }).then((g) => ({
        token: g.accessToken,
        expiresAt: g.expiresAt.getTime(),
      }));
      held.catch(() => (held = undefined));
    }
    return (await held).token;
  };
}

// The tenants a token may act in (its tenants claim); empty when the token is not a readable JWT.
export function tenantsOfToken(token: string): string[] {
  try {
    return claimList(readClaim(decodeJwt(token), env.OIDC_TENANTS_CLAIM));
  } catch {
    return [];
  }
}

// The archive of one tenant, through the dashboard's preservation client. Each object is read
// with RetrievePO and RetrieveTrace side by side (so the sync's bound on objects in flight bounds
// both); once the archive answers that it has no RetrieveTrace, the run stops asking for it.
export function archiveOf(
  client: PreservationClient,
  token: () => Promise<string>,
  tenant: string,
  signal?: AbortSignal,
): SyncArchive {
  const call = async () => ({ token: await token(), tenant, ...(signal ? { signal } : {}) });
  const ctx = factContext(tenant);
  let traceOffered = true;

  async function readObject(poId: string): Promise<CatalogueFacts | "gone"> {
    try {
      const { body } = await client.call(await call(), "RetrievePO", { poId, sor: "PO" });
      return factsFromObject(ctx, poId, body.po ?? [], body.optOut?.policy);
    } catch (error) {
      if (isUnknownObject(error)) return "gone";
      throw error;
    }
  }

  // The trace's facts, or undefined when it is not to be had: the object keeps what RetrievePO
  // says, and a later read (the refresh, the object page) fills in the rest.
  async function readTrace(poId: string): Promise<CatalogueFacts | undefined> {
    if (!traceOffered) return undefined;
    try {
      const { body } = await client.call(await call(), "RetrieveTrace", { poId });
      return factsFromTrace(ctx, poId, body.trace?.event ?? []);
    } catch (error) {
      const failure = toApiError(error);
      if (failure.code !== "INTERNAL_ERROR" && probeVerdict({ error }).available === false) {
        traceOffered = false;
      }
      return undefined;
    }
  }

  return {
    async search(fi) {
      const { body } = await client.call(await call(), "Search", { fi });
      return body.poId ?? [];
    },
    async retrieve(poId) {
      const [object, trace] = await Promise.all([readObject(poId), readTrace(poId)]);
      if (object === "gone") return factsOfGone(tenant, poId, trace);
      return trace ? withTrace(object, trace) : object;
    },
  };
}

export interface RunSummary {
  outcome: "finished" | "busy" | "failed";
  tenants: Record<string, LastRun | { error: string }>;
}

export interface RunOptions {
  db: DashboardDb;
  client: PreservationClient;
  // PostgreSQL URL of the dashboard database: the advisory lock is taken there.
  databaseUrl?: string;
  token?: () => Promise<string>;
  tenants?: string[];
  pageSize?: number;
  // The refresh of rows read long ago (SyncOptions).
  refreshAfterMs?: number;
  refreshPerRun?: number;
  onStep?: (tenant: string, step: Parameters<NonNullable<SyncOptions["onStep"]>>[0]) => void;
  signal?: AbortSignal;
  // VACUUM (ANALYZE) the catalogue after the run (maintenance.ts); by default on PGlite only,
  // that is without a databaseUrl.
  maintain?: boolean;
}

// Holds the cross-instance lock for `work`; "busy" when another instance holds it.
async function withSyncLock<T>(databaseUrl: string | undefined, work: () => Promise<T>) {
  if (!databaseUrl) return work();
  const client = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [row] = await client<{ ok: boolean }[]>`
      select pg_try_advisory_lock(${SYNC_LOCK_KEY}::bigint) as ok`;
    if (!row?.ok) return "busy" as const;
    return await work();
  } finally {
    // Ending the connection releases the lock.
    await client.end();
  }
}

// One sync of every tenant; a tenant whose run fails does not stop the others.
export async function runCatalogueSync(options: RunOptions): Promise<RunSummary> {
  const token = options.token ?? serviceTokens();
  const outcome = await withSyncLock(options.databaseUrl, async () => {
    const tenants = options.tenants ?? tenantsOfToken(await token());
    const summary: RunSummary = { outcome: "finished", tenants: {} };
    for (const tenant of tenants) {
      try {
        summary.tenants[tenant] = await syncTenant({
          db: options.db,
          tenant,
          archive: archiveOf(options.client, token, tenant, options.signal),
          onStep: (step) => options.onStep?.(tenant, step),
          ...(options.pageSize ? { pageSize: options.pageSize } : {}),
          ...(options.refreshAfterMs !== undefined
            ? { refreshAfterMs: options.refreshAfterMs }
            : {}),
          ...(options.refreshPerRun !== undefined ? { refreshPerRun: options.refreshPerRun } : {}),
          ...(options.signal ? { signal: options.signal } : {}),
        });
      } catch (error) {
        summary.outcome = "failed";
        summary.tenants[tenant] = { error: error instanceof Error ? error.message : String(error) };
      }
    }
    if (options.maintain ?? !options.databaseUrl) {
      await maintainCatalogue(options.db).catch((error: unknown) =>
        console.error("catalogue maintenance (VACUUM ANALYZE) failed", error),
      );
    }
    return summary;
  });
  return outcome === "busy" ? { outcome: "busy", tenants: {} } : outcome;
}
