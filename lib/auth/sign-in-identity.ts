import "server-only";
// Who just signed in: claims from the ID token, then userinfo (only when the ID token lacks the
// role or tenant claim), then the access token, which some providers (Keycloak) fill more fully.
import { decodeJwt } from "jose";
import { hasClaims, identityFromClaims, type Claims, type SignedInIdentity } from "./claims";
import { fetchUserinfo, tokenExpiry, type TokenGrant } from "./oidc-client";
import { claimNames, oidcSettings } from "./settings";

// The subset of next-auth's Account that sign-in reads.
export interface SignInAccount {
  access_token?: string;
  refresh_token?: string;
  expires_at?: number;
  id_token?: string;
}

function accessTokenClaims(accessToken: string | undefined): Claims | undefined {
  if (!accessToken) return undefined;
  try {
    return decodeJwt(accessToken);
  } catch {
    return undefined; // An opaque token carries no claims.
  }
}

// Builds the identity of a sign-in from everything the provider sent.
export async function resolveIdentity(
  profile: Claims | undefined,
  account: SignInAccount,
): Promise<SignedInIdentity> {
  const names = claimNames();
  const sources: (Claims | undefined)[] = [profile];
  if (!hasClaims(sources, names) && account.access_token) {
    sources.push(await fetchUserinfo(oidcSettings(), account.access_token).catch(() => undefined));
  }
  sources.push(accessTokenClaims(account.access_token));
  return identityFromClaims(sources, names);
}

// The upstream tokens of a sign-in, as the token store keeps them.
export function signInTokens(account: SignInAccount): TokenGrant | undefined {
  if (!account.access_token) return undefined;
  return {
    accessToken: account.access_token,
    refreshToken: account.refresh_token,
    expiresAt: account.expires_at
      ? new Date(account.expires_at * 1000)
      : tokenExpiry(account.access_token, undefined),
  };
}
