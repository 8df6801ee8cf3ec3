// The token source against the embedded archive's real identity provider: real sign-in, real
// refresh-token rotation, real client credentials, counted by the provider itself.
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  signInWithCode,
  startIdentityServer,
  type IdentityServer,
} from "@scriptorium/archive/testing";
import { openDashboardDb, type OpenedDashboardDb } from "@/lib/db/client";
import { sessions, upstreamTokens } from "@/lib/db/schema";
import { requestToken, type OidcClientSettings } from "./oidc-client";
import { createSession } from "./session-store";
import { createTokenSource, type TokenSource } from "./token-source";

// A port the operating system hands out, so the test never takes a port someone else uses.
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
let dashboard: OpenedDashboardDb;
let settings: OidcClientSettings;

beforeAll(async () => {
  dataDir = await mkdtemp("/tmp/scriptorium-token-renewal-");
  const port = await freePort();
  server = await startIdentityServer({ dataDir, firstPort: port, lastPort: port });
  dashboard = await openDashboardDb({});
  settings = {
    issuer: `${server.url}/oidc`,
    clientId: "scriptorium",
    clientSecret: "scriptorium-secret",
    timeoutMs: 10_000,
  };
  // Two PGlite databases are created here: seconds each, more on a busy machine.
}, 180_000);

afterAll(async () => {
  await dashboard?.close();
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

interface TokenStats {
  refresh_token: number;
  client_credentials: number;
}
const stats = async () =>
  (await (await fetch(`${server.url}/_archive/token-stats`)).json()) as TokenStats;
const whoami = (token: string) =>
  fetch(`${server.url}/api/whoami`, { headers: { authorization: `Bearer ${token}` } });

function instance(): TokenSource {
  return createTokenSource({
    db: dashboard.db,
    marginMs: 30_000,
    refresh: (refreshToken) =>
      requestToken(settings, { grant_type: "refresh_token", refresh_token: refreshToken }),
    clientCredentials: () => requestToken(settings, { grant_type: "client_credentials" }),
  });
}

async function signedInSession(username: string): Promise<string> {
  const tokens = await signInWithCode({
    archiveUrl: server.url,
    clientId: "scriptorium",
    clientSecret: "scriptorium-secret",
    redirectUri: "http://localhost:3000/api/auth/callback/oidc",
    username,
    password: username,
  });
  const expiresAt = new Date(Date.now() + 10_000);
  const id = await createSession(
    dashboard.db,
    { sub: username, name: username, roles: [], tenants: ["demo"], tenant: "demo" },
    { accessToken: tokens.access_token, refreshToken: tokens.refresh_token, expiresAt },
  );
  // Already inside the renewal margin, as a 5-minute token is after four minutes and 50 seconds.
  await dashboard.db
    .update(upstreamTokens)
    .set({ renewedAt: new Date(expiresAt.getTime() - 300_000) })
    .where(eq(upstreamTokens.key, id));
  return id;
}

describe("user mode against the archive", () => {
  let first: TokenSource;
  let second: TokenSource;
  beforeEach(() => {
    first = instance();
    second = instance();
  });

  it("renews an expiring token once for many concurrent requests on two instances", async () => {
    const id = await signedInSession("archivist");
    const before = await stats();
    const tokens = await Promise.all(
      Array.from({ length: 16 }, (_, i) => (i % 2 ? first : second).forSession(id)),
    );
    expect(new Set(tokens).size).toBe(1);
    expect((await stats()).refresh_token - before.refresh_token).toBe(1);
    const response = await whoami(tokens[0] ?? "");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ sub: "archivist", tenants: ["demo"] });
  });

  it("stores the rotated refresh token, and a replayed old one ends the session", async () => {
    const id = await signedInSession("admin");
    const [original] = await dashboard.db
      .select()
      .from(upstreamTokens)
      .where(eq(upstreamTokens.key, id));
    await first.forSession(id);
    const [renewed] = await dashboard.db
      .select()
      .from(upstreamTokens)
      .where(eq(upstreamTokens.key, id));
    expect(renewed?.refreshToken).toBeTruthy();
    expect(renewed?.refreshToken).not.toBe(original?.refreshToken);

    // The next renewal with the stored (rotated) token works...
    await dashboard.db
      .update(upstreamTokens)
      .set({ expiresAt: new Date(0) })
      .where(eq(upstreamTokens.key, id));
    await expect(second.forSession(id)).resolves.toMatch(/^eyJ/);

    // ...while the superseded one is refused: the provider says invalid_grant, the session ends.
    await dashboard.db
      .update(upstreamTokens)
      .set({ refreshToken: original?.refreshToken, expiresAt: new Date(0) })
      .where(eq(upstreamTokens.key, id));
    await expect(first.forSession(id)).rejects.toMatchObject({ code: "session_ended" });
    const [row] = await dashboard.db.select().from(sessions).where(eq(sessions.id, id));
    expect(row?.endReason).toBe("refresh-failed");
  });
});

describe("service mode against the archive", () => {
  it("fetches one client-credentials token for every caller and keeps it until it nears expiry", async () => {
    const before = await stats();
    const [a, b] = [instance(), instance()];
    const tokens = await Promise.all(
      Array.from({ length: 16 }, (_, i) => (i % 2 ? a : b).forService()),
    );
    expect(new Set(tokens).size).toBe(1);
    expect(await a.forService()).toBe(tokens[0]);
    expect((await stats()).client_credentials - before.client_credentials).toBe(1);
    const response = await whoami(tokens[0] ?? "");
    expect(await response.json()).toMatchObject({ sub: "scriptorium" });
  });
});
