import { setTimeout as sleep } from "node:timers/promises";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { openDashboardDb, type OpenedDashboardDb } from "@/lib/db/client";
import {
  scratchDatabase,
  SCRATCH_SERVER_URL,
  type ScratchDatabase,
} from "@/lib/db/testing/scratch-postgres";
import { sessions, upstreamTokens } from "@/lib/db/schema";
import { OidcError, type TokenGrant } from "./oidc-client";
import { createSession } from "./session-store";
import { createTokenSource, UpstreamTokenError, type TokenSource } from "./token-source";

// A stand-in token endpoint: counts calls, rotates refresh tokens, answers slowly enough for
// concurrent callers to pile up. Only this locking test uses it; the real check uses the archive.
function standInEndpoint() {
  const calls: string[] = [];
  let issued = 0;
  let failWith: Error | undefined;
  return {
    calls,
    failNext(error: Error) {
      failWith = error;
    },
    async refresh(refreshToken: string): Promise<TokenGrant> {
      calls.push(`refresh:${refreshToken}`);
      await sleep(30);
      if (failWith) throw failWith;
      issued += 1;
      return {
        accessToken: `access-${issued}`,
        refreshToken: `refresh-${issued}`,
        expiresAt: new Date(Date.now() + 300_000),
      };
    },
    async clientCredentials(): Promise<TokenGrant> {
      calls.push("client_credentials");
      await sleep(30);
      if (failWith) throw failWith;
      issued += 1;
      return { accessToken: `service-${issued}`, expiresAt: new Date(Date.now() + 300_000) };
    },
  };
}

const identity = {
  sub: "archivist",
  name: "Ada",
  roles: ["archivist"],
  tenants: ["demo"],
  tenant: "demo",
};

// PGlite always; PostgreSQL too when ARCHIVE_TEST_DATABASE_URL names a server (as in CI), where the two
// instances hold separate connection pools and really contend for the row lock.
const databases = [
  { name: "PGlite", url: undefined },
  ...(SCRATCH_SERVER_URL ? [{ name: "PostgreSQL", url: "scratch" }] : []),
];

describe.each(databases)("upstream token source on $name", ({ url }) => {
  let opened: OpenedDashboardDb;
  let other: OpenedDashboardDb;
  let scratch: ScratchDatabase | undefined;
  let endpoint: ReturnType<typeof standInEndpoint>;
  // Two sources stand for two dashboard instances.
  let first: TokenSource;
  let second: TokenSource;

  beforeAll(async () => {
    scratch = url ? await scratchDatabase() : undefined;
    opened = await openDashboardDb({ databaseUrl: scratch?.url });
    other = scratch ? await openDashboardDb({ databaseUrl: scratch.url }) : opened;
    // Creating a PGlite database takes seconds, more on a busy machine.
  }, 120_000);
  afterAll(async () => {
    await opened.close();
    if (other !== opened) await other.close();
    await scratch?.drop();
  });

  beforeEach(async () => {
    endpoint = standInEndpoint();
    const options = {
      marginMs: 30_000,
      refresh: endpoint.refresh,
      clientCredentials: endpoint.clientCredentials,
    };
    first = createTokenSource({ db: opened.db, ...options });
    second = createTokenSource({ db: other.db, ...options });
  });

  // Signs in with a 5-minute token that has `expiresInMs` left.
  async function signIn(expiresInMs: number) {
    const expiresAt = new Date(Date.now() + expiresInMs);
    const id = await createSession(opened.db, identity, {
      accessToken: "access-0",
      refreshToken: "refresh-0",
      expiresAt,
    });
    await opened.db
      .update(upstreamTokens)
      .set({ renewedAt: new Date(expiresAt.getTime() - 300_000) })
      .where(eq(upstreamTokens.key, id));
    return id;
  }

  it("hands out a token that is still valid without asking the identity provider", async () => {
    const id = await signIn(120_000);
    expect(await first.forSession(id)).toBe("access-0");
    expect(endpoint.calls).toEqual([]);
  });

  it("renews once however many requests of however many instances need it at the same time", async () => {
    const id = await signIn(10_000); // inside the 30 s margin
    const tokens = await Promise.all([
      ...Array.from({ length: 10 }, () => first.forSession(id)),
      ...Array.from({ length: 10 }, () => second.forSession(id)),
    ]);
    expect(new Set(tokens)).toEqual(new Set(["access-1"]));
    expect(endpoint.calls).toEqual(["refresh:refresh-0"]);
  });

  it("remembering tokens for a moment, reads a burst's token once and still renews once across instances", async () => {
    const clock = { now: Date.now() };
    const options = {
      marginMs: 30_000,
      refresh: endpoint.refresh,
      clientCredentials: endpoint.clientCredentials,
      now: () => clock.now,
      rememberMs: 2_000,
    };
    const [a, b] = [
      createTokenSource({ db: opened.db, ...options }),
      createTokenSource({ db: other.db, ...options }),
    ];
    const id = await signIn(30_500); // just outside the 30 s margin
    expect(await a.forSession(id)).toBe("access-0");
    expect(await b.forSession(id)).toBe("access-0");
    // A moment later the remembered token is inside the margin: renewed, not handed out again.
    clock.now += 1_000;
    const tokens = await Promise.all([
      ...Array.from({ length: 10 }, () => a.forSession(id)),
      ...Array.from({ length: 10 }, () => b.forSession(id)),
    ]);
    expect(new Set(tokens)).toEqual(new Set(["access-1"]));
    expect(endpoint.calls).toEqual(["refresh:refresh-0"]);
    // The renewed token is remembered by the instance that renewed it.
    await opened.db.delete(upstreamTokens).where(eq(upstreamTokens.key, id));
    const renewedBy = await Promise.all(
      [a, b].map((source) => source.forSession(id).catch(() => "read again")),
    );
    expect(renewedBy).toContain("access-1");
  });

  it("reads a session's row once for a burst of requests that find no token remembered", async () => {
    const id = await signIn(120_000);
    const source = createTokenSource({
      db: opened.db,
      marginMs: 30_000,
      refresh: endpoint.refresh,
      clientCredentials: endpoint.clientCredentials,
      rememberMs: 2_000,
    });
    const select = vi.spyOn(opened.db, "select");
    try {
      const tokens = await Promise.all(Array.from({ length: 20 }, () => source.forSession(id)));
      expect(new Set(tokens)).toEqual(new Set(["access-0"]));
      expect(select).toHaveBeenCalledTimes(1);
    } finally {
      select.mockRestore();
    }
  });

  it("does not renew a short-lived token on every call: the margin shrinks to a quarter of its lifetime", async () => {
    // A 20-second token with 15 s left, well inside the 30 s margin but in the first quarter of its life.
    const expiresAt = new Date(Date.now() + 15_000);
    const id = await createSession(opened.db, identity, {
      accessToken: "access-0",
      refreshToken: "refresh-0",
      expiresAt,
    });
    await opened.db
      .update(upstreamTokens)
      .set({ renewedAt: new Date(expiresAt.getTime() - 20_000) })
      .where(eq(upstreamTokens.key, id));
    expect(await first.forSession(id)).toBe("access-0");
    expect(endpoint.calls).toEqual([]);
  });

  it("keeps the rotated refresh token for the next renewal", async () => {
    const id = await signIn(-1_000);
    expect(await first.forSession(id)).toBe("access-1");
    await opened.db
      .update(upstreamTokens)
      .set({ expiresAt: new Date(0) })
      .where(eq(upstreamTokens.key, id));
    expect(await second.forSession(id)).toBe("access-2");
    expect(endpoint.calls).toEqual(["refresh:refresh-0", "refresh:refresh-1"]);
    const [row] = await opened.db.select().from(upstreamTokens).where(eq(upstreamTokens.key, id));
    expect(row?.refreshToken).toBe("refresh-2");
  });

  it("ends the session when the identity provider refuses the refresh token", async () => {
    const id = await signIn(-1_000);
    endpoint.failNext(new OidcError("invalid_grant", "refused", 400));
    const error = await first.forSession(id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamTokenError);
    expect(error).toMatchObject({ code: "session_ended" });
    const [row] = await opened.db.select().from(sessions).where(eq(sessions.id, id));
    expect(row).toMatchObject({ endReason: "refresh-failed" });
    expect(row?.endedAt).toBeInstanceOf(Date);
    expect(await opened.db.select().from(upstreamTokens).where(eq(upstreamTokens.key, id))).toEqual(
      [],
    );
    await expect(second.forSession(id)).rejects.toMatchObject({ code: "session_ended" });
  });

  it("keeps the session when the identity provider is only unreachable", async () => {
    const id = await signIn(-1_000);
    endpoint.failNext(
      new OidcError("unavailable", "The identity provider is unreachable (http://idp)."),
    );
    await expect(first.forSession(id)).rejects.toMatchObject({ code: "unavailable" });
    const [row] = await opened.db.select().from(sessions).where(eq(sessions.id, id));
    expect(row?.endedAt).toBeNull();
    const [token] = await opened.db.select().from(upstreamTokens).where(eq(upstreamTokens.key, id));
    expect(token?.refreshToken).toBe("refresh-0");
  });

  it("fetches one service token for all callers and instances and reuses it until it nears expiry", async () => {
    const tokens = await Promise.all([
      ...Array.from({ length: 10 }, () => first.forService()),
      ...Array.from({ length: 10 }, () => second.forService()),
    ]);
    expect(new Set(tokens).size).toBe(1);
    expect(await first.forService()).toBe(tokens[0]);
    expect(endpoint.calls).toEqual(["client_credentials"]);

    await opened.db
      .update(upstreamTokens)
      .set({ expiresAt: new Date(Date.now() + 5_000), renewedAt: new Date(Date.now() - 295_000) })
      .where(eq(upstreamTokens.key, "service"));
    const third = createTokenSource({
      db: opened.db,
      marginMs: 30_000,
      refresh: endpoint.refresh,
      clientCredentials: endpoint.clientCredentials,
    });
    const renewed = await third.forService();
    expect(renewed).not.toBe(tokens[0]);
    expect(endpoint.calls).toEqual(["client_credentials", "client_credentials"]);
  });
});
