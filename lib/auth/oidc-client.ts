import "server-only";
// Calls to the identity provider outside next-auth's sign-in: discovery, token renewal,
// client credentials, userinfo and the end-session URL. Any standard OIDC provider works; the
// protocol (discovery, client_secret_basic, token response checks) is oauth4webapi's, as in
// next-auth's own sign-in.
import { decodeJwt } from "jose";
import * as oauth from "oauth4webapi";
import { getIssuerMetadataCache } from "@/lib/server/container";

export interface OidcClientSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
}

export type IssuerMetadata = oauth.AuthorizationServer & { token_endpoint: string };

// A token as the dashboard stores it.
export interface TokenGrant {
  accessToken: string;
  refreshToken?: string;
  expiresAt: Date;
}

// The identity provider refused or could not be reached. `code` is the OAuth error
// (`invalid_grant` means the refresh token is dead); messages never carry a token.
export class OidcError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "OidcError";
  }
}

const DISCOVERY_TTL_MS = 60 * 60_000;
// Used when the provider states no lifetime and the token is not a JWT: short, so it is renewed.
const FALLBACK_LIFETIME_S = 60;

// Discovery documents by issuer, kept by the server container for the whole process.
export type IssuerMetadataCache = Map<string, { at: number; metadata: Promise<IssuerMetadata> }>;

// Per-request options: the timeout, no Next.js fetch cache, and plain http only for an http
// issuer (the embedded archive on localhost); an https issuer's endpoints must be https too.
function requestOptions(settings: OidcClientSettings) {
  return {
    signal: () => AbortSignal.timeout(settings.timeoutMs),
    [oauth.customFetch]: (url: string, init: RequestInit) =>
      fetch(url, { ...init, cache: "no-store" }),
    [oauth.allowInsecureRequests]: new URL(settings.issuer).protocol === "http:",
  };
}

function client(settings: OidcClientSettings): oauth.Client {
  return { client_id: settings.clientId };
}

// Runs one HTTP exchange; a network failure or timeout becomes the provider being unavailable.
async function exchange(url: string, call: () => Promise<Response>): Promise<Response> {
  try {
    return await call();
  } catch (error) {
    const origin = new URL(url).origin;
    // Refused before sending, e.g. an http endpoint named by an https issuer.
    if (error instanceof oauth.OperationProcessingError) {
      const why = error.message.replaceAll('"', "");
      throw new OidcError(
        "unavailable",
        `The identity provider at ${origin} cannot be used (${why}).`,
      );
    }
    const reason =
      error instanceof Error && error.name === "TimeoutError" ? "timed out" : "is unreachable";
    throw new OidcError("unavailable", `The identity provider ${reason} (${origin}).`);
  }
}

// The issuer's discovery document, cached for an hour per process.
export async function discover(settings: OidcClientSettings): Promise<IssuerMetadata> {
  const store = getIssuerMetadataCache();
  const hit = store.get(settings.issuer);
  if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.metadata;
  const metadata = (async () => {
    const issuer = new URL(settings.issuer);
    const url = `${settings.issuer.replace(/\/$/, "")}/.well-known/openid-configuration`;
    const response = await exchange(url, () =>
      oauth.discoveryRequest(issuer, requestOptions(settings)),
    );
    const unusable = (why: string) =>
      new OidcError(
        "unavailable",
        `The identity provider's discovery document at ${url} is unusable (${why}).`,
      );
    let found: oauth.AuthorizationServer;
    try {
      found = await oauth.processDiscoveryResponse(issuer, response);
    } catch (error) {
      throw unusable(
        response.status === 200 && error instanceof Error
          ? error.message.replaceAll('"', "")
          : `HTTP ${response.status}`,
      );
    }
    const { token_endpoint } = found;
    if (!token_endpoint) throw unusable("it names no token endpoint");
    return { ...found, token_endpoint };
  })();
  store.set(settings.issuer, { at: Date.now(), metadata });
  metadata.catch(() => store.delete(settings.issuer));
  return metadata;
}

// When a token stops working: from expires_in, else the JWT's exp, else a short default.
export function tokenExpiry(
  accessToken: string,
  expiresIn: number | undefined,
  now = Date.now(),
): Date {
  if (expiresIn) return new Date(now + expiresIn * 1000);
  try {
    const { exp } = decodeJwt(accessToken);
    if (typeof exp === "number") return new Date(exp * 1000);
  } catch {
    // Opaque token: fall through.
  }
  return new Date(now + FALLBACK_LIFETIME_S * 1000);
}

// The provider's OAuth error (from the body, or a WWW-Authenticate challenge), if it gave one.
async function oauthError(
  error: unknown,
): Promise<{ code: string; description?: string } | undefined> {
  if (error instanceof oauth.ResponseBodyError) {
    return { code: error.error, description: error.error_description };
  }
  if (error instanceof oauth.WWWAuthenticateChallengeError) {
    const body: unknown = await error.response.json().catch(() => null);
    const fromBody = body as { error?: unknown; error_description?: unknown } | null;
    const params = error.cause[0]?.parameters;
    const code = typeof fromBody?.error === "string" ? fromBody.error : params?.error;
    const description =
      typeof fromBody?.error_description === "string"
        ? fromBody.error_description
        : params?.error_description;
    return code ? { code, description } : undefined;
  }
  return undefined;
}

// The token response as an OidcError, in the same words whatever the provider got wrong.
async function tokenError(error: unknown, grantType: string, status: number): Promise<OidcError> {
  const refused = await oauthError(error);
  if (refused || status !== 200) {
    const code = refused?.code ?? "unavailable";
    const detail = refused?.description ? `: ${refused.description}` : "";
    return new OidcError(
      code,
      `The identity provider refused the ${grantType} grant (${code}${detail}).`,
      status,
    );
  }
  return new OidcError(
    "unavailable",
    "The identity provider answered the token request without an access token.",
  );
}

// Sends a grant to the token endpoint (client_secret_basic) and checks the answer.
export async function requestToken(
  settings: OidcClientSettings,
  params: Record<string, string>,
): Promise<TokenGrant> {
  const as = await discover(settings);
  const { grant_type: grantType = "", refresh_token: refreshToken, ...rest } = params;
  const auth = oauth.ClientSecretBasic(settings.clientSecret);
  const options = requestOptions(settings);
  const response = await exchange(as.token_endpoint, () => {
    if (grantType === "refresh_token" && refreshToken !== undefined) {
      return oauth.refreshTokenGrantRequest(as, client(settings), auth, refreshToken, {
        ...options,
        additionalParameters: rest,
      });
    }
    const all = refreshToken === undefined ? rest : { ...rest, refresh_token: refreshToken };
    return grantType === "client_credentials"
      ? oauth.clientCredentialsGrantRequest(as, client(settings), auth, all, options)
      : oauth.genericTokenEndpointRequest(as, client(settings), auth, grantType, all, options);
  });
  let token: oauth.TokenEndpointResponse;
  try {
    token = await oauth.processGenericTokenEndpointResponse(as, client(settings), response);
  } catch (error) {
    throw await tokenError(error, grantType, response.status);
  }
  return {
    accessToken: token.access_token,
    refreshToken: token.refresh_token,
    expiresAt: tokenExpiry(token.access_token, token.expires_in),
  };
}

// The userinfo claims for an access token, or undefined when the provider has no endpoint.
export async function fetchUserinfo(
  settings: OidcClientSettings,
  accessToken: string,
): Promise<Record<string, unknown> | undefined> {
  const as = await discover(settings);
  if (!as.userinfo_endpoint) return undefined;
  const response = await exchange(as.userinfo_endpoint, () =>
    oauth.userInfoRequest(as, client(settings), accessToken, requestOptions(settings)),
  );
  return oauth
    .processUserInfoResponse(as, client(settings), oauth.skipSubjectCheck, response)
    .catch(() => undefined);
}

// Where to send the browser to end the provider's session too, or undefined if it offers none.
// With the session's ID token as `id_token_hint` the provider knows whose session to end and may
// end it without asking (OpenID Connect RP-Initiated Logout 1.0); the ID token grants no access.
export async function endSessionUrl(
  settings: OidcClientSettings,
  postLogoutRedirectUri: string,
  idTokenHint?: string,
): Promise<string | undefined> {
  const { end_session_endpoint } = await discover(settings).catch(() => ({
    end_session_endpoint: undefined,
  }));
  if (!end_session_endpoint) return undefined;
  const url = new URL(end_session_endpoint);
  url.searchParams.set("client_id", settings.clientId);
  if (idTokenHint) url.searchParams.set("id_token_hint", idTokenHint);
  url.searchParams.set("post_logout_redirect_uri", postLogoutRedirectUri);
  return url.href;
}
