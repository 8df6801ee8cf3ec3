import { describe, expect, it } from "vitest";
import { IngestDocumentRequest } from "@scriptorium/contract/ingest/schemas";
import { ApiError } from "./errors";
import { assertSameOrigin, BODY_LIMIT_BYTES, parseOrThrow, readJsonBody } from "./request";

const APP = ["http://localhost:3000"];
const post = (headers: Record<string, string>, body?: BodyInit) =>
  new Request("http://localhost:3000/api/ingest/document", { method: "PUT", headers, body });

async function failure(promise: Promise<unknown> | (() => unknown)): Promise<ApiError> {
  try {
    await (typeof promise === "function" ? promise() : promise);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("expected an ApiError");
}

describe("the same-origin check", () => {
  it("lets the dashboard's own pages through", () => {
    expect(() => assertSameOrigin(post({ "sec-fetch-site": "same-origin" }), APP)).not.toThrow();
    expect(() => assertSameOrigin(post({ origin: "http://localhost:3000" }), APP)).not.toThrow();
  });

  it.each([
    [{ "sec-fetch-site": "cross-site" }],
    [{ "sec-fetch-site": "same-site" }],
    [{ "sec-fetch-site": "cross-site", origin: "http://localhost:3000" }],
    [{ origin: "https://evil.example" }],
    [{ origin: "null" }],
    [{ origin: "http://localhost:3001" }],
  ])("refuses %o with 403 CROSS_SITE", async (headers) => {
    const error = await failure(() => assertSameOrigin(post(headers), APP));
    expect(error).toMatchObject({ code: "CROSS_SITE", status: 403 });
  });

  it("lets a client without browser headers through (it carries no victim's cookies)", () => {
    expect(() => assertSameOrigin(post({}), APP)).not.toThrow();
  });
});

describe("reading the JSON body", () => {
  it("needs a JSON content type", async () => {
    const error = await failure(readJsonBody(post({ "content-type": "text/plain" }, "{}")));
    expect(error).toMatchObject({ code: "UNSUPPORTED_MEDIA_TYPE", status: 415 });
    await expect(
      readJsonBody(post({ "content-type": "application/json; charset=utf-8" }, "{}")),
    ).resolves.toEqual({});
  });

  it("refuses a declared oversize body before reading it, pointing at the upload URL", async () => {
    const headers = {
      "content-type": "application/json",
      "content-length": String(BODY_LIMIT_BYTES + 1),
    };
    const error = await failure(readJsonBody(post(headers, "{}")));
    expect(error).toMatchObject({ code: "JSON_TOO_LARGE", status: 413 });
    expect(error.message).toMatch(/upload URL/);
  });

  it("stops reading a streamed body as soon as it passes the limit", async () => {
    let pulled = 0;
    const chunk = new Uint8Array(1024 * 1024).fill(0x20);
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(chunk);
      },
    });
    const request = new Request("http://localhost:3000/api/ingest/sip", {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    const error = await failure(readJsonBody(request));
    expect(error.code).toBe("JSON_TOO_LARGE");
    expect(pulled).toBeLessThan(20);
  });

  it("accepts a body of exactly the limit", async () => {
    const text = `"${"a".repeat(BODY_LIMIT_BYTES - 2)}"`;
    const value = await readJsonBody(post({ "content-type": "application/json" }, text));
    expect((value as string).length).toBe(BODY_LIMIT_BYTES - 2);
  });

  it("says when the body is empty or not JSON", async () => {
    expect(
      await failure(readJsonBody(post({ "content-type": "application/json" }, ""))),
    ).toMatchObject({
      code: "VALIDATION_ERROR",
      message: expect.stringMatching(/empty/),
    });
    expect(
      await failure(readJsonBody(post({ "content-type": "application/json" }, "{nope"))),
    ).toMatchObject({
      code: "VALIDATION_ERROR",
      message: expect.stringMatching(/not valid JSON/),
    });
    await expect(
      readJsonBody(post({ "content-type": "application/json" }, " "), { empty: {} }),
    ).resolves.toEqual({});
  });

  it("refuses U+0000, which no database here can store, naming the field", async () => {
    const body = JSON.stringify({ poId: "x", reason: "a\u0000b" });
    expect(
      await failure(readJsonBody(post({ "content-type": "application/json" }, body))),
    ).toMatchObject({
      code: "VALIDATION_ERROR",
      field: "reason",
      message: expect.stringMatching(/^reason contains the character U\+0000 \(NUL\)/),
    });
  });
});

describe("validation", () => {
  it("names the first field at fault in the error", async () => {
    const body = {
      profile: "default",
      documents: [{ type: "BINARY", name: "ab", content: "AAAA" }],
      metadatas: [],
    };
    const error = await failure(() => parseOrThrow(IngestDocumentRequest, body));
    expect(error).toMatchObject({
      code: "VALIDATION_ERROR",
      status: 400,
      field: "documents[0].name",
    });
    expect(error.message).toBe("documents[0].name must be at least 3 characters long");
  });

  it("leaves the field out for a rule about the whole body", async () => {
    const error = await failure(() =>
      parseOrThrow(IngestDocumentRequest, { profile: "p", metadatas: [] }),
    );
    expect(error.field).toBeUndefined();
    expect(error.message).toMatch(/exactly one of document and documents/);
  });
});
