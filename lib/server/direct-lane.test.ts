// The direct lane in front of a plain Node server standing for `next start`: what it answers itself
// (a known session, a registered route) and what it leaves to the router behind it.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { jsonResponse } from "@/lib/api/json-response";
import type { CheckedSession, SessionRow } from "@/lib/auth/session-store";
import { getSessionCache, resetServer } from "@/lib/server/container";
import {
  answerInDirectLane,
  directLane,
  directLaneSession,
  matchDirectRoute,
  type DirectRoute,
} from "./direct-lane";

describe("matching a path to a direct route", () => {
  const routes: DirectRoute[] = [
    { segments: ["api", "ingest", "sip", "[packageId]", "[name]"], method: "GET", handler: null! },
    { segments: ["api", "preservation", "[operation]"], method: "POST", handler: null! },
  ];

  it("decodes each parameter as one segment", () => {
    expect(matchDirectRoute(routes, "GET", "/api/ingest/sip/a%2Fb/%C3%A9t%C3%A9")).toMatchObject({
      params: { packageId: "a/b", name: "été" },
    });
    expect(matchDirectRoute(routes, "POST", "/api/preservation/RetrieveInfo")).toMatchObject({
      params: { operation: "RetrieveInfo" },
    });
  });

  it.each([
    ["GET", "/api/preservation/RetrieveInfo"],
    ["POST", "/api/preservation/RetrieveInfo/"],
    ["POST", "/api/preservation/../preservation/RetrieveInfo"],
    ["POST", "/api/preservation/%2e%2e"],
    ["POST", "/api//preservation/RetrieveInfo"],
    ["POST", "/api/preservation/%E0"],
    ["POST", "/api/preservation/a\\..\\RetrieveInfo"],
    ["POST", "/api/preservation/a b"],
    ["GET", "/api/ingest/sip/only-one"],
    ["GET", "/objects/x"],
  ])("leaves %s %s to the router", (method, path) => {
    expect(matchDirectRoute(routes, method, path)).toBeNull();
  });
});

// A session as the cache keeps it once next-auth and the database found it valid.
function checked(overrides: Partial<SessionRow> = {}): CheckedSession {
  const now = new Date();
  return {
    row: {
      id: "session-1",
      userId: "ada",
      userName: "Ada",
      email: null,
      roles: ["archivist"],
      tenants: ["demo"],
      tenant: "demo",
      createdAt: now,
      lastSeenAt: now,
      endedAt: null,
      endReason: null,
      endedBy: null,
      idToken: null,
      ...overrides,
    },
    expiresAt: new Date(now.getTime() + 60_000),
  };
}

const COOKIE = "authjs.session-token=sealed-value";

describe("the direct lane in front of a server", () => {
  let server: Server;
  let base: string;
  let routed: string[] = [];

  beforeAll(async () => {
    resetServer();
    server = createServer((request: IncomingMessage, response: ServerResponse) => {
      if (answerInDirectLane(request, response)) return;
      routed.push(`${request.method} ${request.url}`);
      response.writeHead(299).end("router");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    // Stands for a route module: echoes what its handler was given.
    const echo = async (request: Request, segment: { params: Promise<{ id: string }> }) => {
      const text = request.body ? await request.text() : "";
      return jsonResponse(
        {
          id: (await segment.params).id,
          method: request.method,
          url: request.url,
          cookie: request.headers.get("cookie"),
          bytes: text.length,
          user: directLaneSession()?.row.userId ?? null,
        },
        { status: 201, headers: { "Cache-Control": "no-store" } },
      );
    };
    directLane("/api/test/[id]", { GET: echo, POST: echo });
    directLane("/api/test/[id]/file", {
      GET: async () =>
        new Response(Readable.toWeb(Readable.from(["part one, ", "part two"])) as ReadableStream, {
          headers: { "content-type": "text/plain" },
        }),
    });
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    resetServer();
  });
  beforeEach(() => {
    routed = [];
    getSessionCache().set(COOKIE, checked());
  });

  it("answers a known session's call with the route's handler and the security headers", async () => {
    const answer = await fetch(`${base}/api/test/a%20b?x=1`, { headers: { cookie: COOKIE } });
    expect(routed).toEqual([]);
    expect(answer.status).toBe(201);
    expect(await answer.json()).toEqual({
      id: "a b",
      method: "GET",
      url: expect.stringMatching(/\/api\/test\/a%20b\?x=1$/),
      cookie: COOKIE,
      bytes: 0,
      user: "ada",
    });
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(answer.headers.get("x-frame-options")).toBe("DENY");
    expect(answer.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("hands the handler small bodies whole and streams large ones", async () => {
    for (const size of [10, 200_000]) {
      const answer = await fetch(`${base}/api/test/1`, {
        method: "POST",
        headers: { cookie: COOKIE, "content-type": "application/json" },
        body: "x".repeat(size),
      });
      expect(await answer.json()).toMatchObject({ method: "POST", bytes: size, user: "ada" });
    }
    expect(routed).toEqual([]);
  });

  it("streams an answer that is not JSON", async () => {
    const answer = await fetch(`${base}/api/test/1/file`, { headers: { cookie: COOKIE } });
    expect(await answer.text()).toBe("part one, part two");
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("leaves to the router a request without a known session, or a method the route lacks", async () => {
    await fetch(`${base}/api/test/1`);
    await fetch(`${base}/api/test/1`, { headers: { cookie: "authjs.session-token=other" } });
    await fetch(`${base}/api/test/1`, { method: "PUT", headers: { cookie: COOKIE } });
    await fetch(`${base}/api/elsewhere`, { headers: { cookie: COOKIE } });
    expect(routed).toEqual([
      "GET /api/test/1",
      "GET /api/test/1",
      "PUT /api/test/1",
      "GET /api/elsewhere",
    ]);
  });

  it("leaves a stale session to the router, which checks it again", async () => {
    getSessionCache().set(COOKIE, checked({ lastSeenAt: new Date(Date.now() - 600_000) }));
    const answer = await fetch(`${base}/api/test/1`, { headers: { cookie: COOKIE } });
    expect(answer.status).toBe(299);
    // The router's own lookup is the one that checks: the lane did not claim the check.
    expect(getSessionCache().get(COOKIE)).toBeNull();
  });

  it("forgets an ended session at once", async () => {
    getSessionCache().forget(["session-1"]);
    expect((await fetch(`${base}/api/test/1`, { headers: { cookie: COOKIE } })).status).toBe(299);
  });
});
