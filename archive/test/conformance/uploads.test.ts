// GET /url and the upload it allows: a signed PUT target valid 5 hours, an optional SHA-256
// check, one use, CORS for the dashboard, and `type: "S3"` content naming the key.
import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { UploadUrlResponse } from "@scriptorium/contract/ingest/schemas";
import { expectAccepted, expectError, ingestApi, waitForTerminal } from "../support/client";
import { documentRequest, PDF, sha256 } from "../support/fixtures";
import { suite } from "../support/target";

const DASHBOARD = process.env.ARCHIVE_DASHBOARD_URL ?? "http://localhost:3000";

async function uploadUrl() {
  const answer = await ingestApi("GET", "/url");
  expect(answer.status).toBe(200);
  return UploadUrlResponse.required().parse(answer.json);
}

const s3Document = (key: string, name = "uploaded.pdf") =>
  documentRequest({ document: { type: "S3", name, content: key } });

async function errorOf(response: Response) {
  return {
    status: response.status,
    body: (await response.json()) as { code: string; message: string },
  };
}

describe("GET /url", () => {
  it("answers a URL on the archive, its key and an expiry 5 hours ahead", async () => {
    const upload = await uploadUrl();
    expect(upload.url.startsWith(`${suite.baseUrl}/uploads/`)).toBe(true);
    expect(upload.url).toContain(encodeURIComponent(upload.key));
    const hours = (Date.parse(upload.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(4.9);
    expect(hours).toBeLessThanOrEqual(5.01);
  });

  it("needs a token", async () => {
    expectError(await ingestApi("GET", "/url", { token: null }), 401, "NOT_AUTHORIZED");
  });
});

describe("PUT to the upload URL", () => {
  it("stores the bytes, which S3 content then names by key", async () => {
    const upload = await uploadUrl();
    const put = await fetch(upload.url, {
      method: "PUT",
      body: PDF,
      headers: { "x-checksum-sha256": sha256(PDF) },
    });
    expect(put.status).toBe(200);
    const accepted = expectAccepted(
      await ingestApi("PUT", "/document", { body: s3Document(upload.key) }),
    );
    const final = await waitForTerminal(accepted, { enrichers: "representations" });
    expect(final.status).toBe("INGESTED");
    expect(final.representations).toEqual([
      expect.objectContaining({ name: "uploaded.pdf", sha256: sha256(PDF), size: PDF.length }),
    ]);
  });

  it("accepts the checksum in base64 too", async () => {
    const upload = await uploadUrl();
    const checksum = Buffer.from(sha256(PDF), "hex").toString("base64");
    expect(
      (
        await fetch(upload.url, {
          method: "PUT",
          body: PDF,
          headers: { "x-checksum-sha256": checksum },
        })
      ).status,
    ).toBe(200);
  });

  it("keeps nothing when the checksum does not match, and the key stays unusable", async () => {
    const upload = await uploadUrl();
    const put = await fetch(upload.url, {
      method: "PUT",
      body: PDF,
      headers: { "x-checksum-sha256": sha256("other bytes") },
    });
    expect(await errorOf(put)).toMatchObject({ status: 400, body: { code: "VALIDATION_ERROR" } });
    const answer = await ingestApi("PUT", "/document", { body: s3Document(upload.key) });
    expect(expectError(answer, 400, "VALIDATION_ERROR")).toMatch(/document\.content/);
  });

  it("refuses an unknown key and a key whose upload has not happened", async () => {
    const unknown = await ingestApi("PUT", "/document", {
      body: s3Document("00000000-0000-4000-8000-000000000000"),
    });
    expectError(unknown, 400, "VALIDATION_ERROR");
    const upload = await uploadUrl();
    expectError(
      await ingestApi("PUT", "/document", { body: s3Document(upload.key) }),
      400,
      "VALIDATION_ERROR",
    );
  });

  it("refuses keys that are names of an object's built-in properties, as for any unknown key", async () => {
    for (const key of ["valueOf", "constructor", "__proto__", "toString"]) {
      const document = await ingestApi("PUT", "/document", { body: s3Document(key) });
      expect(expectError(document, 400, "VALIDATION_ERROR")).toMatch(/document\.content/);
      const sip = await ingestApi("PUT", "/sip", {
        body: { type: "S3", name: "package.zip", content: key },
      });
      expect(expectError(sip, 400, "VALIDATION_ERROR")).toMatch(/^content: no upload has the key/);
    }
  });

  it("refuses a URL whose signature was tampered with", async () => {
    const upload = await uploadUrl();
    const url = new URL(upload.url);
    url.searchParams.set("expires", String(Number(url.searchParams.get("expires")) + 3600));
    const put = await fetch(url, { method: "PUT", body: "x" });
    expect((await errorOf(put)).status).toBe(403);
  });

  it("takes one upload per URL", async () => {
    const upload = await uploadUrl();
    expect((await fetch(upload.url, { method: "PUT", body: "first" })).status).toBe(200);
    expect(await errorOf(await fetch(upload.url, { method: "PUT", body: "second" }))).toMatchObject(
      { status: 400 },
    );
  });

  it("refuses a file announced larger than 5 GB before reading it", async () => {
    const upload = await uploadUrl();
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(upload.url, {
        method: "PUT",
        headers: { "Content-Length": String(5 * 1024 ** 3 + 1) },
      });
      req.on("response", (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on("error", reject);
      req.write("only a few bytes");
    });
    expect(status).toBe(413);
  });
});

describe("CORS on upload URLs", () => {
  it("answers the dashboard's preflight", async () => {
    const upload = await uploadUrl();
    const preflight = await fetch(upload.url, {
      method: "OPTIONS",
      headers: {
        Origin: DASHBOARD,
        "Access-Control-Request-Method": "PUT",
        "Access-Control-Request-Headers": "content-type,x-checksum-sha256",
      },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(DASHBOARD);
    expect(preflight.headers.get("access-control-allow-methods")).toMatch(/PUT/);
    expect(preflight.headers.get("access-control-allow-headers")?.toLowerCase()).toContain(
      "x-checksum-sha256",
    );
  });

  it("lets the dashboard read the answer of the PUT, and nobody else", async () => {
    const upload = await uploadUrl();
    const put = await fetch(upload.url, {
      method: "PUT",
      body: "cors",
      headers: { Origin: DASHBOARD },
    });
    expect(put.headers.get("access-control-allow-origin")).toBe(DASHBOARD);
    expect(put.headers.get("access-control-expose-headers")?.toLowerCase()).toContain("etag");
    const other = await uploadUrl();
    const foreign = await fetch(other.url, {
      method: "PUT",
      body: "cors",
      headers: { Origin: "https://evil.example" },
    });
    expect(foreign.headers.get("access-control-allow-origin")).toBeNull();
  });
});
