import { describe, expect, it } from "vitest";
import { IngestError } from "../http/errors";
import { readJsonBody } from "./read-json";

const request = (body: ReadableStream<Uint8Array>) =>
  new Request("http://archive.invalid/ingest/document", {
    method: "PUT",
    headers: { "Content-Type": "application/json" },
    body,
    duplex: "half",
  } as RequestInit);

describe("readJsonBody", () => {
  it("refuses a body whose connection failed half-way as the caller's error, not the archive's", async () => {
    const cut = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"profile":'));
        controller.error(new Error("aborted"));
      },
    });
    const refusal = await readJsonBody(request(cut), 1024).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(IngestError);
    expect(refusal).toMatchObject({
      code: "VALIDATION_ERROR",
      message: expect.stringMatching(/ended before it was complete/),
    });
  });
});
