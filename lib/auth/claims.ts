// Turns identity-provider claims into the dashboard's user: id, name, roles, tenants.
// Claim names are configuration so Keycloak ("realm_access.roles"), Entra ID ("roles") and the
// embedded archive ("roles", "tenants") all work without code changes.

export type Claims = Record<string, unknown>;

export interface ClaimNames {
  roles: string;
  tenants: string;
}

export interface SignedInIdentity {
  // The provider's `sub`: stable across sign-ins, unlike anything next-auth generates.
  sub: string;
  name: string;
  email?: string;
  roles: string[];
  tenants: string[];
  // The tenant to start in: the provider's own `tenant` claim when the user has it, else the first.
  tenant: string;
}

function isRecord(value: unknown): value is Claims {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// Reads a claim by name, or by dotted path into nested objects. A name that exists as written
// wins, because namespaced claims such as "https://example.org/roles" contain dots themselves.
export function readClaim(claims: Claims | undefined, name: string): unknown {
  if (!claims) return undefined;
  if (Object.hasOwn(claims, name)) return claims[name];
  let current: unknown = claims;
  for (const part of name.split(".")) {
    if (!isRecord(current) || !Object.hasOwn(current, part)) return undefined;
    current = current[part];
  }
  return current;
}

// A claim value as a list of names: arrays as they are, strings split on spaces or commas
// (some providers flatten lists into one string), anything else ignored.
export function claimList(value: unknown): string[] {
  const items = Array.isArray(value)
    ? value
    : typeof value === "string"
      ? value.split(/[\s,]+/)
      : [];
  const names = items
    .filter((item): item is string => typeof item === "string")
    .map((s) => s.trim());
  return [...new Set(names.filter((s) => s !== ""))];
}

function firstString(...values: unknown[]): string | undefined {
  for (const value of values) {
    if (typeof value === "string" && value.trim() !== "") return value.trim();
  }
  return undefined;
}

// The first source that carries the claim decides it, so an ID token that says "no roles"
// is not overruled by a broader access token.
function firstPresent(sources: (Claims | undefined)[], name: string): unknown {
  for (const source of sources) {
    const value = readClaim(source, name);
    if (value !== undefined) return value;
  }
  return undefined;
}

// Whether any source carries both configured claims (so userinfo need not be fetched).
export function hasClaims(sources: (Claims | undefined)[], names: ClaimNames): boolean {
  return (
    firstPresent(sources, names.roles) !== undefined &&
    firstPresent(sources, names.tenants) !== undefined
  );
}

// Builds the identity from claim sources in order of trust: ID token, userinfo, access token.
export function identityFromClaims(
  sources: (Claims | undefined)[],
  names: ClaimNames,
): SignedInIdentity {
  const sub = firstString(...sources.map((s) => s?.sub));
  if (!sub) throw new Error("The identity provider sent no subject (sub) claim.");
  const pick = (name: string) => firstString(...sources.map((s) => readClaim(s, name)));
  const tenants = claimList(firstPresent(sources, names.tenants));
  const preferred = pick("tenant");
  return {
    sub,
    name: pick("name") ?? pick("preferred_username") ?? pick("email") ?? sub,
    email: pick("email"),
    roles: claimList(firstPresent(sources, names.roles)),
    tenants,
    tenant: preferred && tenants.includes(preferred) ? preferred : (tenants[0] ?? ""),
  };
}
