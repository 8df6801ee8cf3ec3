// Malformed requests against `npm run archive` as a process: each gets a 4xx, and none ends the
// process. A `%` not followed by two hex digits in an upload address used to throw out of the
// request listener and kill the archive (one `<img src=".../uploads/%">` on any page did it).
// Skipped when the suite targets another archive (ARCHIVE_BASE_URL).
import { mkdtemp, rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ChildArchive,
  childToken,
  freePort,
  startChildArchive,
} from "../support/child-archive";
import { rawGet, rawRequest } from "../support/raw-http";
import { childArchivesRunHere } from "../support/target";

let dataDir: string;
let child: ChildArchive | undefined;
let token: string;

const embedded = childArchivesRunHere();

beforeAll(async () => {
  if (!embedded) return;
  dataDir = await mkdtemp("/tmp/malformed-requests-");
  child = await startChildArchive({ port: await freePort(), dataDir });
  token = await childToken(child.url);
});

afterAll(async () => {
  await child?.kill("SIGKILL");
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const url = () => child?.url ?? "";
const isErrorShape = (body: string) => {
  try {
    const json = JSON.parse(body) as Record<string, unknown>;
    return Object.keys(json).sort().join() === "code,message" && typeof json.message === "string";
  } catch {
    return false;
  }
};

async function stillServing() {
  expect(child?.process.exitCode, child?.output()).toBeNull();
  const health = await fetch(`${url()}/health`);
  expect(health.status).toBe(200);
}

describe.skipIf(!embedded)("malformed requests", () => {
  it("answers a malformed escape in an upload address with 404, by fetch and by any method", async () => {
    for (const path of ["/uploads/%", "/uploads/%E0", "/uploads/%zz-key", "/uploads/%C0%AF"]) {
      for (const method of ["GET", "PUT", "OPTIONS", "DELETE", "POST"]) {
        const answer = await fetch(`${url()}${path}`, {
          method,
          body: method === "PUT" ? "x" : undefined,
        });
        const body = await answer.text();
        expect({ path, method, status: answer.status }).toEqual({ path, method, status: 404 });
        expect(isErrorShape(body), body).toBe(true);
      }
    }
    await stillServing();
  });

  it("answers malformed addresses on every listener with a 4xx, in the error shape where the API has one", async () => {
    const auth = `Authorization: Bearer ${token}\r\n`;
    const shaped: [string, string][] = [
      [rawGet("/uploads/%"), "upload with a lone %"],
      [
        rawGet("/uploads/%E0?expires=%&sig=%", "PUT", "Content-Length: 0\r\n"),
        "upload with broken escapes everywhere",
      ],
      [rawGet("/ingest/sip/%/%E0", "GET", auth), "ingest status with broken escapes"],
      [
        rawGet(
          "/ingest/document/%E0%A4%A",
          "POST",
          `${auth}Content-Type: application/json\r\nContent-Length: 2\r\n`,
        ) + "{}",
        "ingest update",
      ],
      [rawGet("/%"), "unknown path"],
      [rawGet("/health/%E0"), "under /health"],
      [rawGet("http://[/ingest/url"), "absolute URL with a broken host"],
      [rawGet("/ingest\\..\\health"), "backslashes"],
    ];
    for (const [request, what] of shaped) {
      const answer = await rawRequest(url(), request);
      const fourXX = answer.status !== undefined && answer.status >= 400 && answer.status < 500;
      const shaped = fourXX && isErrorShape(answer.body);
      expect(shaped, `${what}: ${answer.status} ${answer.body}`).toBe(true);
    }
    // The identity provider answers in OAuth's own error shapes; a 4xx is what matters there.
    for (const target of [
      "/oidc/%",
      "/oidc/auth?x=%",
      "/oidc/interaction/%E0",
      "/oidc/me?%",
      "/oidc/token%",
      "/preservation/%E0",
    ]) {
      const answer = await rawRequest(
        url(),
        rawGet(
          target,
          target.startsWith("/preservation") ? "POST" : "GET",
          "Content-Length: 0\r\n",
        ),
      );
      expect({
        target,
        status: answer.status && answer.status >= 400 && answer.status < 500,
      }).toEqual({ target, status: true });
    }
    await stillServing();
  });

  it("answers CONNECT, which Node drops silently by default, with 405 in the error shape", async () => {
    const answer = await rawRequest(
      url(),
      "CONNECT localhost:443 HTTP/1.1\r\nHost: localhost:443\r\n\r\n",
    );
    expect(answer.status).toBe(405);
    expect(isErrorShape(answer.body), answer.body).toBe(true);
    await stillServing();
  });

  it("answers malformed HTTP with 400 in the error shape and closes the connection", async () => {
    const broken = [
      "GET / HTTP/1.1\r\nHost: localhost\r\nno colon here\r\n\r\n",
      "\u0000\u0001\u0002 garbage\r\n\r\n",
      "GET /health HTTP/9.9\r\nHost: localhost\r\n\r\n",
      "PUT /ingest/document HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\nnot a chunk\r\n",
      "PUT /uploads/x HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello",
    ];
    for (const request of broken) {
      const answer = await rawRequest(url(), request);
      expect({ request, status: answer.status }).toEqual({ request, status: 400 });
      expect(isErrorShape(answer.body), answer.body).toBe(true);
      expect(answer.headers.connection).toBe("close");
    }
    await stillServing();
  });
});
