import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchToFile } from "./fetch-to-file";

const tmp = mkdtempSync("/tmp/pure-fetch-");
const body = Buffer.from("%PDF-1.7\nminutes of the board\n%%EOF\n");
let server: Server;
let base = "";
let hostHeaders: string[] = [];

const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  "/report.pdf": (_req, res) =>
    res.writeHead(200, { "content-type": "application/pdf; qs=0.9" }).end(body),
  "/hop": (_req, res) => res.writeHead(302, { location: "/report.pdf" }).end(),
  "/to-private": (_req, res) => res.writeHead(301, { location: "http://10.0.0.5/secret" }).end(),
  "/to-file": (_req, res) => res.writeHead(302, { location: "file:///etc/passwd" }).end(),
  "/loop": (_req, res) => res.writeHead(302, { location: "/loop" }).end(),
  "/big-declared": (_req, res) =>
    res.writeHead(200, { "content-length": String(10_000) }).end(Buffer.alloc(10_000)),
  "/big-chunked": (_req, res) => {
    res.writeHead(200, { "transfer-encoding": "chunked" });
    for (let i = 0; i < 10; i++) res.write(Buffer.alloc(1000, i));
    res.end();
  },
  "/cut": (_req, res) => {
    res.writeHead(200, { "content-length": "1000" });
    res.write(Buffer.alloc(100));
    setTimeout(() => res.destroy(), 20);
  },
  "/slow": () => {},
};

// Listens on the first free port of 4300-4399 (the range this suite may use).
async function listen(s: Server): Promise<number> {
  for (let port = 4300; port < 4400; port++) {
    const ok = await new Promise<boolean>((resolve) => {
      s.once("error", () => resolve(false));
      s.listen(port, "127.0.0.1", () => resolve(true));
    });
    if (ok) return port;
  }
  throw new Error("No free port in 4300-4399.");
}

beforeAll(async () => {
  server = createServer((req, res) => {
    hostHeaders.push(req.headers.host ?? "");
    const route = routes[req.url ?? ""];
    if (route) route(req, res);
    else res.writeHead(404, "Not Found").end();
  });
  base = `http://127.0.0.1:${await listen(server)}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(tmp, { recursive: true, force: true });
});

let n = 0;
const dest = () => path.join(tmp, `file-${++n}.bin`);
const local = { maxBytes: 1_000_000, allowPrivate: true };
// Pretends 127.0.0.1 is public, so that redirects on to other addresses meet the real policy.
const onlyLoopbackIsPublic = {
  maxBytes: 1_000_000,
  isAddressAllowed: (ip: string) => ip === "127.0.0.1",
};

describe("fetchToFile", () => {
  it("downloads a file with its size, SHA-256 and media type", async () => {
    const target = dest();
    const result = await fetchToFile(`${base}/report.pdf`, target, local);
    expect(result).toEqual({
      size: body.length,
      sha256: createHash("sha256").update(body).digest("hex"),
      contentType: "application/pdf",
      finalUrl: `${base}/report.pdf`,
    });
    expect(readFileSync(target)).toEqual(body);
    expect(existsSync(`${target}.part`)).toBe(false);
  });

  it("follows a redirect and reports the final URL", async () => {
    const result = await fetchToFile(`${base}/hop`, dest(), local);
    expect(result.finalUrl).toBe(`${base}/report.pdf`);
  });

  it("refuses a loopback address unless private addresses are allowed", async () => {
    await expect(fetchToFile(`${base}/report.pdf`, dest(), { maxBytes: 1000 })).rejects.toThrow(
      "The URL points to a loopback address (127.0.0.1); the archive only fetches public addresses.",
    );
    const port = new URL(base).port;
    await expect(
      fetchToFile(`http://localhost:${port}/report.pdf`, dest(), { maxBytes: 1000 }),
    ).rejects.toThrow(/^The URL points to a loopback address \((127\.0\.0\.1|::1)\)/);
    await expect(
      fetchToFile("http://[::ffff:10.0.0.5]/x", dest(), { maxBytes: 1000 }),
    ).rejects.toThrow(
      "The URL points to a private address (::ffff:a00:5); the archive only fetches public addresses.",
    );
  });

  it("refuses a redirect to a private address", async () => {
    await expect(fetchToFile(`${base}/to-private`, dest(), onlyLoopbackIsPublic)).rejects.toThrow(
      "The URL redirects to a private address (10.0.0.5); the archive only fetches public addresses.",
    );
  });

  it("connects to the address it checked, resolving each host once", async () => {
    const port = new URL(base).port;
    const answers = [["127.0.0.1"], ["10.0.0.5"]];
    let calls = 0;
    hostHeaders = [];
    const result = await fetchToFile(`http://archive.example:${port}/report.pdf`, dest(), {
      ...onlyLoopbackIsPublic,
      resolveHost: async () => answers[calls++] ?? [],
    });
    expect(result.size).toBe(body.length);
    expect(calls).toBe(1);
    expect(hostHeaders).toEqual([`archive.example:${port}`]);
    await expect(
      fetchToFile(`http://rebound.example:${port}/report.pdf`, dest(), {
        ...onlyLoopbackIsPublic,
        resolveHost: async () => ["10.0.0.5"],
      }),
    ).rejects.toThrow("The URL points to a private address (10.0.0.5)");
  });

  it("never reuses a connection opened under a laxer policy", async () => {
    const url = `http://pooled.example:${new URL(base).port}/report.pdf`;
    const resolveHost = async () => ["127.0.0.1"];
    await fetchToFile(url, dest(), { ...local, resolveHost });
    await expect(fetchToFile(url, dest(), { maxBytes: 1000, resolveHost })).rejects.toThrow(
      "The URL points to a loopback address (127.0.0.1)",
    );
  });

  it("refuses other schemes, also behind a redirect", async () => {
    await expect(fetchToFile("ftp://example.org/a.pdf", dest(), local)).rejects.toThrow(
      "The URL uses the ftp scheme; the archive only fetches http and https URLs.",
    );
    await expect(fetchToFile(`${base}/to-file`, dest(), local)).rejects.toThrow(
      "The URL redirects to a URL with the file scheme; the archive only fetches http and https URLs.",
    );
    await expect(fetchToFile("not a url", dest(), local)).rejects.toThrow(
      "not a url is not a valid URL.",
    );
  });

  it("stops at the size limit, announced or streamed, and leaves no file", async () => {
    const declared = dest();
    await expect(
      fetchToFile(`${base}/big-declared`, declared, { ...local, maxBytes: 5000 }),
    ).rejects.toThrow("The file at the URL is larger than 4.9 KB.");
    const chunked = dest();
    await expect(
      fetchToFile(`${base}/big-chunked`, chunked, { ...local, maxBytes: 5 * 1024 }),
    ).rejects.toThrow("The file at the URL is larger than 5 KB.");
    for (const file of [declared, chunked]) {
      expect(existsSync(file)).toBe(false);
      expect(existsSync(`${file}.part`)).toBe(false);
    }
  });

  it("says what the server answered for a 404", async () => {
    await expect(fetchToFile(`${base}/missing.pdf`, dest(), local)).rejects.toThrow(
      `The server answered 404 Not Found for ${base}/missing.pdf.`,
    );
  });

  it("gives up after too many redirects, a broken connection or the time limit", async () => {
    await expect(
      fetchToFile(`${base}/loop`, dest(), { ...local, maxRedirects: 3 }),
    ).rejects.toThrow("The URL redirected more than 3 times; the archive stops there.");
    const cut = dest();
    await expect(fetchToFile(`${base}/cut`, cut, local)).rejects.toThrow(
      /broke off before the whole file arrived/,
    );
    expect(existsSync(`${cut}.part`)).toBe(false);
    await expect(fetchToFile(`${base}/slow`, dest(), { ...local, timeoutMs: 300 })).rejects.toThrow(
      "The server did not deliver the file within 300 milliseconds.",
    );
  });

  it("says when a host does not exist or refuses connections", async () => {
    await expect(
      fetchToFile("http://nowhere.invalid/a", dest(), {
        ...local,
        resolveHost: () => Promise.reject(Object.assign(new Error("x"), { code: "ENOTFOUND" })),
      }),
    ).rejects.toThrow("The host nowhere.invalid could not be found.");
    await expect(fetchToFile("http://127.0.0.1:4399/a", dest(), local)).rejects.toThrow(
      /refused the connection|broke off/,
    );
  });
});
