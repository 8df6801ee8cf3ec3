import { describe, expect, it } from "vitest";
import { INGEST_LIMITS } from "@scriptorium/contract/ingest/schemas";
import type { PutRequest, PutResult } from "./xhr-put";
import { uploadFile, UploadError, type UploadEvent, type UploadOptions } from "./uploader";

const SHA = "a".repeat(64);

// A scripted archive: each PUT gets the next answer; every URL handed out is recorded.
function harness(answers: Array<PutResult | "network">, extra: Partial<UploadOptions> = {}) {
  const puts: PutRequest[] = [];
  const urls: string[] = [];
  const events: UploadEvent[] = [];
  const sleeps: number[] = [];
  let clock = 1_000_000;
  const options: UploadOptions = {
    getUploadUrl: async () => {
      const key = `00000000-0000-4000-8000-00000000000${urls.length}`;
      urls.push(key);
      return {
        url: `https://archive.example/uploads/${key}?sig=x`,
        key,
        expiresAt: new Date(clock + 5 * 3600_000).toISOString(),
      };
    },
    hash: async (_file, { onProgress } = {}) => {
      onProgress?.(3, 3);
      return SHA;
    },
    transport: async (request) => {
      puts.push(request);
      request.onProgress(1);
      clock += 1000;
      request.onProgress(3);
      const answer = answers.shift() ?? { status: 200, body: "{}", retryAfter: null };
      return answer === "network" ? { status: null, body: "", retryAfter: null } : answer;
    },
    sleep: async (ms) => {
      sleeps.push(ms);
      clock += ms;
    },
    now: () => clock,
    random: () => 0.5,
    onProgress: (event) => events.push(event),
    ...extra,
  };
  return { options, puts, urls, events, sleeps };
}

const file = () => new File([new Uint8Array([1, 2, 3])], "scan.tiff", { type: "image/tiff" });
const ok: PutResult = { status: 200, body: "{}", retryAfter: null };

describe("uploadFile", () => {
  it("hashes, then PUTs the file to the upload URL with its checksum, and returns the key", async () => {
    const h = harness([ok]);
    const result = await uploadFile(file(), h.options);
    expect(result).toEqual({
      key: h.urls[0],
      sha256: SHA,
      expiresAt: new Date(1_000_000 + 5 * 3600_000).toISOString(),
    });
    expect(h.puts).toHaveLength(1);
    expect(h.puts[0]?.headers["x-checksum-sha256"]).toBe(SHA);
    expect(h.puts[0]?.headers["Content-Type"]).toBe("image/tiff");
    expect(h.puts[0]?.url).toContain(h.urls[0]);
    expect(h.events.map((e) => e.phase)).toEqual([
      "hashing",
      "uploading",
      "uploading",
      "uploading",
      "done",
    ]);
  });

  it("retries network errors and 5xx on the same URL, waiting longer each time", async () => {
    const h = harness(["network", { status: 503, body: "", retryAfter: null }, ok]);
    await uploadFile(file(), h.options);
    expect(h.puts).toHaveLength(3);
    expect(h.urls).toHaveLength(1);
    expect(h.sleeps[1]!).toBeGreaterThan(h.sleeps[0]!);
    const waits = h.events.filter((e) => e.phase === "waiting");
    expect(waits.map((e) => e.attempt)).toEqual([2, 3]);
    expect(waits[0]?.reason).toBe("The connection to the archive was lost during the upload.");
  });

  it("asks for a fresh URL when the old one is refused (400 or 403)", async () => {
    const expired = {
      status: 400,
      body: JSON.stringify({ code: "VALIDATION_ERROR", message: "The upload URL has expired" }),
      retryAfter: null,
    };
    const h = harness([expired, { status: 403, body: "", retryAfter: null }, ok]);
    const result = await uploadFile(file(), h.options);
    expect(h.urls).toHaveLength(3);
    expect(result.key).toBe(h.urls[2]);
    expect(h.events.find((e) => e.phase === "waiting")).toMatchObject({
      reason: "The upload URL has expired",
    });
  });

  it("honours Retry-After", async () => {
    const h = harness([{ status: 429, body: "", retryAfter: "7" }, ok]);
    await uploadFile(file(), h.options);
    expect(h.sleeps).toEqual([7000]);
  });

  it("gives up after the retries with the archive's own words", async () => {
    const failing = {
      status: 500,
      body: JSON.stringify({ error: { code: "EXCEPTION", message: "Disk full." } }),
      retryAfter: null,
    };
    const h = harness([failing, failing, failing], { retries: 2 });
    const error = await uploadFile(file(), h.options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadError);
    expect(error).toMatchObject({ kind: "failed", message: "Disk full.", status: 500 });
    expect(h.puts).toHaveLength(3);
  });

  it("does not retry a file the archive refuses as too large", async () => {
    const h = harness([{ status: 413, body: "", retryAfter: null }]);
    await expect(uploadFile(file(), h.options)).rejects.toMatchObject({
      kind: "failed",
      status: 413,
    });
    expect(h.puts).toHaveLength(1);
  });

  it("refuses a file over 5 GB before hashing or sending anything", async () => {
    const h = harness([]);
    const huge = file();
    Object.defineProperty(huge, "size", { value: INGEST_LIMITS.uploadBytes + 1 });
    await expect(uploadFile(huge, h.options)).rejects.toMatchObject({ kind: "too-large" });
    expect(h.events).toEqual([]);
    expect(h.puts).toEqual([]);
  });

  it("stops when cancelled, during the upload or while waiting to retry", async () => {
    const controller = new AbortController();
    const h = harness(["network"], {
      signal: controller.signal,
      sleep: async () => {
        controller.abort();
        throw controller.signal.reason;
      },
    });
    await expect(uploadFile(file(), h.options)).rejects.toMatchObject({
      kind: "cancelled",
      message: "The upload of scan.tiff was cancelled.",
    });
    expect(h.puts).toHaveLength(1);
  });

  it("gets a new URL before an attempt when the current one is about to expire", async () => {
    const h = harness(["network", ok]);
    const inner = h.options.getUploadUrl;
    h.options.getUploadUrl = async (signal) => {
      const answer = (await inner(signal)) as { expiresAt: string };
      return {
        ...answer,
        expiresAt: new Date(Date.parse(answer.expiresAt) - 5 * 3600_000 + 1500).toISOString(),
      };
    };
    await uploadFile(file(), h.options);
    expect(h.urls).toHaveLength(2);
  });

  it("keeps the caller's error as the cause when no URL can be had", async () => {
    const ended = new Error("Your session has ended: sign in again.");
    const h = harness([], { getUploadUrl: async () => Promise.reject(ended) });
    await expect(uploadFile(file(), h.options)).rejects.toMatchObject({
      kind: "failed",
      message: ended.message,
      cause: ended,
    });
  });
});
