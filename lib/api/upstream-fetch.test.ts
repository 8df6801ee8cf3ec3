import { createServer, type Server } from "node:http";
import { createServer as createNetServer, type AddressInfo, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "./errors";
import { callUpstream, upstreamUrl } from "./upstream-fetch";

const BASE = "http://localhost:4000/ingest";

describe("upstream URLs", () => {
  it.each(["../url", "%2F..", "?x", "#frag", "a/b", "..\\url", "a b", "é", "%252e%252e", "..%2f"])(
    "keeps %j as one path segment",
    (value) => {
      const url = upstreamUrl(BASE, "document", { field: "packageId", value });
      const segments = url.pathname.split("/");
      expect(segments.slice(0, 3)).toEqual(["", "ingest", "document"]);
      expect(segments).toHaveLength(4);
      expect(decodeURIComponent(segments[3] ?? "")).toBe(value);
      expect(url.search).toBe("");
      expect(url.hash).toBe("");
    },
  );

  it.each([".", ".."])("refuses %j, which URL parsing would resolve away", (value) => {
    expect(() => upstreamUrl(BASE, "sip", { field: "packageId", value }, "name")).toThrow(
      expect.objectContaining({ code: "VALIDATION_ERROR", field: "packageId" }),
    );
  });

  it("refuses text no URL can carry (a lone surrogate)", () => {
    expect(() => upstreamUrl(BASE, "sip", { field: "submissionName", value: "a\ud800" })).toThrow(
      ApiError,
    );
  });
});

// A real HTTP server playing scripted answers, to watch retries and timeouts on the wire.
let server: Server;
let base: string;
let script: Array<number | "hang"> = [];
let hits = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    hits += 1;
    const next = script.shift() ?? 200;
    if (next === "hang") return; // never answers
    res
      .writeHead(next, { "content-type": "application/json" })
      .end(JSON.stringify({ code: `S${next}` }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const settings = { timeoutMs: 300, retries: 2, backoffMs: 1, maxResponseBytes: 1024 };
const send = (idempotent: boolean, method: "GET" | "PUT" = "GET") =>
  callUpstream(settings, { method, url: new URL(`${base}/x`), token: "t", idempotent });

describe("calling upstream", () => {
  it("retries an idempotent read after a gateway failure", async () => {
    script = [503, 502, 200];
    hits = 0;
    const answer = await send(true);
    expect(answer.status).toBe(200);
    expect(hits).toBe(3);
  });

  it("never repeats a call that changes something", async () => {
    script = [503, 200];
    hits = 0;
    const answer = await send(false, "PUT");
    expect(answer.status).toBe(503);
    expect(answer.json).toEqual({ code: "S503" });
    expect(hits).toBe(1);
  });

  it("gives up after the retries and hands the last answer back", async () => {
    script = [503, 503, 503, 503];
    hits = 0;
    expect((await send(true)).status).toBe(503);
    expect(hits).toBe(3);
  });

  it("does not retry a refusal: a 4xx is the archive's answer", async () => {
    script = [404];
    hits = 0;
    expect((await send(true)).status).toBe(404);
    expect(hits).toBe(1);
  });

  it("answers 504 with a sentence when the archive does not answer in time", async () => {
    script = ["hang"];
    const error = await send(true).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "UPSTREAM_TIMEOUT", status: 504 });
    expect((error as Error).message).toMatch(
      /^The archive did not answer within 1 second\. It may be busy/,
    );
  });

  it("answers 502 when the archive cannot be reached", async () => {
    const closed = { ...settings, retries: 1 };
    const error = await callUpstream(closed, {
      method: "GET",
      url: new URL("http://127.0.0.1:1/x"),
      token: "t",
      idempotent: true,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "UPSTREAM_UNAVAILABLE", status: 502 });
  });

  it("refuses an answer larger than it relays", async () => {
    const big = createServer((req, res) => res.end("x".repeat(4096)));
    await new Promise<void>((resolve) => big.listen(0, "127.0.0.1", resolve));
    const url = new URL(`http://127.0.0.1:${(big.address() as AddressInfo).port}/`);
    const error = await callUpstream(settings, {
      method: "GET",
      url,
      token: "t",
      idempotent: false,
    }).catch((e: unknown) => e);
    big.close();
    expect(error).toMatchObject({ code: "UPSTREAM_ERROR", status: 502 });
  });

  it("reads JSON whatever the status, and nothing from a body that is not JSON", async () => {
    script = [400];
    expect((await send(false)).json).toEqual({ code: "S400" });
  });
});

// A server that closes a kept-alive connection when a second request arrives on it, as a server
// does whose idle timeout ends just as the client reuses the connection; `breakFirst` also breaks
// off the first request of each connection.
async function closingServer(breakFirst: boolean) {
  const seen: string[] = [];
  const sockets: Socket[] = [];
  const raw = createNetServer((socket) => {
    sockets.push(socket);
    let requests = 0;
    let buffer = "";
    socket.on("data", (chunk: Buffer) => {
      buffer += chunk.toString("latin1");
      for (let end = buffer.indexOf("\r\n\r\n"); end !== -1; end = buffer.indexOf("\r\n\r\n")) {
        const head = buffer.slice(0, end);
        const length = Number(/content-length: *(\d+)/i.exec(head)?.[1] ?? 0);
        if (buffer.length < end + 4 + length) return;
        buffer = buffer.slice(end + 4 + length);
        seen.push(head.split(" ")[0]!);
        requests += 1;
        if (requests > 1 || breakFirst) {
          socket.resetAndDestroy();
          return;
        }
        socket.write(
          "HTTP/1.1 201 Created\r\ncontent-type: application/json\r\ncontent-length: 2\r\nconnection: keep-alive\r\n\r\n{}",
        );
      }
    });
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => raw.listen(0, "127.0.0.1", resolve));
  const url = new URL(`http://127.0.0.1:${(raw.address() as AddressInfo).port}/x`);
  return {
    seen,
    connections: () => sockets.length,
    call: (method: "GET" | "PUT") =>
      callUpstream(settings, { method, url, token: "t", body: "{}", idempotent: false }),
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => raw.close(resolve));
    },
  };
}

describe("a kept-alive connection the archive closed", () => {
  it("is left for a new one, and a call that changes something is sent there once", async () => {
    const archive = await closingServer(false);
    try {
      expect((await archive.call("PUT")).status).toBe(201);
      // Reuses the kept connection, which the server closes on reading the request.
      expect((await archive.call("PUT")).status).toBe(201);
      expect(archive.seen).toEqual(["PUT", "PUT", "PUT"]);
      expect(archive.connections()).toBe(2);
    } finally {
      await archive.close();
    }
  });

  it("is not a reason to send a call that changes something again on a new connection", async () => {
    const archive = await closingServer(true);
    try {
      const error = await archive.call("PUT").catch((e: unknown) => e);
      expect(error).toMatchObject({ code: "UPSTREAM_UNAVAILABLE", status: 502 });
      expect(archive.seen).toEqual(["PUT"]);
    } finally {
      await archive.close();
    }
  });
});
