// The multipart tests skip only where the archive lacks the extension, never on the embedded one.
import { describe, expect, it } from "vitest";
import type { Answer } from "./client";
import { multipartOffered } from "./multipart-offer";

const answer = (status: number, json: unknown = null): Answer => ({
  status,
  headers: new Headers(),
  json,
});

describe("multipartOffered", () => {
  it("runs the tests where the probe created an upload", () => {
    expect(multipartOffered({ embedded: true }, answer(201))).toBe(true);
    expect(multipartOffered({ embedded: false }, answer(201))).toBe(true);
  });

  it("fails, not skips, when the embedded archive's probe answers anything else", () => {
    for (const status of [404, 400, 401, 500]) {
      expect(() =>
        multipartOffered({ embedded: true }, answer(status, { code: "X", message: "broken" })),
      ).toThrow(new RegExp(`embedded archive offers multipart uploads, yet .* ${status}.*broken`));
    }
  });

  it("skips against another archive that answers as one without the extension", () => {
    for (const status of [404, 405, 501]) {
      expect(multipartOffered({ embedded: false }, answer(status))).toBe(false);
    }
    expect(() => multipartOffered({ embedded: false }, answer(401))).toThrow(/answered 401/);
  });
});
