// The browser's uploader against the real embedded archive with multipart uploads: the key that
// names the file, the parts sent, and what a resume sends again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MultipartResume } from "./multipart-upload";
import { MULTIPART_FROM_BYTES, sendFile } from "./send-file";
import {
  countingTransport,
  fileOf,
  harness,
  MiB,
  quick,
  routesOf,
  type Harness,
} from "./testing/multipart-harness";

describe("sendFile against an archive with multipart uploads", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness();
  }, 120_000);
  afterAll(() => h?.archive.close());

  it("sends a large file in parts, several at once, and names the assembled file by its key", async () => {
    const { file, sha256 } = fileOf(MULTIPART_FROM_BYTES + 20 * MiB);
    const sent: string[] = [];
    let uploadId: string | undefined;
    const result = await sendFile(file, {
      ...quick,
      multipartApi: routesOf(h),
      transport: countingTransport(sent),
      onResume: (resume) => (uploadId ??= resume?.uploadId),
    });
    expect(result.sha256).toBe(sha256);
    const parts = sent.map(Number).sort((a, b) => a - b);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts).toEqual(parts.map((_, i) => i + 1));
    // The archive holds the assembled file under the key, with the digest of the file it built from
    // the parts the browser hashed.
    const state = await h.client.uploads.state({ token: h.token, tenant: "demo" }, uploadId!);
    expect(state).toMatchObject({ key: result.key, state: "complete", sha256, size: file.size });
  }, 120_000);

  it("resumes an upload cut off midway without sending the stored parts again", async () => {
    const { file, sha256 } = fileOf(MULTIPART_FROM_BYTES + 40 * MiB);
    const first: string[] = [];
    let kept = null as MultipartResume | null;
    // The network goes away once three parts are stored: every later PUT fails.
    const cut = await sendFile(file, {
      ...quick,
      retries: 1,
      multipartApi: routesOf(h),
      transport: countingTransport(first, () => first.length >= 3),
      onResume: (resume) => (kept = resume),
    }).catch((error: unknown) => error);
    expect(cut).toBeInstanceOf(Error);
    expect(first.length).toBeGreaterThanOrEqual(3);
    expect(kept!.parts.map((p) => String(p.partNumber)).sort()).toEqual([...first].sort());

    const second: string[] = [];
    const result = await sendFile(file, {
      ...quick,
      multipartApi: routesOf(h),
      transport: countingTransport(second),
      resume: kept,
      onResume: (resume) => (kept = resume),
    });
    expect(result.sha256).toBe(sha256);
    expect(second.filter((p) => first.includes(p))).toEqual([]);
    // No part was stored twice; a part whose answer was cut off by the failure may have been stored
    // unseen, and the completion (which names every part) succeeded without it being sent again.
    expect(new Set([...first, ...second]).size).toBe(first.length + second.length);
    expect(kept).toBeNull();
  }, 120_000);

  it("sends every part again when the kept upload is gone from the archive", async () => {
    const { file, sha256 } = fileOf(MULTIPART_FROM_BYTES + 1);
    const sent: string[] = [];
    const gone: MultipartResume = {
      uploadId: "00000000-0000-4000-8000-000000000000",
      key: "gone",
      size: file.size,
      partSize: 8 * MiB,
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      parts: [{ partNumber: 1, sha256 }],
    };
    const result = await sendFile(file, {
      ...quick,
      multipartApi: routesOf(h),
      transport: countingTransport(sent),
      resume: gone,
    });
    expect(result.sha256).toBe(sha256);
    expect(sent).toContain("1");
  }, 120_000);
});
