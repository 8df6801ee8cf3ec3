// Scripts the authorization-code + PKCE flow with fetch, as a browser would: follows redirects
// by hand, keeps cookies and posts the sign-in form. For tests against a running archive.
import { createHash, randomBytes } from "node:crypto";

// A minimal cookie jar: one origin, paths ignored (the provider's cookie names do not clash).
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some(
        (a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a),
      );
      if (expired || !value) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

export interface CodeFlowOptions {
  // The archive's origin, e.g. http://localhost:4000.
  archiveUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  username: string;
  password: string;
  scope?: string;
}

export interface TokenResponse {
  access_token: string;
  refresh_token?: string;
  id_token?: string;
  expires_in: number;
  token_type: string;
  scope?: string;
}

// What a browser sees along the way, so tests can look at each step.
export interface BrowserStep {
  url: string;
  status: number;
  location: string | null;
  headers: Headers;
  body: string;
}

// Sends one request with the jar's cookies, stores the answer's cookies, never follows redirects.
export async function browse(
  jar: CookieJar,
  url: string,
  init: RequestInit = {},
): Promise<BrowserStep> {
  const headers = new Headers(init.headers);
  const cookie = jar.header();
  if (cookie) headers.set("cookie", cookie);
  const response = await fetch(url, { ...init, headers, redirect: "manual" });
  jar.store(response);
  const location = response.headers.get("location");
  return {
    url,
    status: response.status,
    location: location ? new URL(location, url).href : null,
    headers: response.headers,
    body: await response.text(),
  };
}

// Starts an authorization request and returns the sign-in page's URL and the PKCE verifier.
export async function startAuthorization(jar: CookieJar, options: CodeFlowOptions) {
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const state = randomBytes(8).toString("hex");
  const authorize = new URL(`${options.archiveUrl}/oidc/auth`);
  authorize.search = new URLSearchParams({
    client_id: options.clientId,
    response_type: "code",
    redirect_uri: options.redirectUri,
    scope: options.scope ?? "openid profile email",
    state,
    nonce: randomBytes(8).toString("hex"),
    code_challenge: challenge,
    code_challenge_method: "S256",
  }).toString();
  const first = await browse(jar, authorize.href);
  if (first.status !== 303 || !first.location) {
    throw new Error(
      `The authorization request answered ${first.status}: ${first.body.slice(0, 300)}`,
    );
  }
  return { loginUrl: first.location, verifier, state };
}

// Posts the sign-in form found at loginUrl.
export async function submitLogin(
  jar: CookieJar,
  loginUrl: string,
  username: string,
  password: string,
) {
  const page = await browse(jar, loginUrl);
  const action = /<form method="post" action="([^"]+\/login)"/.exec(page.body)?.[1];
  if (!action) throw new Error(`No sign-in form at ${loginUrl} (status ${page.status}).`);
  return browse(jar, new URL(action.replaceAll("&#38;", "&"), loginUrl).href, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username, password }).toString(),
  });
}

// Runs the whole flow and exchanges the code: access, refresh and ID token.
export async function signInWithCode(
  options: CodeFlowOptions,
  jar = new CookieJar(),
): Promise<TokenResponse> {
  const { loginUrl, verifier, state } = await startAuthorization(jar, options);
  let step = await submitLogin(jar, loginUrl, options.username, options.password);
  for (let hops = 0; step.location && !step.location.startsWith(options.redirectUri); hops++) {
    if (hops > 5) throw new Error("Too many redirects during sign-in.");
    step = await browse(jar, step.location);
  }
  if (!step.location)
    throw new Error(
      `Sign-in did not return to the client (status ${step.status}): ${step.body.slice(0, 300)}`,
    );
  const back = new URL(step.location);
  const code = back.searchParams.get("code");
  if (!code || back.searchParams.get("state") !== state) {
    throw new Error(`The redirect carries no code for this state: ${step.location}`);
  }
  return tokenRequest(options.archiveUrl, options.clientId, options.clientSecret, {
    grant_type: "authorization_code",
    code,
    redirect_uri: options.redirectUri,
    code_verifier: verifier,
  });
}

// POSTs to the token endpoint with client_secret_basic and returns the parsed JSON.
export async function tokenRequest(
  archiveUrl: string,
  clientId: string,
  clientSecret: string,
  params: Record<string, string>,
): Promise<TokenResponse> {
  const response = await fetch(`${archiveUrl}/oidc/token`, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(params).toString(),
  });
  const body = (await response.json()) as TokenResponse & {
    error?: string;
    error_description?: string;
  };
  if (!response.ok)
    throw new Error(`token endpoint: ${response.status} ${body.error}: ${body.error_description}`);
  return body;
}
