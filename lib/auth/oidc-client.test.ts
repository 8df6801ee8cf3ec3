// The OIDC client against the embedded archive's real identity provider: what callers get back,
// and the sentences they show when the provider refuses or cannot be reached.
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  signInWithCode,
  startIdentityServer,
  type IdentityServer,
} from "@scriptorium/archive/testing";
import {
  discover,
  endSessionUrl,
  fetchUserinfo,
  requestToken,
  type OidcClientSettings,
} from "./oidc-client";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

let dataDir: string;
let server: IdentityServer;
let settings: OidcClientSettings;

beforeAll(async () => {
  dataDir = await mkdtemp("/tmp/scriptorium-oidc-client-");
  const port = await freePort();
  server = await startIdentityServer({ dataDir, firstPort: port, lastPort: port });
  settings = {
    issuer: `${server.url}/oidc`,
    clientId: "scriptorium",
    clientSecret: "scriptorium-secret",
    timeoutMs: 10_000,
  };
}, 180_000);

afterAll(async () => {
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("requestToken", () => {
  it("gets a client-credentials token the provider's resource server accepts", async () => {
    const grant = await requestToken(settings, { grant_type: "client_credentials" });
    expect(grant.expiresAt.getTime()).toBeGreaterThan(Date.now());
    const response = await fetch(`${server.url}/api/whoami`, {
      headers: { authorization: `Bearer ${grant.accessToken}` },
    });
    expect(await response.json()).toMatchObject({ sub: "scriptorium" });
  });

  it("says which grant was refused and why, with the provider's error code", async () => {
    const wrong = { ...settings, clientSecret: "not-the-secret" };
    const failure = requestToken(wrong, { grant_type: "client_credentials" });
    await expect(failure).rejects.toMatchObject({ code: "invalid_client", status: 401 });
    await expect(failure).rejects.toThrow(
      /^The identity provider refused the client_credentials grant \(invalid_client/,
    );
  });

  it("reports a dead refresh token as invalid_grant", async () => {
    const failure = requestToken(settings, {
      grant_type: "refresh_token",
      refresh_token: "no-such-token",
    });
    await expect(failure).rejects.toMatchObject({ code: "invalid_grant", status: 400 });
    await expect(failure).rejects.toThrow(/refused the refresh_token grant \(invalid_grant/);
  });

  it("names the provider's origin when nothing answers there", async () => {
    const port = await freePort();
    const gone = { ...settings, issuer: `http://localhost:${port}/oidc` };
    await expect(requestToken(gone, { grant_type: "client_credentials" })).rejects.toMatchObject({
      code: "unavailable",
      message: `The identity provider is unreachable (http://localhost:${port}).`,
    });
  });
});

describe("discovery", () => {
  it("refuses a document that names another issuer", async () => {
    // The same provider reached under another name: its document names localhost, not 127.0.0.1.
    const other = { ...settings, issuer: settings.issuer.replace("localhost", "127.0.0.1") };
    await expect(discover(other)).rejects.toThrow(
      /^The identity provider's discovery document at http:\/\/127\.0\.0\.1:\d+\/oidc\/\.well-known\/openid-configuration is unusable/,
    );
  });

  it("reports a missing document with its HTTP status", async () => {
    const wrongPath = { ...settings, issuer: `${server.url}/not-oidc` };
    await expect(discover(wrongPath)).rejects.toThrow(/is unusable \(HTTP 404\)\.$/);
  });
});

describe("userinfo and sign-out", () => {
  it("reads a signed-in user's claims from the userinfo endpoint", async () => {
    const tokens = await signInWithCode({
      archiveUrl: server.url,
      clientId: "scriptorium",
      clientSecret: "scriptorium-secret",
      redirectUri: "http://localhost:3000/api/auth/callback/oidc",
      username: "archivist",
      password: "archivist",
    });
    await expect(fetchUserinfo(settings, tokens.access_token)).resolves.toMatchObject({
      sub: "archivist",
    });
    await expect(fetchUserinfo(settings, "not-a-token")).resolves.toBeUndefined();
  });

  it("builds the end-session URL with the client id and, when known, the ID token as hint", async () => {
    const url = new URL((await endSessionUrl(settings, "http://localhost:3000/sign-in")) ?? "");
    expect(url.origin).toBe(server.url);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: "scriptorium",
      post_logout_redirect_uri: "http://localhost:3000/sign-in",
    });
    const hinted = new URL(
      (await endSessionUrl(settings, "http://localhost:3000/sign-in", "id.token.value")) ?? "",
    );
    expect(hinted.searchParams.get("id_token_hint")).toBe("id.token.value");
  });
});
