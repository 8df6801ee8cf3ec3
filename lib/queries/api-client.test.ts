// The browser's API client against a real HTTP server answering as the dashboard's routes do:
// what a component gets back is always an ApiError with a status, a code and a sentence.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { environmentManager } from "@tanstack/react-query";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { makeQueryClient } from "@/lib/query-client";
import { dashboardMultipartApi } from "@/lib/upload/multipart-api";
import { ApiError, deleteResource, getJson, sendJson } from "./api-client";
import { chooseTenant } from "./session";

const answers: Record<string, { status: number; body: string }> = {
  "/ok": { status: 200, body: JSON.stringify({ name: "sip-1" }) },
  "/refused": {
    status: 400,
    body: JSON.stringify({
      error: { code: "VALIDATION_ERROR", message: "The name is too short.", field: "name" },
    }),
  },
  "/archive-refused": {
    status: 404,
    body: JSON.stringify({
      error: { code: "NOT_FOUND", message: "No such object." },
      result: { maj: "urn:oasis:names:tc:dss:1.0:resultmajor:RequesterError" },
    }),
  },
  "/bare": { status: 502, body: "<html>Bad gateway</html>" },
  "/signed-out": {
    status: 401,
    body: JSON.stringify({ error: { code: "UNAUTHENTICATED", message: "Sign in again." } }),
  },
  "/not-json": { status: 200, body: "<html>sign in</html>" },
  "DELETE /api/ingest/uploads/up-1": { status: 204, body: "" },
  "DELETE /api/ingest/uploads/up-2": {
    status: 404,
    body: JSON.stringify({ error: { code: "NOT_FOUND", message: "There is no such upload." } }),
  },
  "POST /api/session/tenant": {
    status: 403,
    body: JSON.stringify({
      error: {
        code: "FORBIDDEN",
        message: 'You have no access to the tenant "x".',
        field: "tenant",
      },
    }),
  },
};

let server: Server;
let base: string;
const seen: { url: string; method: string; body: string }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      seen.push({ url: request.url ?? "", method: request.method ?? "", body });
      if (request.url === "/slow") return; // never answers: the caller aborts
      const answer = answers[`${request.method} ${request.url}`] ??
        answers[request.url ?? ""] ?? { status: 404, body: "" };
      response.writeHead(answer.status, { "Content-Type": "application/json" });
      response.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (error: unknown) => error,
  );

describe("the API client", () => {
  it("answers the route's JSON, checked against a schema when one is given", async () => {
    expect(await getJson(`${base}/ok`)).toEqual({ name: "sip-1" });
    const Named = z.object({ name: z.string() });
    expect(await getJson(`${base}/ok`, { schema: Named })).toEqual({ name: "sip-1" });
  });

  it("sends JSON with the method asked for", async () => {
    await sendJson(`${base}/ok`, "PUT", { note: "checked" });
    expect(seen.at(-1)).toEqual({ url: "/ok", method: "PUT", body: '{"note":"checked"}' });
  });

  it("gives the route's code, message and field", async () => {
    const error = await failure(sendJson(`${base}/refused`, "POST", {}));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: "VALIDATION_ERROR",
      message: "The name is too short.",
      field: "name",
    });
  });

  it("keeps the archive's result of a refused preservation call", async () => {
    const error = await failure(getJson(`${base}/archive-refused`));
    expect(error).toMatchObject({
      status: 404,
      code: "NOT_FOUND",
      result: { maj: "urn:oasis:names:tc:dss:1.0:resultmajor:RequesterError" },
    });
  });

  it("names the HTTP status when the answer says nothing", async () => {
    const error = await failure(getJson(`${base}/bare`));
    expect(error).toMatchObject({
      status: 502,
      code: "HTTP_502",
      message: "The dashboard answered 502 without saying why. Try again.",
    });
  });

  it("says when an answer cannot be read or is not what the route promises", async () => {
    expect(await failure(getJson(`${base}/not-json`))).toMatchObject({
      status: 200,
      code: "BAD_ANSWER",
    });
    const error = await failure(getJson(`${base}/ok`, { schema: z.object({ id: z.string() }) }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: "BAD_ANSWER" });
  });

  it("says when the dashboard cannot be reached", async () => {
    const error = await failure(getJson("http://127.0.0.1:1/api/ingests"));
    expect(error).toMatchObject({
      status: 0,
      code: "NETWORK",
      message: "The dashboard could not be reached. Check the connection and try again.",
    });
  });

  it("leaves a cancelled call a cancellation", async () => {
    const controller = new AbortController();
    const pending = failure(getJson(`${base}/slow`, { signal: controller.signal }));
    controller.abort();
    const error = await pending;
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: "AbortError" });
  });

  it("is never retried on a 401 in the browser, and the sign-in hook hears of it once", async () => {
    environmentManager.setIsServer(() => false);
    try {
      let unauthorized = 0;
      const client = makeQueryClient({ onUnauthorized: () => (unauthorized += 1) });
      const error = await failure(
        client.fetchQuery({
          queryKey: ["signed-out"],
          queryFn: ({ signal }) => getJson(`${base}/signed-out`, { signal }),
        }),
      );
      expect(error).toMatchObject({ status: 401, code: "UNAUTHENTICATED" });
      expect(seen.filter((r) => r.url === "/signed-out")).toHaveLength(1);
      expect(unauthorized).toBe(1);
    } finally {
      environmentManager.setIsServer(() => typeof window === "undefined");
    }
  });
});

// Callers that name the dashboard's own paths, as the browser resolves them against its origin.
describe("calls that go through the one client", () => {
  const realFetch = globalThis.fetch;
  beforeAll(() => {
    vi.stubGlobal("fetch", (input: string, init?: RequestInit) =>
      realFetch(`${base}${input}`, init),
    );
  });
  afterEach(() => {
    seen.length = 0;
  });
  afterAll(() => {
    vi.unstubAllGlobals();
  });

  it("deletes a resource answered 204, and gives the route's refusal of another", async () => {
    await expect(deleteResource("/api/ingest/uploads/up-1")).resolves.toBeUndefined();
    expect(seen.at(-1)).toMatchObject({ url: "/api/ingest/uploads/up-1", method: "DELETE" });
    const error = await failure(deleteResource("/api/ingest/uploads/up-2"));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: "NOT_FOUND" });
  });

  it("aborts a multipart upload with the route's code and message, not one of its own", async () => {
    await expect(dashboardMultipartApi.abort("up-1")).resolves.toBeUndefined();
    const error = await failure(dashboardMultipartApi.abort("up-2"));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 404,
      code: "NOT_FOUND",
      message: "There is no such upload.",
    });
  });

  it("changes the tenant, and a refusal is an ApiError naming the route's reason", async () => {
    const error = await failure(chooseTenant("x"));
    expect(seen.at(-1)).toEqual({
      url: "/api/session/tenant",
      method: "POST",
      body: JSON.stringify({ tenant: "x" }),
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 403,
      code: "FORBIDDEN",
      field: "tenant",
      message: 'You have no access to the tenant "x".',
    });
  });
});
