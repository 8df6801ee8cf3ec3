// The upload handler on a real HTTP server, with a small size limit so that the refusal while
// streaming (no Content-Length to refuse early) can be exercised.
import { createHash } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { createServer, request, type Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openArchiveDb, type OpenedDb } from "../db/client";
import { openBlobStore, type BlobStore } from "./store";
import { createUploadHandler, parseChecksumHeader } from "./upload-handler";
import { createUploadUrl, resolveUploadKey } from "./upload-urls";

const LIMIT = 64 * 1024;
const secret = Buffer.alloc(32, 7);
let dir: string;
let opened: OpenedDb;
let blobs: BlobStore;
let server: Server;
let base: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "ingest-upload-"));
  opened = await openArchiveDb({ dataDir: dir });
  blobs = await openBlobStore(dir);
  const handler = createUploadHandler({
    db: opened.db,
    blobs,
    secret,
    maxBytes: LIMIT,
    allowedOrigins: [],
  });
  server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
}, 60_000);

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await opened?.close();
  await rm(dir, { recursive: true, force: true });
});

const newUpload = () =>
  createUploadUrl(opened.db, { secret, publicUrl: base, tenant: "t", createdBy: "tester" });

// PUTs `chunks` with chunked encoding, so the server learns the size only while reading.
function putChunked(url: string, chunks: Buffer[]): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "PUT", headers: { "Transfer-Encoding": "chunked" } });
    req.on("response", (res) => {
      let body = "";
      res.on("data", (c: Buffer) => (body += c.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    void (async () => {
      for (const chunk of chunks) {
        if (req.destroyed) return;
        if (!req.write(chunk)) await new Promise((r) => req.once("drain", r));
      }
      req.end();
    })();
  });
}

describe("upload handler", () => {
  it("refuses a body that passes the limit while streaming, keeps nothing, and lets the key be used again", async () => {
    const upload = await newUpload();
    const answer = await putChunked(
      upload.url,
      Array.from({ length: 8 }, () => Buffer.alloc(16 * 1024, 1)),
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: "JSON_TOO_LARGE" });
    expect(await readdir(path.join(blobs.root, ".tmp"))).toEqual([]);
    expect(await resolveUploadKey(opened.db, "t", upload.key)).toHaveProperty("problem");

    const small = Buffer.alloc(LIMIT, 2);
    const retry = await putChunked(upload.url, [small]);
    expect(retry.status).toBe(200);
    const sha256 = createHash("sha256").update(small).digest("hex");
    expect(await resolveUploadKey(opened.db, "t", upload.key)).toEqual({ sha256, size: LIMIT });
    expect(await blobs.exists(sha256)).toBe(true);
  });

  it("refuses an expired URL even with a valid signature", async () => {
    const upload = await createUploadUrl(opened.db, {
      secret,
      publicUrl: base,
      tenant: "t",
      createdBy: "tester",
      now: new Date(Date.now() - 6 * 3_600_000),
    });
    const answer = await putChunked(upload.url, [Buffer.from("late")]);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).message).toMatch(/expired/);
  });

  it("answers an address whose escapes are malformed with 404 NOT_FOUND, whatever the method", async () => {
    for (const address of ["/uploads/%", "/uploads/%E0", "/uploads/%C0%AF"]) {
      for (const method of ["GET", "PUT", "OPTIONS"]) {
        const answer = await fetch(`${base}${address}`, {
          method,
          body: method === "PUT" ? "x" : undefined,
        });
        expect({ address, method, status: answer.status }).toEqual({
          address,
          method,
          status: 404,
        });
        expect(await answer.json()).toMatchObject({ code: "NOT_FOUND" });
      }
    }
  });

  it("reads checksums in hex and base64 and refuses anything else", () => {
    const hex = createHash("sha256").update("x").digest("hex");
    expect(parseChecksumHeader(hex.toUpperCase())).toBe(hex);
    expect(parseChecksumHeader(Buffer.from(hex, "hex").toString("base64"))).toBe(hex);
    expect(parseChecksumHeader(undefined)).toBeUndefined();
    expect(parseChecksumHeader("md5:abc")).toBeNull();
  });
});
