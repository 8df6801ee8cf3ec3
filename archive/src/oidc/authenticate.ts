// Turns a request's bearer token and tenant header into a Caller, verifying the JWT locally
// against the provider's public keys (no round trip to the provider per request).
import { createLocalJWKSet, errors, jwtVerify, type JSONWebKeySet, type JWTPayload } from "jose";
import type { Caller } from "../http/context";
import { IngestError } from "../http/errors";

// The vendor's own spelling of the tenant header, accepted beside the configured one.
export const VENDOR_TENANT_HEADER = "X-Docbyte-Repository";

export interface AuthenticatorOptions {
  issuer: string;
  audience: string;
  publicJwks: JSONWebKeySet;
  tenantHeader: string;
}

export type Authenticate = (headers: Headers) => Promise<Caller>;

export type VerifyAccessToken = (authorization: string | null) => Promise<JWTPayload>;

// Builds a check of an Authorization header: the verified claims, or IngestError NOT_AUTHORIZED.
export function createTokenVerifier(
  options: Omit<AuthenticatorOptions, "tenantHeader">,
): VerifyAccessToken {
  const keys = createLocalJWKSet(options.publicJwks);
  // Tokens this verifier accepted, by their exact text (signature included), with their claims: a
  // client sends one token with every request until it expires, and the RSA signature check was
  // most of the cost of a small request. Only the expiry can change what a check would say (the
  // keys, issuer and audience are fixed here), so that is checked again at each use.
  const accepted = new Map<string, JWTPayload>();
  return async (authorization) => {
    const token = bearerToken(authorization);
    const known = accepted.get(token);
    if (known && Number(known.exp) > Date.now() / 1000 - CLOCK_TOLERANCE_S) return known;
    accepted.delete(token);
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: ["RS256"],
        typ: "at+jwt",
        clockTolerance: CLOCK_TOLERANCE_S,
        requiredClaims: ["sub", "exp", "iat"],
      }));
    } catch (error) {
      throw new IngestError("NOT_AUTHORIZED", describeFailure(error, options));
    }
    // The oldest goes first; expired ones go when they are next presented.
    if (accepted.size >= ACCEPTED_TOKENS) accepted.delete(accepted.keys().next().value!);
    accepted.set(token, payload);
    return payload;
  };
}

const CLOCK_TOLERANCE_S = 5;
const ACCEPTED_TOKENS = 1000;

// Builds `authenticate(headers)`: a Caller, or IngestError NOT_AUTHORIZED / NO_PERMISSION.
export function createAuthenticator(options: AuthenticatorOptions): Authenticate {
  const verify = createTokenVerifier(options);
  return async (headers) => {
    const payload = await verify(headers.get("authorization"));
    const tenants = stringArray(payload.tenants);
    const tenant = chooseTenant(headers, options.tenantHeader, tenants, payload.tenant);
    return {
      sub: String(payload.sub),
      name: stringOr(payload.name, stringOr(payload.preferred_username, String(payload.sub))),
      clientId: stringOr(payload.client_id, ""),
      roles: stringArray(payload.roles),
      tenants,
      tenant,
    };
  };
}

function bearerToken(header: string | null): string {
  if (!header) {
    throw new IngestError(
      "NOT_AUTHORIZED",
      "The request has no access token: send the header Authorization: Bearer <token>.",
    );
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) {
    throw new IngestError(
      "NOT_AUTHORIZED",
      "The Authorization header is malformed: it must read Bearer <token>.",
    );
  }
  return match[1];
}

// Picks the tenant: the header's choice if the caller belongs to it, else the token's default.
export function chooseTenant(
  headers: Headers,
  headerName: string,
  tenants: string[],
  tokenTenant: unknown,
): string {
  const requested = (headers.get(headerName) ?? headers.get(VENDOR_TENANT_HEADER))?.trim();
  if (requested) {
    if (tenants.includes(requested)) return requested;
    const allowed = tenants.length ? tenants.join(", ") : "none";
    throw new IngestError(
      "NO_PERMISSION",
      `The caller may not act in tenant "${requested}" (its tenants: ${allowed}).`,
    );
  }
  const fallback = typeof tokenTenant === "string" && tokenTenant ? tokenTenant : tenants[0];
  if (!fallback) {
    throw new IngestError(
      "NO_PERMISSION",
      "The access token names no tenant the caller may act in.",
    );
  }
  return fallback;
}

function describeFailure(
  error: unknown,
  options: Pick<AuthenticatorOptions, "issuer" | "audience">,
): string {
  if (error instanceof errors.JWTExpired) return "The access token has expired: fetch a new one.";
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === "iss")
      return `The access token was issued by another issuer (expected ${options.issuer}).`;
    if (error.claim === "aud")
      return `The access token is meant for another audience (expected ${options.audience}).`;
    if (error.claim === "typ") return "The token is not an access token (expected type at+jwt).";
    return `The access token's "${error.claim}" claim is invalid: ${error.reason}.`;
  }
  if (
    error instanceof errors.JWSSignatureVerificationFailed ||
    error instanceof errors.JWKSNoMatchingKey
  ) {
    return "The access token's signature does not match the archive's keys.";
  }
  if (error instanceof errors.JOSEAlgNotAllowed)
    return "The access token must be signed with RS256.";
  return "The access token is malformed: it is not a signed JWT.";
}

function stringArray(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

function stringOr(value: unknown, fallback: string): string {
  return typeof value === "string" && value ? value : fallback;
}
