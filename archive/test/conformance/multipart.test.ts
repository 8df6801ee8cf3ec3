// The multipart upload extension (archive/README.md, "Multipart uploads"): parts checked against
// their SHA-256, nothing usable before a completion that names every part (and the whole file's
// digest, or gets it from the archive), abort frees the parts, and the completed key is S3 content like a single PUT's.
// Skipped against another archive that does not offer the extension (POST /uploads answers 404);
// against the embedded archive, which offers it, a failing probe fails every test instead.
import { randomBytes } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it, type TestContext } from "vitest";
import { MultipartUpload, UploadState } from "@scriptorium/contract/ingest/multipart";
import { expectAccepted, expectError, ingestApi, waitForTerminal } from "../support/client";
import { documentRequest } from "../support/fixtures";
import {
  abortUpload,
  completeUpload,
  createUpload,
  MiB,
  partOf,
  partUrls,
  putPart,
  sendAllParts,
  sha256Of,
  storedParts,
  uploadState,
} from "../support/multipart";
import { multipartOffered } from "../support/multipart-offer";
import { archiveTarget, suite } from "../support/target";

const DASHBOARD = process.env.ARCHIVE_DASHBOARD_URL ?? "http://localhost:3000";
// Two whole parts of 8 MiB and a short third one.
const SIZE = 16 * MiB + 12_345;

let offered = false;
// Why the probe says the tests cannot run (the embedded archive, or an unreadable answer): each
// test fails with it rather than being skipped.
let probeFailure: unknown = null;

beforeAll(async () => {
  const probe = await ingestApi("POST", "/uploads", { body: { size: 1 } });
  try {
    offered = multipartOffered(archiveTarget(), probe);
  } catch (error) {
    probeFailure = error;
  }
  if (offered) await abortUpload(MultipartUpload.parse(probe.json));
});

// Skips the test against an archive without the extension; fails it when the probe went wrong.
const needsMultipart = (ctx: TestContext) => {
  if (probeFailure) throw probeFailure;
  if (!offered) ctx.skip();
};

const s3Document = (key: string, name = "large.bin") =>
  documentRequest({ document: { type: "S3", name, content: key } });

const stagingFiles = async () => {
  const dataDir = archiveTarget().dataDir;
  return dataDir ? readdir(path.join(dataDir, "blobs", ".multipart")).catch(() => []) : [];
};

describe("multipart uploads", () => {
  it("lays out an upload in parts of the size asked, the last one shorter", async (ctx) => {
    needsMultipart(ctx);
    const upload = await createUpload(SIZE);
    expect(upload).toMatchObject({ size: SIZE, partSize: 8 * MiB, partCount: 3 });
    expect(upload.key).not.toBe(upload.uploadId);
    const hours = (Date.parse(upload.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(4.9);
    expect(hours).toBeLessThanOrEqual(5.01);
    const state = await storedParts(upload);
    expect(state).toMatchObject({ state: "open", parts: [], nextPartNumberMarker: null });
  });

  it("refuses sizes past 5 TiB and part sizes outside 8-64 MiB", async (ctx) => {
    needsMultipart(ctx);
    const huge = await ingestApi("POST", "/uploads", { body: { size: 5 * 1024 ** 4 + 1 } });
    expect(expectError(huge, 400, "VALIDATION_ERROR")).toMatch(/size must be at most/);
    const small = await ingestApi("POST", "/uploads", { body: { size: SIZE, partSize: MiB } });
    expect(expectError(small, 400, "VALIDATION_ERROR")).toMatch(/partSize must be at least/);
  });

  it("takes parts in any order, lists them, completes, and S3 content names the key", async (ctx) => {
    needsMultipart(ctx);
    const file = randomBytes(SIZE);
    const upload = await createUpload(SIZE);
    const urls = await partUrls(upload, "1-3");
    const puts = await Promise.all(
      [3, 1, 2].map((n) => putPart(urls.get(n) ?? "", partOf(file, upload, n))),
    );
    expect(puts.map((p) => p.status)).toEqual([200, 200, 200]);
    expect(puts[0]?.json).toEqual({
      partNumber: 3,
      size: SIZE - 16 * MiB,
      sha256: sha256Of(partOf(file, upload, 3)),
    });
    const state = await storedParts(upload);
    const parts = [1, 2, 3].map((n) => ({
      partNumber: n,
      sha256: sha256Of(partOf(file, upload, n)),
    }));
    expect(state.parts).toEqual(
      parts.map((p, i) => ({ ...p, size: i < 2 ? 8 * MiB : SIZE - 16 * MiB })),
    );

    // Until the completion the key names nothing.
    const early = await ingestApi("PUT", "/document", { body: s3Document(upload.key) });
    expectError(early, 400, "VALIDATION_ERROR");

    const done = await completeUpload(upload, { sha256: sha256Of(file), parts });
    expect(done).toMatchObject({
      status: 200,
      json: { key: upload.key, size: SIZE, sha256: sha256Of(file) },
    });
    const after = UploadState.parse((await uploadState(upload)).json);
    expect(after).toMatchObject({ state: "complete", sha256: sha256Of(file), parts: [] });
    expect(await stagingFiles()).not.toContain(upload.uploadId);

    const accepted = expectAccepted(
      await ingestApi("PUT", "/document", { body: s3Document(upload.key) }),
    );
    const final = await waitForTerminal(accepted, { enrichers: "representations" });
    expect(final.status).toBe("INGESTED");
    expect(final.representations).toEqual([
      expect.objectContaining({ name: "large.bin", size: SIZE, sha256: sha256Of(file) }),
    ]);
  });

  it("answers a completion sent again with the same answer", async (ctx) => {
    needsMultipart(ctx);
    const file = randomBytes(9 * MiB);
    const upload = await createUpload(file.length);
    const parts = await sendAllParts(file, upload);
    const body = { sha256: sha256Of(file), parts };
    const first = await completeUpload(upload, body);
    const second = await completeUpload(upload, body);
    expect(first.status).toBe(200);
    expect(second).toEqual(expect.objectContaining({ status: 200, json: first.json }));
  });

  it("completes without the file's digest, answering the one it computed from the checked parts", async (ctx) => {
    needsMultipart(ctx);
    const file = randomBytes(SIZE);
    const upload = await createUpload(SIZE);
    const parts = await sendAllParts(file, upload);
    const done = await completeUpload(upload, { parts });
    expect(done).toMatchObject({
      status: 200,
      json: { key: upload.key, size: SIZE, sha256: sha256Of(file) },
    });
    const again = await completeUpload(upload, { parts });
    expect(again).toEqual(expect.objectContaining({ status: 200, json: done.json }));
    const named = await completeUpload(upload, { sha256: sha256Of(Buffer.from("z")), parts });
    expect(expectError(named, 400, "VALIDATION_ERROR")).toMatch(
      /already complete, with SHA-256 [0-9a-f]{64}/,
    );
    const accepted = expectAccepted(
      await ingestApi("PUT", "/document", { body: s3Document(upload.key) }),
    );
    const final = await waitForTerminal(accepted, { enrichers: "representations" });
    expect(final.representations).toEqual([
      expect.objectContaining({ size: SIZE, sha256: sha256Of(file) }),
    ]);
  });

  // A client whose file changed sends a part again with other bytes: the file's digest is the one
  // of the bytes stored last, not of those the part held before.
  it("answers the digest of a part's latest bytes when it was sent again with other ones", async (ctx) => {
    needsMultipart(ctx);
    const first = randomBytes(SIZE);
    const upload = await createUpload(SIZE);
    await sendAllParts(first, upload);
    const changed = Buffer.from(first);
    randomBytes(4096).copy(changed, upload.partSize + 10);
    const urls = await partUrls(upload, "2");
    expect((await putPart(urls.get(2) ?? "", partOf(changed, upload, 2))).status).toBe(200);
    const parts = Array.from({ length: upload.partCount }, (_, i) => ({
      partNumber: i + 1,
      sha256: sha256Of(partOf(changed, upload, i + 1)),
    }));
    const done = await completeUpload(upload, { parts });
    expect(done).toMatchObject({
      status: 200,
      json: { key: upload.key, size: SIZE, sha256: sha256Of(changed) },
    });
  });

  it("refuses a part whose SHA-256 does not match, and keeps nothing of it", async (ctx) => {
    needsMultipart(ctx);
    const file = randomBytes(SIZE);
    const upload = await createUpload(SIZE);
    const urls = await partUrls(upload, "1-2");
    const wrong = await putPart(
      urls.get(1) ?? "",
      partOf(file, upload, 1),
      sha256Of(Buffer.from("x")),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({
      code: "VALIDATION_ERROR",
      message: expect.stringMatching(/^Part 1's SHA-256 is [0-9a-f]{64}, not .+ it was not kept/),
    });
    expect((await storedParts(upload)).parts).toEqual([]);
    // The same part with its own digest is then taken.
    expect((await putPart(urls.get(1) ?? "", partOf(file, upload, 1))).status).toBe(200);
    expect((await storedParts(upload)).parts.map((p) => p.partNumber)).toEqual([1]);
  });

  it("refuses a part without a checksum, or of the wrong size", async (ctx) => {
    needsMultipart(ctx);
    const file = randomBytes(SIZE);
    const upload = await createUpload(SIZE);
    const urls = await partUrls(upload, "1-3");
    const bare = await putPart(urls.get(1) ?? "", partOf(file, upload, 1), null);
    expect(bare).toMatchObject({
      status: 400,
      json: { message: expect.stringMatching(/x-checksum-sha256/) },
    });
    const short = file.subarray(0, 1000);
    const shortPut = await putPart(urls.get(2) ?? "", short);
    expect(shortPut).toMatchObject({
      status: 400,
      json: {
        message: expect.stringContaining(`Part 2 of this upload has ${8 * MiB} bytes, not 1000`),
      },
    });
    const long = await putPart(urls.get(3) ?? "", file.subarray(0, SIZE - 16 * MiB + 1));
    expect(long.status).toBe(400);
    expect((await storedParts(upload)).parts).toEqual([]);
  });

  it("refuses to complete while a part is missing, naming it, and the key stays unusable", async (ctx) => {
    needsMultipart(ctx);
    const file = randomBytes(SIZE);
    const upload = await createUpload(SIZE);
    const urls = await partUrls(upload, "1,3");
    for (const n of [1, 3])
      expect((await putPart(urls.get(n) ?? "", partOf(file, upload, n))).status).toBe(200);
    const parts = [1, 2, 3].map((n) => ({
      partNumber: n,
      sha256: sha256Of(partOf(file, upload, n)),
    }));
    const refused = await completeUpload(upload, { sha256: sha256Of(file), parts });
    expect(expectError(refused, 400, "VALIDATION_ERROR")).toBe(
      "The upload cannot be completed: part 2 is not stored: PUT it first.",
    );
    expectError(
      await ingestApi("PUT", "/document", { body: s3Document(upload.key) }),
      400,
      "VALIDATION_ERROR",
    );
    expect((await storedParts(upload)).state).toBe("open");
  });

  it("refuses a completion whose digests do not match, and the upload stays open for a right one", async (ctx) => {
    needsMultipart(ctx);
    const file = randomBytes(SIZE);
    const upload = await createUpload(SIZE);
    const parts = await sendAllParts(file, upload);
    const otherPart = parts.map((p, i) =>
      i === 1 ? { ...p, sha256: sha256Of(Buffer.from("y")) } : p,
    );
    const partRefused = await completeUpload(upload, { sha256: sha256Of(file), parts: otherPart });
    expect(expectError(partRefused, 400, "VALIDATION_ERROR")).toMatch(
      /part 2 is stored with SHA-256 [0-9a-f]{64}, not/,
    );
    const wholeRefused = await completeUpload(upload, {
      sha256: sha256Of(Buffer.from("z")),
      parts,
    });
    expect(expectError(wholeRefused, 400, "VALIDATION_ERROR")).toMatch(
      /The stored parts make a file whose SHA-256 is [0-9a-f]{64}, not .+ nothing was kept/,
    );
    const state = await storedParts(upload);
    expect(state).toMatchObject({
      state: "open",
      error: expect.stringMatching(/nothing was kept/),
    });
    expect(state.parts).toHaveLength(3);
    const done = await completeUpload(upload, { sha256: sha256Of(file), parts });
    expect(done.status).toBe(200);
  });

  it("frees the parts of an aborted upload: no state, no part PUT, no completion", async (ctx) => {
    needsMultipart(ctx);
    const file = randomBytes(SIZE);
    const upload = await createUpload(SIZE);
    const urls = await partUrls(upload, "1-3");
    expect((await putPart(urls.get(1) ?? "", partOf(file, upload, 1))).status).toBe(200);
    expect(await stagingFiles()).toEqual(
      archiveTarget().dataDir ? expect.arrayContaining([upload.uploadId]) : [],
    );
    const aborted = await abortUpload(upload);
    expect(aborted.status).toBe(204);
    expect(await stagingFiles()).not.toContain(upload.uploadId);
    expectError(await uploadState(upload), 404, "NOT_FOUND");
    const late = await putPart(urls.get(2) ?? "", partOf(file, upload, 2));
    expect(late).toMatchObject({ status: 404, json: { code: "NOT_FOUND" } });
    const parts = [{ partNumber: 1, sha256: sha256Of(partOf(file, upload, 1)) }];
    expectError(await completeUpload(upload, { sha256: sha256Of(file), parts }), 404, "NOT_FOUND");
    expectError(await abortUpload(upload), 404, "NOT_FOUND");
  });

  it("keeps a tenant's uploads from every other tenant", async (ctx) => {
    needsMultipart(ctx);
    const upload = await createUpload(SIZE);
    const other = { client: suite.clientB, tenant: suite.tenantB };
    expectError(await uploadState(upload, other), 404, "NOT_FOUND");
    expectError(await abortUpload(upload, other), 404, "NOT_FOUND");
    const parts = await ingestApi("GET", `/uploads/${upload.uploadId}/parts?numbers=1`, other);
    expectError(parts, 404, "NOT_FOUND");
    expect((await storedParts(upload)).state).toBe("open");
  });

  it("hands out part URLs only for the upload's parts, signed", async (ctx) => {
    needsMultipart(ctx);
    const upload = await createUpload(SIZE);
    const outside = await ingestApi("GET", `/uploads/${upload.uploadId}/parts?numbers=2-4`);
    expect(expectError(outside, 400, "VALIDATION_ERROR")).toMatch(/outside 1-3/);
    const none = await ingestApi("GET", `/uploads/${upload.uploadId}/parts`);
    expect(expectError(none, 400, "VALIDATION_ERROR")).toMatch(/numbers is required/);
    const url = new URL((await partUrls(upload, "1")).get(1) ?? "");
    url.pathname = url.pathname.replace(/\/1$/, "/2");
    const forged = await putPart(url.toString(), randomBytes(8 * MiB));
    expect(forged.status).toBe(403);
  });

  it("answers the dashboard's preflight of a part PUT", async (ctx) => {
    needsMultipart(ctx);
    const upload = await createUpload(SIZE);
    const preflight = await fetch((await partUrls(upload, "1")).get(1) ?? "", {
      method: "OPTIONS",
      headers: {
        Origin: DASHBOARD,
        "Access-Control-Request-Method": "PUT",
        "Access-Control-Request-Headers": "content-type,x-checksum-sha256",
      },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(DASHBOARD);
    expect(preflight.headers.get("access-control-allow-headers")?.toLowerCase()).toContain(
      "x-checksum-sha256",
    );
  });
});
