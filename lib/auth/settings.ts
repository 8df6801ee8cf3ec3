import "server-only";
// Authentication settings derived from the validated environment, read at request time so
// `next build` needs no runtime configuration.
import { env } from "@/lib/env";
import type { ClaimNames } from "./claims";
import type { OidcClientSettings } from "./oidc-client";
import { sessionLimits, type SessionLimits } from "./session-rules";

// Renew an upstream token when less than this is left of it.
export const TOKEN_MARGIN_MS = 30_000;

// The identity provider as the token source and sign-out call it.
export function oidcSettings(): OidcClientSettings {
  return {
    issuer: env.OIDC_ISSUER,
    clientId: env.OIDC_CLIENT_ID,
    clientSecret: env.OIDC_CLIENT_SECRET,
    timeoutMs: env.UPSTREAM_TIMEOUT_MS,
  };
}

// Which claims carry roles and tenants (names or dotted paths).
export function claimNames(): ClaimNames {
  return { roles: env.OIDC_ROLES_CLAIM, tenants: env.OIDC_TENANTS_CLAIM };
}

// The configured idle and absolute session limits.
export function limits(): SessionLimits {
  return sessionLimits(env.SESSION_IDLE_MINUTES, env.SESSION_ABSOLUTE_HOURS);
}

// The name on the sign-in button: the embedded archive by name, any other issuer by its host.
export function issuerDisplayName(): string {
  return env.embeddedArchive ? "the Scriptorium archive" : new URL(env.OIDC_ISSUER).host;
}

// Absolute URL of a dashboard path, for redirects the identity provider must match exactly.
export function appUrl(pathname: string): string {
  return new URL(pathname, `${env.APP_URL}/`).href;
}
