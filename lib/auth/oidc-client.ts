import "server-only";
// Calls to the identity provider outside next-auth's sign-in: discovery, token renewal,
// client credentials, userinfo and the end-session URL. Any standard OIDC provider works.
import { decodeJwt } from "jose";
import { z } from "zod";

export interface OidcClientSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
}

const metadataSchema = z.looseObject({
  issuer: z.string(),
  token_endpoint: z.url(),
  userinfo_endpoint: z.url().optional(),
  end_session_endpoint: z.url().optional(),
});
export type IssuerMetadata = z.infer<typeof metadataSchema>;

const tokenSchema = z.looseObject({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires_in: z.coerce.number().positive().optional(),
});

const errorSchema = z.looseObject({ error: z.string(), error_description: z.string().optional() });

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

const cache = globalThis as typeof globalThis & {
  __scriptoriumIssuerMetadata?: Map<string, { at: number; metadata: Promise<IssuerMetadata> }>;
};

async function fetchJson(url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs), cache: "no-store" });
  } catch (error) {
    const reason =
      error instanceof Error && error.name === "TimeoutError" ? "timed out" : "is unreachable";
    throw new OidcError("unavailable", `The identity provider ${reason} (${new URL(url).origin}).`);
  }
}

// The issuer's discovery document, cached for an hour per process.
export async function discover(settings: OidcClientSettings): Promise<IssuerMetadata> {
  const store = (cache.__scriptoriumIssuerMetadata ??= new Map());
  const hit = store.get(settings.issuer);
  if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.metadata;
  const metadata = (async () => {
    const url = `${settings.issuer.replace(/\/$/, "")}/.well-known/openid-configuration`;
    const response = await fetchJson(url, {}, settings.timeoutMs);
    const parsed = metadataSchema.safeParse(
      response.ok ? await response.json().catch(() => null) : null,
    );
    if (!parsed.success) {
      throw new OidcError(
        "unavailable",
        `The identity provider's discovery document at ${url} is unusable (HTTP ${response.status}).`,
      );
    }
    return parsed.data;
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

function basicAuth(clientId: string, clientSecret: string): string {
  // RFC 6749 2.3.1: form-encode before base64, as next-auth does for the code exchange.
  const encode = (s: string) => encodeURIComponent(s).replace(/%20/g, "+");
  return `Basic ${Buffer.from(`${encode(clientId)}:${encode(clientSecret)}`).toString("base64")}`;
}

// POSTs a grant to the token endpoint (client_secret_basic).
export async function requestToken(
  settings: OidcClientSettings,
  params: Record<string, string>,
): Promise<TokenGrant> {
  const { token_endpoint } = await discover(settings);
  const response = await fetchJson(
    token_endpoint,
    {
      method: "POST",
      headers: {
        authorization: basicAuth(settings.clientId, settings.clientSecret),
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
      },
      body: new URLSearchParams(params).toString(),
    },
    settings.timeoutMs,
  );
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = errorSchema.safeParse(body);
    const code = error.success ? error.data.error : "unavailable";
    const detail =
      error.success && error.data.error_description ? `: ${error.data.error_description}` : "";
    throw new OidcError(
      code,
      `The identity provider refused the ${params.grant_type} grant (${code}${detail}).`,
      response.status,
    );
  }
  const parsed = tokenSchema.safeParse(body);
  if (!parsed.success) {
    throw new OidcError(
      "unavailable",
      "The identity provider answered the token request without an access token.",
    );
  }
  return {
    accessToken: parsed.data.access_token,
    refreshToken: parsed.data.refresh_token,
    expiresAt: tokenExpiry(parsed.data.access_token, parsed.data.expires_in),
  };
}

// The userinfo claims for an access token, or undefined when the provider has no endpoint.
export async function fetchUserinfo(
  settings: OidcClientSettings,
  accessToken: string,
): Promise<Record<string, unknown> | undefined> {
  const { userinfo_endpoint } = await discover(settings);
  if (!userinfo_endpoint) return undefined;
  const response = await fetchJson(
    userinfo_endpoint,
    { headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" } },
    settings.timeoutMs,
  );
  if (!response.ok) return undefined;
  const body: unknown = await response.json().catch(() => undefined);
  return typeof body === "object" && body !== null ? (body as Record<string, unknown>) : undefined;
}

// Where to send the browser to end the provider's session too, or undefined if it offers none.
// It names the client instead of sending id_token_hint, so no token ever travels to the browser.
export async function endSessionUrl(
  settings: OidcClientSettings,
  postLogoutRedirectUri: string,
): Promise<string | undefined> {
  const { end_session_endpoint } = await discover(settings).catch(() => ({
    end_session_endpoint: undefined,
  }));
  if (!end_session_endpoint) return undefined;
  const url = new URL(end_session_endpoint);
  url.searchParams.set("client_id", settings.clientId);
  url.searchParams.set("post_logout_redirect_uri", postLogoutRedirectUri);
  return url.href;
}
