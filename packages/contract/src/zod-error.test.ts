import { describe, expect, it } from "vitest";
import { z } from "zod";
import { IngestDocumentRequest } from "./ingest/schemas";
import { describeZodError, zodFieldErrors } from "./zod-error";

function errorOf(schema: z.ZodType, value: unknown): z.ZodError {
  const result = schema.safeParse(value);
  if (result.success) throw new Error("expected a failure");
  return result.error;
}

const badDocument = {
  profile: "p",
  metadatas: [],
  document: { type: "S3", content: "k", name: "ab" },
};

describe("describeZodError", () => {
  it("names the field path and the rule of the first problem", () => {
    expect(describeZodError(errorOf(IngestDocumentRequest, badDocument))).toBe(
      "document.name must be at least 3 characters long",
    );
  });

  it("rewords zod's own messages into plain words", () => {
    const schema = z.object({ a: z.object({ b: z.number() }) });
    expect(describeZodError(errorOf(schema, { a: {} }))).toBe("a.b is required");
    expect(describeZodError(errorOf(schema, { a: { b: "x" } }))).toBe("a.b must be number");
    expect(describeZodError(errorOf(z.strictObject({}), { x: 1, y: 2 }))).toBe(
      'the input has unknown fields "x", "y"',
    );
  });

  it("keeps a custom message whole and prefixes the path", () => {
    const schema = z.object({ list: z.array(z.string().refine(() => false, "Nope.")) });
    expect(describeZodError(errorOf(schema, { list: ["a"] }))).toBe("list[0]: Nope.");
  });
});

describe("zodFieldErrors", () => {
  it("groups every problem by field for a form", () => {
    const errors = zodFieldErrors(
      errorOf(IngestDocumentRequest, {
        metadatas: [],
        packageId: "a?",
        documents: [{ type: "URL", content: "x", name: "ab" }],
      }),
    );
    expect(errors).toEqual({
      profile: ["profile is required"],
      packageId: ['packageId may not contain @ < > : " / \\ | ? *'],
      "documents.0.name": ["documents[0].name must be at least 3 characters long"],
      "documents.0.content": [
        "documents[0].content must be an http:// or https:// URL when type is URL",
      ],
    });
  });

  it("puts problems of the whole object under the empty key", () => {
    expect(zodFieldErrors(errorOf(IngestDocumentRequest, { profile: "p", metadatas: [] }))).toEqual(
      {
        "": ["exactly one of document and documents is required: neither was given"],
      },
    );
  });
});
