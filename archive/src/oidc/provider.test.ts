// The identity provider over real HTTP, on a fresh PGlite database: discovery, both grants, the
// sign-in page, refresh rotation, the API check and a restart.
import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import {
  createRemoteJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  jwtVerify,
  SignJWT,
  importJWK,
  type JWK,
} from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  browse,
  CookieJar,
  signInWithCode,
  startAuthorization,
  submitLogin,
  tokenRequest,
  type CodeFlowOptions,
} from "./testing/code-flow";
import { startIdentityServer, type IdentityServer } from "./testing/identity-server";

const ports = { firstPort: 4100, lastPort: 4199 };
const redirectUri = "http://localhost:3000/api/auth/callback/oidc";
let dataDir: string;
let server: IdentityServer;

beforeAll(async () => {
  dataDir = await mkdtemp("/tmp/identity-provider-");
  server = await startIdentityServer({ dataDir, ...ports });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const dashboard = (username: string, password = username): CodeFlowOptions => ({
  archiveUrl: server.url,
  clientId: "scriptorium",
  clientSecret: "scriptorium-secret",
  redirectUri,
  username,
  password,
});
const stats = async () =>
  (await (await fetch(`${server.url}/_archive/token-stats`)).json()) as Record<string, number>;
const whoami = (token: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/api/whoami`, { headers: { authorization: `Bearer ${token}`, ...headers } });

describe("discovery", () => {
  it("advertises the /oidc issuer and endpoints under /oidc", async () => {
    const response = await fetch(`${server.url}/oidc/.well-known/openid-configuration`);
    const doc = (await response.json()) as Record<string, unknown>;
    expect(doc.issuer).toBe(`${server.url}/oidc`);
    for (const name of [
      "authorization_endpoint",
      "token_endpoint",
      "jwks_uri",
      "end_session_endpoint",
      "userinfo_endpoint",
    ]) {
      expect(doc[name]).toMatch(new RegExp(`^${server.url}/oidc/`));
    }
    expect(doc.grant_types_supported).toEqual(
      expect.arrayContaining(["authorization_code", "refresh_token", "client_credentials"]),
    );
    expect(doc.code_challenge_methods_supported).toEqual(["S256"]);
  });

  it("advertises the public URL even when reached under another host name", async () => {
    const direct = server.url.replace("localhost", "127.0.0.1");
    const doc = (await (
      await fetch(`${direct}/oidc/.well-known/openid-configuration`)
    ).json()) as Record<string, unknown>;
    expect(doc.token_endpoint).toBe(`${server.url}/oidc/token`);
  });
});

describe("client credentials", () => {
  it("gives a script an RS256 JWT for the archive carrying its roles and tenants, valid 300 s", async () => {
    const tokens = await tokenRequest(server.url, "demo-archivist", "demo-archivist-secret", {
      grant_type: "client_credentials",
    });
    expect(tokens).toMatchObject({ token_type: "Bearer", expires_in: 300 });
    expect(tokens.refresh_token).toBeUndefined();
    expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({
      alg: "RS256",
      typ: "at+jwt",
    });
    const jwks = createRemoteJWKSet(new URL(`${server.url}/oidc/jwks`));
    const { payload } = await jwtVerify(tokens.access_token, jwks, {
      issuer: `${server.url}/oidc`,
      audience: server.url,
    });
    expect(payload).toMatchObject({
      sub: "demo-archivist",
      client_id: "demo-archivist",
      preferred_username: "demo-archivist",
      roles: ["archivist"],
      tenants: ["demo"],
      tenant: "demo",
      scope: "ingest preservation",
    });
    expect(payload.exp! - payload.iat!).toBe(300);
    expect(payload.jti).toEqual(expect.any(String));
    expect(payload.name).toEqual(expect.any(String));
  });

  it("names the granted scope in the token response when it differs from the one asked (RFC 6749 5.1)", async () => {
    const none = await tokenRequest(server.url, "demo-archivist", "demo-archivist-secret", {
      grant_type: "client_credentials",
    });
    expect(none.scope).toBe("ingest preservation");
    expect(decodeJwt(none.access_token).scope).toBe(none.scope);
    const some = await tokenRequest(server.url, "demo-archivist", "demo-archivist-secret", {
      grant_type: "client_credentials",
      scope: "ingest",
    });
    expect(some.scope).toBe("ingest");
    expect(decodeJwt(some.access_token).scope).toBe("ingest");
  });

  it("refuses a wrong client secret", async () => {
    await expect(
      tokenRequest(server.url, "demo-admin", "wrong-secret", { grant_type: "client_credentials" }),
    ).rejects.toThrow(/401 invalid_client/);
  });

  it("honours ARCHIVE_TOKEN_TTL", async () => {
    const short = await startIdentityServer({
      dataDir,
      ...ports,
      database: server.database,
      env: { ARCHIVE_TOKEN_TTL: "42" },
    });
    try {
      const tokens = await tokenRequest(short.url, "demo-admin", "demo-admin-secret", {
        grant_type: "client_credentials",
      });
      expect(tokens.expires_in).toBe(42);
      const payload = decodeJwt(tokens.access_token);
      expect(payload.exp! - payload.iat!).toBe(42);
    } finally {
      await short.close();
    }
  });
});

describe("authorization code with PKCE", () => {
  it("signs a user in and gives access, refresh and ID tokens carrying who they are", async () => {
    const before = await stats();
    const tokens = await signInWithCode(dashboard("admin"));
    expect(tokens.refresh_token).toEqual(expect.any(String));
    expect(tokens.expires_in).toBe(300);
    expect(decodeJwt(tokens.access_token)).toMatchObject({
      sub: "admin",
      client_id: "scriptorium",
      name: "Alan Admin",
      preferred_username: "admin",
      roles: ["admin", "archivist"],
      tenants: ["demo", "research"],
      tenant: "demo",
      aud: server.url,
      iss: `${server.url}/oidc`,
    });
    expect(decodeJwt(tokens.id_token!)).toMatchObject({
      sub: "admin",
      aud: "scriptorium",
      name: "Alan Admin",
      email: "admin@scriptorium.example",
      roles: ["admin", "archivist"],
      tenants: ["demo", "research"],
    });
    expect((await stats()).authorization_code).toBe(before.authorization_code! + 1);
    const me = await fetch(`${server.url}/oidc/me`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(await me.json()).toMatchObject({
      sub: "admin",
      name: "Alan Admin",
      roles: ["admin", "archivist"],
    });
  });

  it("rotates the refresh token, refuses the used one, and counts exactly one renewal", async () => {
    const first = await signInWithCode(dashboard("archivist"));
    const before = await stats();
    const renewed = await tokenRequest(server.url, "scriptorium", "scriptorium-secret", {
      grant_type: "refresh_token",
      refresh_token: first.refresh_token!,
    });
    expect(renewed.refresh_token).toEqual(expect.any(String));
    expect(renewed.refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(renewed.access_token)).toMatchObject({ sub: "archivist", tenants: ["demo"] });
    expect((await stats()).refresh_token).toBe(before.refresh_token! + 1);
    await expect(
      tokenRequest(server.url, "scriptorium", "scriptorium-secret", {
        grant_type: "refresh_token",
        refresh_token: first.refresh_token!,
      }),
    ).rejects.toThrow(/invalid_grant/);
  });

  it("shows the sign-in form with the demo users, and on a wrong password an error that keeps the username", async () => {
    const jar = new CookieJar();
    const { loginUrl } = await startAuthorization(jar, dashboard("admin"));
    expect(loginUrl).toMatch(new RegExp(`^${server.url}/oidc/interaction/`));
    const page = await browse(jar, loginUrl);
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/<label for="username">Username<\/label>\s*<input id="username"/);
    expect(page.body).toMatch(/<label for="password">Password<\/label>\s*<input id="password"/);
    expect(page.body).toContain("<code>admin2</code>");
    expect(page.body).not.toMatch(/https?:\/\/(?!localhost)/);

    const wrong = await submitLogin(jar, loginUrl, "admin", "not-the-password");
    expect(wrong.status).toBe(200);
    expect(wrong.location).toBeNull();
    expect(wrong.body).toContain('role="alert"');
    expect(wrong.body).toContain("The username or password is wrong.");
    expect(wrong.body).toContain('value="admin"');

    const right = await submitLogin(jar, loginUrl, "admin", "admin");
    expect(right.status).toBe(303);
    expect(right.location).toMatch(new RegExp(`^${server.url}/oidc/auth/`));
  });
});

describe("sign-out", () => {
  const signInPage = "http://localhost:3000/sign-in";
  const endUrl = (params: Record<string, string>) => {
    const end = new URL(`${server.url}/oidc/session/end`);
    end.search = new URLSearchParams(params).toString();
    return end;
  };
  const submit = (jar: CookieJar, end: URL, body: string, fields: Record<string, string>) => {
    const action = /action="([^"]+)"/.exec(body)?.[1] ?? "";
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(body)?.[1] ?? "";
    return browse(jar, new URL(action.replace(/&#38;/g, "&"), end).href, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ xsrf, ...fields }).toString(),
    });
  };

  it("with the session's ID token as hint, signs out without asking", async () => {
    const jar = new CookieJar();
    const tokens = await signInWithCode(dashboard("archivist"), jar);
    const end = endUrl({ id_token_hint: tokens.id_token!, post_logout_redirect_uri: signInPage });
    const page = await browse(jar, end.href);
    expect(page.status).toBe(200);
    expect(page.body).not.toContain("Stay signed in");
    expect(page.body).toContain('<input type="hidden" name="logout" value="yes">');
    // The page submits itself with the one script its policy allows.
    const script = /<script>([^<]+)<\/script>/.exec(page.body)?.[1] ?? "";
    const hash = createHash("sha256").update(script).digest("base64");
    expect(page.headers.get("content-security-policy")).toContain(`'sha256-${hash}'`);
    const done = await submit(jar, end, page.body, { logout: "yes" });
    expect(done.location).toBe(signInPage);
    await expect(
      tokenRequest(server.url, "scriptorium", "scriptorium-secret", {
        grant_type: "refresh_token",
        refresh_token: tokens.refresh_token!,
      }),
    ).rejects.toThrow(/invalid_grant/);
  });

  it("without a hint, or with another account's, asks before ending the session", async () => {
    const jar = new CookieJar();
    await signInWithCode(dashboard("archivist"), jar);
    const other = await signInWithCode(dashboard("admin"), new CookieJar());
    const asked: Record<string, string>[] = [
      { client_id: "scriptorium", post_logout_redirect_uri: signInPage },
      { id_token_hint: other.id_token!, post_logout_redirect_uri: signInPage },
    ];
    for (const params of asked) {
      const page = await browse(jar, endUrl(params).href);
      expect(page.status).toBe(200);
      expect(page.body).toContain("Stay signed in");
      expect(page.body).not.toContain("<script>");
    }
    const end = endUrl({ client_id: "scriptorium", post_logout_redirect_uri: signInPage });
    const confirm = await browse(jar, end.href);
    const done = await submit(jar, end, confirm.body, { logout: "yes" });
    expect(done.location).toBe(signInPage);
  });
});

describe("the API check", () => {
  it("accepts the provider's tokens and lets the tenant header pick a tenant of the caller", async () => {
    const { access_token } = await tokenRequest(server.url, "demo-admin", "demo-admin-secret", {
      grant_type: "client_credentials",
    });
    const caller = await server.identity.authenticate(
      new Headers({ authorization: `Bearer ${access_token}` }),
    );
    expect(caller).toMatchObject({
      sub: "demo-admin",
      clientId: "demo-admin",
      tenant: "demo",
      roles: ["admin", "archivist"],
    });
    const research = await whoami(access_token, { "X-Docbyte-Repository": "research" });
    expect(await research.json()).toMatchObject({ tenant: "research" });
  });

  it("answers 401 or 403 with { code, message }", async () => {
    const missing = await fetch(`${server.url}/api/whoami`);
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(await missing.json()).toEqual({
      code: "NOT_AUTHORIZED",
      message: expect.stringMatching(/no access token/),
    });

    const { access_token } = await tokenRequest(
      server.url,
      "demo-archivist",
      "demo-archivist-secret",
      { grant_type: "client_credentials" },
    );
    const elsewhere = await whoami(access_token, { "X-Vendor-Repository": "research" });
    expect(elsewhere.status).toBe(403);
    expect(await elsewhere.json()).toMatchObject({ code: "NO_PERMISSION" });
  });

  it("refuses a token signed with the archive's own key after it expired", async () => {
    const { keys } = JSON.parse(await readFile(`${dataDir}/keys/jwks.json`, "utf8")) as {
      keys: JWK[];
    };
    const jwk = keys[0]!;
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({
      client_id: "demo-admin",
      tenants: ["demo"],
      tenant: "demo",
    })
      .setProtectedHeader({ alg: "RS256", typ: "at+jwt", kid: jwk.kid! })
      .setSubject("demo-admin")
      .setIssuer(`${server.url}/oidc`)
      .setAudience(server.url)
      .setIssuedAt(now - 400)
      .setExpirationTime(now - 60)
      .sign(await importJWK(jwk, "RS256"));
    const response = await whoami(expired);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: expect.stringMatching(/expired/) });
  });
});

describe("restart", () => {
  it("keeps keys, sessions and refresh tokens", async () => {
    const tokens = await signInWithCode(dashboard("admin2"));
    const port = new URL(server.url).port;
    await server.close();
    server = await startIdentityServer({
      dataDir,
      firstPort: Number(port),
      lastPort: Number(port),
    });

    expect((await stat(`${dataDir}/keys/jwks.json`)).mode & 0o777).toBe(0o600);
    expect((await stat(`${dataDir}/keys/cookie-keys.json`)).mode & 0o777).toBe(0o600);
    expect((await whoami(tokens.access_token)).status).toBe(200);
    const renewed = await tokenRequest(server.url, "scriptorium", "scriptorium-secret", {
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token!,
    });
    expect(decodeJwt(renewed.access_token)).toMatchObject({
      sub: "admin2",
      name: "Grace Second Admin",
    });
    expect(await stats()).toMatchObject({ refresh_token: 1, authorization_code: 0 });
  }, 60_000);
});
