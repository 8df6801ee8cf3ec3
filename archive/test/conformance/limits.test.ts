// The 10 MB request body limit: refused with 413 JSON_TOO_LARGE from the Content-Length, and
// while reading a body that announces no length.
import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { expectError, ingestApi, tokenFor } from "../support/client";
import { documentRequest } from "../support/fixtures";
import { suite } from "../support/target";

const ELEVEN_MB = 11 * 1024 * 1024;

// Sends `chunks` with chunked transfer encoding (no Content-Length) and resolves with the answer,
// even when the server answers before the body is complete.
function sendChunked(
  path: string,
  token: string,
  chunks: Iterable<Buffer>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${suite.baseUrl}${path}`, {
      method: "PUT",
      headers: {
        Authorization: `Bearer ${token}`,
        "Content-Type": "application/json",
        "Transfer-Encoding": "chunked",
      },
    });
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    (async () => {
      for (const chunk of chunks) {
        if (req.destroyed) return;
        if (!req.write(chunk)) await new Promise((r) => req.once("drain", r));
      }
      req.end();
    })().catch(() => {});
  });
}

describe("request body limit", () => {
  it("refuses a body over 10 MB with 413 JSON_TOO_LARGE", async () => {
    const big = documentRequest({
      metadatas: [],
      document: { type: "BINARY", name: "big.bin", content: "A".repeat(ELEVEN_MB) },
    });
    const message = expectError(
      await ingestApi("PUT", "/document", { body: big }),
      413,
      "JSON_TOO_LARGE",
    );
    expect(message).toMatch(/upload|url/i);
  });

  it("refuses a chunked body as soon as it passes 10 MB", async () => {
    const token = await tokenFor();
    const head = Buffer.from(
      `{"profile":"${suite.profile}","metadatas":[],"document":{"type":"BINARY","name":"big.bin","content":"`,
    );
    function* body() {
      yield head;
      // 64 MB would follow; the archive must answer long before reading all of it.
      for (let i = 0; i < 64; i++) yield Buffer.alloc(1024 * 1024, 0x41);
      yield Buffer.from('"}}');
    }
    const answer = await sendChunked("/ingest/document", token, body());
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: "JSON_TOO_LARGE" });
  });

  it("accepts a body just under the limit", async () => {
    const content = Buffer.alloc(7 * 1024 * 1024, 7).toString("base64");
    const answer = await ingestApi("PUT", "/document", {
      body: documentRequest({ document: { type: "BINARY", name: "seven-mb.bin", content } }),
    });
    expect(answer.status, JSON.stringify(answer.json)).toBeLessThan(300);
  });
});
