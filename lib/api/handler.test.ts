import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AuditEntry } from "@/lib/journal/audit";
import { configureApi, resetApi, type ApiDeps } from "./deps";
import { ApiError } from "./errors";
import { apiRoute } from "./handler";
import { sessionOf } from "./testing/harness";

// Every dependency the wrapper may touch, recorded; the upstream clients are never reached here.
let session: ReturnType<typeof sessionOf> | null;
let audits: AuditEntry[];
let tokenFailure: Error | undefined;

beforeEach(() => {
  session = sessionOf("archivist");
  audits = [];
  tokenFailure = undefined;
  configureApi({
    getSession: async () => session,
    getUpstreamToken: async () => {
      if (tokenFailure) throw tokenFailure;
      return "token";
    },
    recordAudit: async (entries) => {
      audits.push(...(Array.isArray(entries) ? entries : [entries as AuditEntry]));
    },
    journal: {} as ApiDeps["journal"],
    batches: {} as ApiDeps["batches"],
    catalogue: {} as ApiDeps["catalogue"],
    ingest: {} as ApiDeps["ingest"],
    preservation: {} as ApiDeps["preservation"],
    appOrigins: ["http://localhost:3000"],
    assertDirectDeletion: async () => {},
  });
});
afterEach(() => resetApi());

let ran = 0;
const route = apiRoute<{ id: string }>(
  { role: ({ id }) => (id === "delete" ? "admin" : "archivist"), audit: "thing.change" },
  async (ctx) => {
    ran += 1;
    ctx.audit.target = ctx.params.id;
    if (ctx.params.id === "explode") throw new Error("secret internals");
    if (ctx.params.id === "refused") throw new ApiError("NOT_FOUND", "No such thing.");
    const { token, tenant } = await ctx.upstream();
    return Response.json({ token: token.length, tenant });
  },
);
const reader = apiRoute({}, async () => Response.json({ ok: true }));

function call(
  id: string,
  headers: Record<string, string> = { "sec-fetch-site": "same-origin" },
  method = "POST",
) {
  const request = new Request("http://localhost:3000/api/thing", { method, headers });
  return route(request, { params: Promise.resolve({ id }) });
}

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(10);
  return body;
}

describe("the route wrapper", () => {
  it("runs the handler for a signed-in user with the role, and audits the mutation", async () => {
    const response = await call("42");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ token: 5, tenant: "demo" });
    expect(audits).toEqual([
      expect.objectContaining({
        actor: { id: "archivist", name: "Ada Archivist" },
        action: "thing.change",
        target: "42",
        outcome: "success",
        tenant: "demo",
      }),
    ]);
  });

  it("refuses a cross-site mutation with 403 before anything else", async () => {
    ran = 0;
    session = null;
    await expectError(await call("42", { "sec-fetch-site": "cross-site" }), 403, "CROSS_SITE");
    await expectError(await call("42", { origin: "https://evil.example" }), 403, "CROSS_SITE");
    expect(ran).toBe(0);
  });

  it("answers 401 without a session, and does not run the handler", async () => {
    ran = 0;
    session = null;
    await expectError(await call("42"), 401, "UNAUTHENTICATED");
    expect(ran).toBe(0);
    expect(audits).toEqual([]);
  });

  it("answers 403 to a user without the role, and audits the refusal", async () => {
    ran = 0;
    await expectError(await call("delete"), 403, "FORBIDDEN");
    expect(ran).toBe(0);
    expect(audits).toMatchObject([{ action: "thing.change", outcome: "denied" }]);
    session = sessionOf("admin");
    expect((await call("delete")).status).toBe(200);
  });

  it("records the target a refused request named, from its path or its JSON body", async () => {
    await expectError(await call("delete"), 403, "FORBIDDEN");
    const body = JSON.stringify({ poId: "po-named-in-body", reason: "tidy up" });
    const bodyRoute = apiRoute({ role: "admin", audit: "object.delete" }, async () => {
      throw new Error("must not run");
    });
    const refused = await bodyRoute(
      new Request("http://localhost:3000/api/preservation/DeletePO", {
        method: "POST",
        headers: {
          "sec-fetch-site": "same-origin",
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(body)),
        },
        body,
      }),
      { params: Promise.resolve({ operation: "DeletePO" }) as never },
    );
    await expectError(refused, 403, "FORBIDDEN");
    expect(audits).toMatchObject([
      { action: "thing.change", outcome: "denied", target: "delete" },
      { action: "object.delete", outcome: "denied", target: "po-named-in-body" },
    ]);
  });

  it("records the target of a refused JSON body sent without Content-Length, read only up to 64 KiB", async () => {
    const refuse = apiRoute({ role: "admin", audit: "object.delete" }, async () => {
      throw new Error("must not run");
    });
    // What fetch sends for a stream body: chunked, no Content-Length.
    const chunked = (parts: string[]) =>
      new Request("http://localhost:3000/api/preservation/DeletePO", {
        method: "POST",
        headers: { "sec-fetch-site": "same-origin", "content-type": "application/json" },
        body: new ReadableStream<Uint8Array>({
          start(controller) {
            for (const part of parts) controller.enqueue(new TextEncoder().encode(part));
            controller.close();
          },
        }),
        duplex: "half",
      } as RequestInit);
    const segment = { params: Promise.resolve({ operation: "DeletePO" }) as never };
    const small = chunked(['{"poId":"po-in-a-', 'chunked-body","mod":"OnlySubDOs"}']);
    expect(small.headers.get("content-length")).toBeNull();
    await expectError(await refuse(small, segment), 403, "FORBIDDEN");
    const padding = "x".repeat(70 * 1024);
    await expectError(
      await refuse(chunked([`{"reason":"${padding}",`, '"poId":"po-too-far"}']), segment),
      403,
      "FORBIDDEN",
    );
    expect(audits).toMatchObject([
      { action: "object.delete", outcome: "denied", target: "po-in-a-chunked-body" },
      { action: "object.delete", outcome: "denied" },
    ]);
    expect(audits[1]!.target ?? null).toBeNull();
  });

  it("answers 403 when the chosen tenant is not one of the user's", async () => {
    session = sessionOf("archivist", { tenant: "research" });
    await expectError(await call("42"), 403, "FORBIDDEN");
  });

  it("refuses a path value holding U+0000 with 400 naming it, without running the handler", async () => {
    ran = 0;
    const body = await expectError(await call("a\u0000b"), 400, "VALIDATION_ERROR");
    expect(body.error.message).toMatch(/^id contains the character U\+0000 \(NUL\)/);
    expect(ran).toBe(0);
    expect(audits).toMatchObject([{ outcome: "failure", detail: { code: "VALIDATION_ERROR" } }]);
  });

  it("maps what the handler throws, auditing it as a failure", async () => {
    await expectError(await call("refused"), 404, "NOT_FOUND");
    expect(audits).toMatchObject([
      { outcome: "failure", target: "refused", detail: { code: "NOT_FOUND" } },
    ]);
  });

  it("answers an unexpected failure with a 500 that reveals nothing", async () => {
    const original = console.error;
    console.error = () => {};
    const body = await expectError(await call("explode"), 500, "INTERNAL_ERROR").finally(() => {
      console.error = original;
    });
    expect(JSON.stringify(body)).not.toContain("secret internals");
  });

  it("maps the token source's refusals to 401 and 503", async () => {
    tokenFailure = Object.assign(new Error("x"), {
      name: "UpstreamTokenError",
      code: "session_ended",
    });
    await expectError(await call("42"), 401, "SESSION_ENDED");
    tokenFailure = Object.assign(new Error("x"), {
      name: "UpstreamTokenError",
      code: "unavailable",
    });
    await expectError(await call("42"), 503, "TOKEN_UNAVAILABLE");
  });

  it("does not audit or origin-check reads", async () => {
    const request = new Request("http://localhost:3000/api/read", {
      headers: { "sec-fetch-site": "cross-site" },
    });
    const response = await reader(request, { params: Promise.resolve({}) });
    expect(response.status).toBe(200);
    expect(audits).toEqual([]);
  });

  it("still answers when the audit log cannot be written", async () => {
    const original = console.error;
    console.error = () => {};
    configureApi({
      recordAudit: async () => {
        throw new Error("database down");
      },
    });
    const response = await call("42").finally(() => {
      console.error = original;
    });
    expect(response.status).toBe(200);
  });
});
