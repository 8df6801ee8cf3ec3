// The static lane answers a build's scripts from their brotli copies to a browser that accepts
// brotli, with the headers every answer carries, and leaves everything else to Next.js.
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressStatic } from "./precompress";
import { acceptsBrotli, createStaticLane } from "./static-lane";

const SCRIPT = `globalThis.answer = ${JSON.stringify("a script ".repeat(400))};\n`;
let dir: string;
let server: Server;
let origin: string;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

// Raw requests: fetch would decompress the body and hide the encoding.
function send(
  method: string,
  target: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // `path`, not a URL: a URL would resolve the "..".
    const { hostname, port } = new URL(origin);
    const req = httpRequest({ hostname, port, path: target, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

const BR = { "accept-encoding": "gzip, deflate, br, zstd" };

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "static-lane-"));
  await mkdir(path.join(dir, "chunks"), { recursive: true });
  await writeFile(path.join(dir, "chunks", "app-1a2b.js"), SCRIPT);
  await writeFile(path.join(dir, "chunks", "tiny.js"), "1");
  await writeFile(path.join(dir, "chunks", "font.woff2"), Buffer.alloc(4000, 7));
  await precompressStatic(dir);
  // Written after the copies were made: a file without one.
  await writeFile(path.join(dir, "chunks", "late.js"), SCRIPT);
  const lane = createStaticLane(dir);
  server = createServer((req, res) => {
    if (lane(req, res)) return;
    res.writeHead(299, { "x-answered-by": "next" });
    res.end(`next: ${req.method} ${req.url}`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

describe("the build's brotli copies", () => {
  it("are the scripts' bytes, smaller, and made only where they are smaller", async () => {
    const copy = await readFile(path.join(dir, "chunks", "app-1a2b.js.br"));
    expect(brotliDecompressSync(copy).toString()).toBe(SCRIPT);
    expect(copy.length).toBeLessThan(SCRIPT.length / 10);
    await expect(stat(path.join(dir, "chunks", "tiny.js.br"))).rejects.toThrow();
    await expect(stat(path.join(dir, "chunks", "font.woff2.br"))).rejects.toThrow();
  });
});

describe("the static lane", () => {
  it("answers a script in brotli, cacheable for good, with the security headers", async () => {
    const answer = await send("GET", "/_next/static/chunks/app-1a2b.js?dpl=x", BR);
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["content-type"]).toMatch(/javascript/);
    expect(answer.headers.vary).toBe("Accept-Encoding");
    expect(answer.headers["cache-control"]).toBe("public,max-age=31536000,immutable");
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(answer.headers["x-frame-options"]).toBe("DENY");
    expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
    expect(brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);
  });

  it("answers HEAD with the headers alone, and an unchanged ETag with 304", async () => {
    const head = await send("HEAD", "/_next/static/chunks/app-1a2b.js", BR);
    expect(head.status).toBe(200);
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.body.length).toBe(0);
    const etag = String(head.headers.etag);
    const again = await send("GET", "/_next/static/chunks/app-1a2b.js", {
      ...BR,
      "if-none-match": etag,
    });
    expect(again.status).toBe(304);
  });

  it.each([
    [
      "a browser without brotli",
      "GET",
      "/_next/static/chunks/app-1a2b.js",
      { "accept-encoding": "gzip" },
    ],
    [
      "brotli refused with q=0",
      "GET",
      "/_next/static/chunks/app-1a2b.js",
      { "accept-encoding": "gzip, br;q=0" },
    ],
    ["a file without a copy", "GET", "/_next/static/chunks/late.js", BR],
    ["a file too small for one", "GET", "/_next/static/chunks/tiny.js", BR],
    ["a method other than GET and HEAD", "POST", "/_next/static/chunks/app-1a2b.js", BR],
    ["a path outside the folder", "GET", "/_next/static/../static/chunks/app-1a2b.js", BR],
    ["an escaped path", "GET", "/_next/static/chunks/app%2D1a2b.js", BR],
    ["the copy itself", "GET", "/_next/static/chunks/app-1a2b.js.br", BR],
    ["another address", "GET", "/chunks/app-1a2b.js", BR],
  ])("leaves %s to Next.js, the address untouched", async (_, method, target, headers) => {
    const answer = await send(method, target, headers);
    expect(answer.status).toBe(299);
    expect(answer.body.toString()).toBe(`next: ${method} ${target}`);
  });

  it("is no lane at all over a build without copies", async () => {
    const empty = await mkdtemp(path.join(tmpdir(), "static-lane-empty-"));
    try {
      const lane = createStaticLane(empty);
      expect(
        lane({ method: "GET", url: "/_next/static/a.js", headers: BR } as never, {} as never),
      ).toBe(false);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});

describe("acceptsBrotli", () => {
  it.each([
    ["gzip, deflate, br, zstd", true],
    ["br", true],
    ["BR;q=0.5", true],
    ["gzip, br;q=0", false],
    ["gzip, brotli", false],
    ["", false],
    [undefined, false],
  ])("%j → %s", (header, expected) => {
    expect(acceptsBrotli(header)).toBe(expected);
  });
});
