// Builds the oidc-provider instance: clients and users from identities.json, JWT access tokens
// for the archive's APIs, refresh tokens for the dashboard, client credentials for scripts.
import "./quiet-runtime-warning";
import Provider, { errors, type OidcContext, type TokenLike } from "oidc-provider";
import type { ArchiveConfig } from "../config";
import type { ArchiveDb } from "../db/client";
import { createDbAdapter } from "./adapter";
import type { IdentityClient, Identities } from "./identities";
import type { IdentityKeys } from "./keys";
import { errorPage, loggedOutPage, logoutPage, signingOutPage } from "./pages";

// The path under which the provider is mounted; the issuer is `${publicUrl}${OIDC_PATH}`.
export const OIDC_PATH = "/oidc";

// Scopes an access token for the archive may carry; a token that asks for none carries all.
export const ARCHIVE_SCOPES = "ingest preservation";

const DAY = 24 * 60 * 60;

export interface ProviderOptions {
  config: ArchiveConfig;
  db: ArchiveDb;
  identities: Identities;
  keys: IdentityKeys;
}

// Creates the provider; it serves paths relative to /oidc (the caller strips the prefix).
export function createProvider({ config, db, identities, keys }: ProviderOptions): Provider {
  const resource = config.publicUrl;
  const ttl = config.tokenTtlSeconds;

  const provider = new Provider(`${config.publicUrl}${OIDC_PATH}`, {
    adapter: createDbAdapter(db),
    clients: identities.clients.map(clientMetadata),
    jwks: keys.jwks,
    cookies: { keys: keys.cookieKeys },
    scopes: ["openid", "offline_access", "profile", "email"],
    // Roles and tenants ride on `openid`, so every sign-in carries them whatever else is asked.
    claims: {
      openid: ["sub", "name", "preferred_username", "email", "roles", "tenants"],
      profile: ["name", "preferred_username"],
      email: ["email"],
    },
    async findAccount(_ctx: unknown, sub: string) {
      const user = identities.findUser(sub);
      if (!user) return undefined;
      return {
        accountId: user.username,
        claims: () => ({
          sub: user.username,
          name: user.name,
          preferred_username: user.username,
          email: user.email,
          roles: user.roles,
          tenants: user.tenants,
        }),
      };
    },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource(ctx: OidcContext, form: string) {
          ctx.type = "html";
          const secret = ctx.oidc.session?.state?.secret;
          if (secret && hintNamesSession(ctx)) {
            // The registered client vouches for this very session: end it without asking, so a
            // person who closes the tab is not left signed in here.
            const page = signingOutPage(ctx.oidc.urlFor("end_session_confirm"), secret);
            ctx.set("Content-Security-Policy", page.securityPolicy);
            ctx.body = page.html;
            return;
          }
          ctx.body = logoutPage(form, ctx.oidc.client?.clientName);
        },
        postLogoutSuccessSource(ctx: OidcContext) {
          ctx.type = "html";
          ctx.body = loggedOutPage();
        },
      },
      resourceIndicators: {
        enabled: true,
        // Clients need not send `resource`: the archive is the only resource server.
        defaultResource: async (_ctx: unknown, _client: unknown, oneOf?: string[]) =>
          oneOf?.[0] ?? resource,
        // Without this a code exchange that asks for `openid` yields an opaque userinfo-only token.
        useGrantedResource: async () => true,
        async getResourceServerInfo(_ctx: unknown, indicator: string) {
          if (indicator !== resource)
            throw new errors.InvalidTarget(`the only resource is ${resource}`);
          return {
            scope: ARCHIVE_SCOPES,
            audience: resource,
            accessTokenTTL: ttl,
            accessTokenFormat: "jwt",
            jwt: { sign: { alg: "RS256" } },
          };
        },
      },
    },
    pkce: { required: () => true },
    // The dashboard gets a refresh token without offline_access/prompt=consent: it is first-party.
    issueRefreshToken: async (_ctx: unknown, client: { grantTypeAllowed(t: string): boolean }) =>
      client.grantTypeAllowed("refresh_token"),
    rotateRefreshToken: () => true,
    loadExistingGrant,
    extraTokenClaims: async (_ctx: unknown, token: TokenLike) => tokenClaims(identities, token),
    formats: {
      customizers: {
        async jwt(_ctx: unknown, token: TokenLike, jwt: { payload: Record<string, unknown> }) {
          jwt.payload.scope ??= token.resourceServer?.scope ?? ARCHIVE_SCOPES;
        },
      },
    },
    interactions: {
      url: async (_ctx: unknown, interaction: { uid: string }) =>
        `${OIDC_PATH}/interaction/${interaction.uid}`,
    },
    ttl: {
      AccessToken: ttl,
      ClientCredentials: ttl,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      RefreshToken: 14 * DAY,
      Session: 14 * DAY,
      Grant: 14 * DAY,
    },
    renderError(ctx: OidcContext, out: Record<string, unknown>) {
      ctx.type = "html";
      ctx.body = errorPage(out);
    },
  });
  // RFC 6749 5.1: a token response names the scope when it differs from the one asked. A
  // client-credentials request that asks for none (or none the archive knows) is granted all of the
  // archive's scopes, which oidc-provider leaves out of the response.
  provider.use(async (ctx, next) => {
    await next();
    const token = ctx.oidc?.entities?.ClientCredentials;
    const body = ctx.body as Record<string, unknown> | undefined;
    if (token && body && typeof body === "object" && typeof body.access_token === "string") {
      body.scope ??= token.resourceServer?.scope ?? ARCHIVE_SCOPES;
    }
  });
  return provider;
}

// True when the request carries an id_token_hint (signature and audience already checked by the
// provider) issued to the current session's account. Without one, the confirmation stays: a
// link from anywhere must not sign a person out.
function hintNamesSession(ctx: OidcContext): boolean {
  const sub = ctx.oidc.entities?.IdTokenHint?.payload.sub;
  const accountId = ctx.oidc.session?.accountId;
  return sub !== undefined && accountId !== undefined && sub === accountId;
}

function clientMetadata(client: IdentityClient) {
  const interactive = client.grantTypes.includes("authorization_code");
  return {
    client_id: client.clientId,
    client_secret: client.clientSecret,
    client_name: client.name,
    grant_types: client.grantTypes,
    response_types: interactive ? ["code"] : [],
    redirect_uris: interactive ? client.redirectUris : [],
    post_logout_redirect_uris: interactive ? client.postLogoutRedirectUris : [],
    token_endpoint_auth_method: "client_secret_basic",
  };
}

// Consent is implicit for these first-party clients: the grant always covers what is asked.
async function loadExistingGrant(ctx: OidcContext) {
  const { oidc } = ctx;
  const client = oidc.client;
  const accountId = oidc.session?.accountId;
  if (!client || !accountId) return undefined;
  const grantId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(client.clientId);
  const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
  const grant = existing ?? new oidc.provider.Grant({ accountId, clientId: client.clientId });
  const scopes = [...oidc.requestParamOIDCScopes].join(" ");
  if (scopes) grant.addOIDCScope(scopes);
  for (const [indicator, server] of Object.entries(oidc.resourceServers ?? {})) {
    grant.addResourceScope(indicator, server.scope);
  }
  await grant.save();
  return grant;
}

// Claims added to every access token: who the caller is and where it may act.
function tokenClaims(identities: Identities, token: TokenLike) {
  if (token.accountId) {
    const user = identities.findUser(token.accountId);
    if (!user) return undefined;
    return {
      name: user.name,
      preferred_username: user.username,
      roles: user.roles,
      tenants: user.tenants,
      tenant: user.tenants[0],
    };
  }
  const clientId = token.clientId ?? token.client?.clientId;
  const client = clientId ? identities.findClient(clientId) : undefined;
  if (!client) return undefined;
  return {
    name: client.name,
    preferred_username: client.clientId,
    roles: client.roles,
    tenants: client.tenants,
    tenant: client.tenants[0],
  };
}
