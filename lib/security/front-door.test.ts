import { readdirSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  frontDoorAnswer,
  installFrontDoor,
  loopbackRedirect,
  parserRefusal,
  PUBLIC_FILES,
} from "./front-door";

const errorOf = (body: string) =>
  (JSON.parse(body) as { error: { code: string; message: string } }).error;

describe("frontDoorAnswer", () => {
  it("refuses methods the Fetch standard forbids, or no one serves, in the error shape under /api", () => {
    const trace = frontDoorAnswer("TRACE", "/api/health");
    expect(trace).toMatchObject({
      status: 405,
      headers: { Allow: "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS" },
    });
    expect(errorOf(trace!.body)).toEqual({
      code: "METHOD_NOT_ALLOWED",
      message:
        "The dashboard does not answer the method TRACE: use one of GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS.",
    });
    expect(frontDoorAnswer("PROPFIND", "/objects")).toMatchObject({
      status: 405,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
    expect(frontDoorAnswer("get", "/")?.status).toBe(405);
  });

  it("refuses a path whose percent-escapes do not decode", () => {
    for (const path of [
      "/objects/%ff",
      "/api/ingest/sip/%ff/x",
      "/a/%",
      "/a/%zz",
      "/a/%c3%28",
      "/a/%ed%a0%80",
    ]) {
      expect(frontDoorAnswer("GET", path)?.status, path).toBe(400);
    }
    expect(errorOf(frontDoorAnswer("GET", "/api/objects/%ff/content")!.body).code).toBe(
      "VALIDATION_ERROR",
    );
    expect(frontDoorAnswer("GET", "http://localhost:3000/objects/%ff")?.status).toBe(400);
  });

  it("refuses a Host header that names no host", () => {
    for (const host of ["%ff", "localhost:3000\u00ff", "", "a b", "[::1"]) {
      expect(frontDoorAnswer("GET", "/objects", { host })?.status, host).toBe(400);
    }
    for (const host of ["localhost:3000", "dashboard.example", "[::1]:3000", "127.0.0.1"]) {
      expect(frontDoorAnswer("GET", "/objects", { host }), host).toBeNull();
    }
  });

  it("answers targets that are no path: OPTIONS * with what is allowed, others with 400", () => {
    expect(frontDoorAnswer("OPTIONS", "*")).toMatchObject({ status: 204, body: "" });
    expect(frontDoorAnswer("GET", "*")?.status).toBe(400);
    expect(frontDoorAnswer("GET", "evil.example:443")?.status).toBe(400);
    expect(frontDoorAnswer("GET", "http://localhost:3000")).toBeNull();
  });

  it("lets well-formed requests through, whatever their query", () => {
    for (const path of [
      "/",
      "/objects/%E6%9D%B1",
      "/sign-in?callbackUrl=%ff",
      "/a#%ff",
      "/api/health",
    ]) {
      expect(frontDoorAnswer("GET", path), path).toBeNull();
    }
    expect(frontDoorAnswer("DELETE", "/api/x")).toBeNull();
  });

  it("refuses a router state header Next.js could not parse, and prefetches that are no GET", () => {
    const state = (tree: string) => ({ rsc: "1", "next-router-state-tree": tree });
    for (const tree of [
      "-ckx",
      "%7B",
      "%ff",
      "[]",
      encodeURIComponent('["",{},1]'),
      "x".repeat(50_000),
    ]) {
      expect(frontDoorAnswer("GET", "/objects", state(tree))?.status, tree.slice(0, 10)).toBe(400);
    }
    expect(
      frontDoorAnswer("GET", "/objects", { "next-router-state-tree": ["a", "b"] })?.status,
    ).toBe(400);
    const valid = encodeURIComponent(
      JSON.stringify(["", { children: ["objects", {}] }, null, null]),
    );
    expect(frontDoorAnswer("GET", "/objects", state(valid))).toBeNull();
    expect(frontDoorAnswer("GET", "/objects", { "next-router-prefetch": "1" })).toBeNull();
    expect(frontDoorAnswer("POST", "/objects", { "next-router-prefetch": "1" })?.status).toBe(400);
    expect(frontDoorAnswer("POST", "/objects", { purpose: "prefetch" })?.status).toBe(400);
  });

  it("lets only GET and HEAD reach a file of public/, however its path is spelled", () => {
    for (const path of [
      "/favicon.svg",
      "/favicon.svg?v=1",
      "/./robots.txt",
      "/x/../%66avicon.ico",
    ]) {
      const refused = frontDoorAnswer("POST", path, { "next-action": "abc" });
      expect(refused, path).toMatchObject({ status: 405, headers: { Allow: "GET, HEAD" } });
      expect(refused?.body, path).toMatch(/is a file: it answers GET and HEAD/);
      expect(frontDoorAnswer("OPTIONS", path)?.status, path).toBe(405);
      expect(frontDoorAnswer("GET", path), path).toBeNull();
      expect(frontDoorAnswer("HEAD", path), path).toBeNull();
    }
    // Pages and routes keep their own methods.
    expect(frontDoorAnswer("POST", "/objects")).toBeNull();
  });

  it("knows every file of public/", () => {
    const files = readdirSync(path.join(process.cwd(), "public")).map((name) => `/${name}`);
    expect([...PUBLIC_FILES].sort()).toEqual(files.sort());
  });

  it("answers what the HTTP parser refuses in the error shape", () => {
    expect(parserRefusal("HPE_INVALID_METHOD").status).toBe(400);
    expect(parserRefusal("HPE_HEADER_OVERFLOW").status).toBe(431);
    expect(errorOf(parserRefusal(undefined).body).code).toBe("VALIDATION_ERROR");
  });
});

describe("loopbackRedirect", () => {
  const app = "http://localhost:3000";
  const page = (host: string | undefined) => ({ host, accept: "text/html,*/*;q=0.8" });

  it("sends a page asked for at a loopback address to the same path at localhost", () => {
    expect(loopbackRedirect("GET", "/objects?q=a", page("127.0.0.1:3000"), app)).toBe(
      "http://localhost:3000/objects?q=a",
    );
    expect(loopbackRedirect("HEAD", "/", page("[::1]:3000"), app)).toBe("http://localhost:3000/");
    expect(loopbackRedirect("GET", "/", page("127.0.0.1"), "http://localhost")).toBe(
      "http://localhost/",
    );
  });

  it("leaves everything else as it is", () => {
    const at = page("127.0.0.1:3000");
    // Other methods, ports and hosts, and a dashboard whose address is no localhost.
    expect(loopbackRedirect("POST", "/objects", at, app)).toBeNull();
    expect(loopbackRedirect("GET", "/", page("127.0.0.1:3001"), app)).toBeNull();
    expect(loopbackRedirect("GET", "/", page("localhost:3000"), app)).toBeNull();
    expect(loopbackRedirect("GET", "/", page("archive.example"), app)).toBeNull();
    expect(loopbackRedirect("GET", "/", page("127.0.0.1"), "https://archive.example")).toBeNull();
    // What is no page: a script's health check, the API, assets, a request not asking for HTML.
    expect(loopbackRedirect("GET", "/api/health", at, app)).toBeNull();
    expect(loopbackRedirect("GET", "/_next/static/x.js", at, app)).toBeNull();
    expect(loopbackRedirect("GET", "/", { host: "127.0.0.1:3000" }, app)).toBeNull();
    // Nothing that could lead elsewhere: a target that is no path, a Host that is no host.
    expect(loopbackRedirect("GET", "//evil.example/", at, app)).toBeNull();
    expect(loopbackRedirect("GET", "*", at, app)).toBeNull();
    expect(loopbackRedirect("GET", "/", page("%ff"), app)).toBeNull();
    expect(loopbackRedirect("GET", "/", page(undefined), app)).toBeNull();
  });
});

describe("installFrontDoor", () => {
  // A class of its own, so the global http.Server of the test process stays as it is.
  class GuardedServer extends http.Server {}
  let server: GuardedServer;
  let port = 0;

  beforeAll(async () => {
    installFrontDoor(GuardedServer, () => false, "http://localhost:3000");
    server = new GuardedServer((_, response) => response.end("reached"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  function raw(request: string): Promise<string> {
    return new Promise((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      const chunks: Buffer[] = [];
      socket.on("data", (chunk) => chunks.push(chunk));
      socket.on("close", () => resolve(Buffer.concat(chunks).toString("latin1")));
      socket.on("error", () => resolve(Buffer.concat(chunks).toString("latin1")));
      socket.end(request);
    });
  }

  it("answers before the application sees the request", async () => {
    const host = "Host: x\r\nConnection: close\r\n\r\n";
    expect(await raw(`GET /ok HTTP/1.1\r\n${host}`)).toMatch(/^HTTP\/1\.1 200[\s\S]*reached$/);
    expect(await raw(`TRACE /api/x HTTP/1.1\r\n${host}`)).toMatch(
      /^HTTP\/1\.1 405[\s\S]*METHOD_NOT_ALLOWED/,
    );
    expect(await raw(`GET /objects/%ff HTTP/1.1\r\n${host}`)).toMatch(
      /^HTTP\/1\.1 400[\s\S]*malformed percent-escape/,
    );
    expect(await raw(`CONNECT evil.example:443 HTTP/1.1\r\n${host}`)).toMatch(/^HTTP\/1\.1 405/);
    expect(await raw(`FOO / HTTP/1.1\r\n${host}`)).toMatch(
      /^HTTP\/1\.1 400[\s\S]*"code":"VALIDATION_ERROR"/,
    );
  });

  it("moves a page asked for at 127.0.0.1 to localhost, where sign-in works", async () => {
    const answer = await raw(
      "GET /objects?q=minutes HTTP/1.1\r\nHost: 127.0.0.1:3000\r\nAccept: text/html\r\nConnection: close\r\n\r\n",
    );
    expect(answer).toMatch(/^HTTP\/1\.1 308/);
    expect(answer).toMatch(/\r\nLocation: http:\/\/localhost:3000\/objects\?q=minutes\r\n/i);
    expect(answer).not.toContain("reached");
  });
});
