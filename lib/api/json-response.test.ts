import { describe, expect, it } from "vitest";
import { jsonResponse, jsonTextOf } from "./json-response";

describe("JSON answers", () => {
  it("read the same through the Response as the text kept beside it", async () => {
    const answer = jsonResponse(
      { a: [1, "é"] },
      { status: 201, headers: { "Cache-Control": "no-store" } },
    );
    expect(answer.status).toBe(201);
    expect(answer.headers.get("content-type")).toBe("application/json");
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(jsonTextOf(answer)).toBe('{"a":[1,"é"]}');
    expect(await answer.text()).toBe(jsonTextOf(answer));
  });

  it("keep no text for other answers", () => {
    expect(jsonTextOf(Response.json({}))).toBeUndefined();
  });
});
