// The embedded archive's OpenID Connect provider and the bearer-token check of its APIs.
// oidc-provider's declarations travel with this module, so a program that reaches the archive
// through `@scriptorium/archive/testing` (the dashboard's tests) type-checks it too. An ambient
// `declare module` file cannot be imported, hence the reference.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./oidc-provider.d.ts" />
import type { IncomingMessage, ServerResponse } from "node:http";
import { lt } from "drizzle-orm";
import { Hono, type MiddlewareHandler } from "hono";
import type { Provider } from "oidc-provider";
import type { ArchiveConfig } from "../config";
import type { ArchiveDb } from "../db/client";
import { oidcPayloads } from "../db/schema";
import type { ArchiveEnv, Caller } from "../http/context";
import { IngestError } from "../http/errors";
import { createAuthenticator, createTokenVerifier } from "./authenticate";
import { loadIdentities, type Identities } from "./identities";
import { createInteractionHandler } from "./interaction";
import { loadOrCreateKeys } from "./keys";
import { createProvider, OIDC_PATH } from "./provider";
import { createUserinfoHandler } from "./userinfo";

export { OIDC_PATH } from "./provider";

// Tokens issued since start, by grant type (tests assert renewals with it).
export interface TokenStats {
  authorization_code: number;
  refresh_token: number;
  client_credentials: number;
}

export interface Identity {
  // Hono routes mounted at "/": GET /_archive/token-stats.
  routes: Hono<ArchiveEnv>;
  // Middleware for the APIs: sets c.var.caller or answers `{ code, message }` with 401 / 403.
  requireCaller: MiddlewareHandler<ArchiveEnv>;
  // Raw Node handler for every URL under /oidc.
  handle(req: IncomingMessage, res: ServerResponse): void;
  // Verifies the bearer token and the tenant header; throws IngestError NOT_AUTHORIZED / NO_PERMISSION.
  authenticate(headers: Headers): Promise<Caller>;
  tokenStats(): TokenStats;
  issuer: string;
  identities: Identities;
}

// Creates the identity provider over the archive database and the keys in `${dataDir}/keys`.
export async function createIdentity({
  config,
  db,
}: {
  config: ArchiveConfig;
  db: ArchiveDb;
}): Promise<Identity> {
  const identities = await loadIdentities(
    config.configDir,
    config.dashboardUrl ?? "http://localhost:3000",
  );
  const keys = await loadOrCreateKeys(config.dataDir);
  // Expired provider state is only hidden by the adapter; drop it once per start.
  await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, new Date()));

  const provider = createProvider({ config, db, identities, keys });
  // Endpoints are built from the request's host and scheme; pinning them to the public URL keeps
  // discovery consistent with the issuer however the archive is reached (127.0.0.1, a proxy).
  provider.proxy = true;
  const publicOrigin = new URL(config.publicUrl);
  const issuer = provider.issuer;
  const counts = countTokens(provider);
  const interaction = createInteractionHandler(provider, identities);
  const callback = provider.callback();
  const tokenOptions = { issuer, audience: config.publicUrl, publicJwks: keys.publicJwks };
  const authenticate = createAuthenticator({ ...tokenOptions, tenantHeader: config.tenantHeader });
  const userinfo = createUserinfoHandler(createTokenVerifier(tokenOptions), identities);

  const routes = new Hono<ArchiveEnv>();
  routes.get("/_archive/token-stats", (c) => c.json({ ...counts }));

  const requireCaller: MiddlewareHandler<ArchiveEnv> = async (c, next) => {
    try {
      c.set("caller", await authenticate(c.req.raw.headers));
    } catch (error) {
      if (!(error instanceof IngestError)) throw error;
      if (error.status === 401)
        c.header("WWW-Authenticate", `Bearer realm="archive", error="invalid_token"`);
      return c.json(error.toJSON(), error.status);
    }
    await next();
  };

  return {
    routes,
    requireCaller,
    authenticate,
    tokenStats: () => ({ ...counts }),
    issuer,
    identities,
    handle(req, res) {
      // The provider builds its URLs from originalUrl minus url: keep the prefix there.
      const full = req.url ?? OIDC_PATH;
      (req as IncomingMessage & { originalUrl?: string }).originalUrl = full;
      const rest = full.slice(OIDC_PATH.length);
      req.url = rest.startsWith("/") ? rest : `/${rest}`;
      req.headers["x-forwarded-host"] = publicOrigin.host;
      req.headers["x-forwarded-proto"] = publicOrigin.protocol.slice(0, -1);
      (async () => (await interaction(req, res)) || (await userinfo(req, res)))()
        .then((handled) => {
          if (!handled) callback(req, res);
        })
        .catch((error: unknown) => {
          console.error("identity provider failed", error);
          if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
          res.end("The identity provider failed.");
        });
    },
  };
}

function countTokens(provider: Provider): TokenStats {
  const counts: TokenStats = { authorization_code: 0, refresh_token: 0, client_credentials: 0 };
  provider.on("grant.success", (ctx: { oidc: { params?: Record<string, unknown> } }) => {
    const type = ctx.oidc.params?.grant_type;
    if (
      type === "authorization_code" ||
      type === "refresh_token" ||
      type === "client_credentials"
    ) {
      counts[type] += 1;
    }
  });
  return counts;
}
