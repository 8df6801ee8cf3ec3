import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { describeZodError } from "../zod-error";
import {
  Content,
  INGEST_LIMITS,
  IngestContent,
  IngestDocumentRequest,
  IngestSipRequest,
  MetadataObject,
  SipStatusParams,
  UpdateDocumentRequest,
  isTerminalSipStatus,
} from "./schemas";

const doc = { type: "BINARY", content: Buffer.from("%PDF-1.7").toString("base64"), name: "a.pdf" };
const base = { profile: "default", metadatas: [] };

function problem(
  schema: { safeParse(v: unknown): { success: boolean; error?: unknown } },
  value: unknown,
) {
  const result = schema.safeParse(value);
  if (result.success) return null;
  return describeZodError(result.error as Parameters<typeof describeZodError>[0]);
}

describe("IngestDocumentRequest", () => {
  it("accepts a single document or a list of documents", () => {
    expect(problem(IngestDocumentRequest, { ...base, document: doc })).toBeNull();
    expect(
      problem(IngestDocumentRequest, { ...base, documents: [doc, { ...doc, name: "b.pdf" }] }),
    ).toBeNull();
  });

  it("requires one of document and documents", () => {
    expect(problem(IngestDocumentRequest, base)).toBe(
      "exactly one of document and documents is required: neither was given",
    );
  });

  it("refuses document and documents together", () => {
    expect(problem(IngestDocumentRequest, { ...base, document: doc, documents: [doc] })).toBe(
      "exactly one of document and documents is allowed: both were given",
    );
  });

  it("refuses an empty documents list", () => {
    expect(problem(IngestDocumentRequest, { ...base, documents: [] })).toBe(
      "documents must list at least one document",
    );
  });

  it("requires metadatas, and accepts an empty list", () => {
    expect(problem(IngestDocumentRequest, { profile: "default", document: doc })).toBe(
      "metadatas is required",
    );
    expect(problem(IngestDocumentRequest, { ...base, document: doc })).toBeNull();
  });

  it("requires a profile", () => {
    expect(problem(IngestDocumentRequest, { metadatas: [], document: doc })).toBe(
      "profile is required",
    );
  });

  it("checks the packageId rule with a message that names it", () => {
    expect(problem(IngestDocumentRequest, { ...base, document: doc, packageId: "a/b" })).toBe(
      'packageId may not contain @ < > : " / \\ | ? *',
    );
    expect(
      problem(IngestDocumentRequest, { ...base, document: doc, packageId: "dossier 42" }),
    ).toBeNull();
  });

  it("refuses unknown fields, so a misspelt one is not silently dropped", () => {
    expect(problem(IngestDocumentRequest, { ...base, document: doc, documnets: [] })).toBe(
      'the input has an unknown field "documnets"',
    );
  });

  it("names the path of a problem inside a list", () => {
    expect(
      problem(IngestDocumentRequest, { ...base, documents: [doc, { ...doc, name: "ab" }] }),
    ).toBe("documents[1].name must be at least 3 characters long");
  });
});

describe("IngestContent name", () => {
  it("must be at least 3 characters (2 fails, 3 passes)", () => {
    expect(INGEST_LIMITS.nameMinLength).toBe(3);
    expect(problem(IngestContent, { ...doc, name: "ab" })).toBe(
      "name must be at least 3 characters long",
    );
    expect(problem(IngestContent, { ...doc, name: "abc" })).toBeNull();
  });

  it("keeps representation-level metadatas", () => {
    const parsed = IngestContent.parse({
      ...doc,
      metadatas: [{ schema: "urn:s", metadata: { title: "T" } }],
    });
    expect(parsed.metadatas).toEqual([{ schema: "urn:s", metadata: { title: "T" } }]);
  });
});

describe("Content", () => {
  it("allows only BINARY, URL and S3 as type", () => {
    expect(problem(Content, { ...doc, type: "FILE" })).toBe("type must be one of BINARY, URL, S3");
    expect(problem(Content, { ...doc, type: "binary" })).toBe(
      "type must be one of BINARY, URL, S3",
    );
  });

  it("accepts the base64 of any bytes as BINARY content", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        expect(
          Content.safeParse({ ...doc, content: Buffer.from(bytes).toString("base64") }).success,
        ).toBe(true);
      }),
    );
  });

  it("refuses BINARY content that is not base64, naming the rule", () => {
    for (const content of ["not base64!", "QUJD=", "QUJDR", "QU JD"]) {
      expect(problem(Content, { ...doc, content })).toMatch(
        /^content must be valid base64 when type is BINARY/,
      );
    }
  });

  it("refuses base64url as BINARY content (the standard alphabet is required)", () => {
    expect(Content.safeParse({ ...doc, content: "-_-_" }).success).toBe(false);
  });

  it("accepts only http and https URLs as URL content", () => {
    for (const content of ["https://example.org/a.pdf", "http://localhost:4000/files/1"]) {
      expect(problem(Content, { type: "URL", content, name: "a.pdf" })).toBeNull();
    }
    for (const content of [
      "ftp://example.org/a.pdf",
      "file:///etc/passwd",
      "example.org/a.pdf",
      "javascript:alert(1)",
    ]) {
      expect(problem(Content, { type: "URL", content, name: "a.pdf" })).toBe(
        "content must be an http:// or https:// URL when type is URL",
      );
    }
  });

  it("requires a non-empty key as S3 content", () => {
    expect(problem(Content, { type: "S3", content: "b31b7379-0d0a", name: "a.pdf" })).toBeNull();
    expect(problem(Content, { type: "S3", content: " ", name: "a.pdf" })).toBe(
      "content must be a non-empty object key when type is S3",
    );
  });

  it("reports a bad name and a bad content at once", () => {
    const result = IngestContent.safeParse({ type: "URL", content: "nope", name: "x" });
    expect(result.error?.issues.map((i) => i.path.join("."))).toEqual(["name", "content"]);
  });
});

describe("MetadataObject", () => {
  it("takes values or a file", () => {
    expect(MetadataObject.parse({ schema: "urn:s", metadata: { a: { b: 1 } } })).toEqual({
      schema: "urn:s",
      metadata: { a: { b: 1 } },
    });
    const file = { type: "S3", content: "key", name: "meta.xml" };
    expect(MetadataObject.parse({ schema: "urn:s", file })).toEqual({ schema: "urn:s", file });
  });

  it("requires exactly one of metadata and file", () => {
    expect(problem(MetadataObject, { schema: "urn:s" })).toMatch(
      /needs either metadata .* or file/,
    );
    expect(
      problem(MetadataObject, {
        schema: "urn:s",
        metadata: {},
        file: { type: "S3", content: "k", name: "m.xml" },
      }),
    ).toBe("a metadata entry takes either metadata or file, not both");
  });

  it("requires metadata to be an object", () => {
    expect(problem(MetadataObject, { schema: "urn:s", metadata: "title=T" })).toBe(
      "metadata must be an object",
    );
    expect(problem(MetadataObject, { schema: "urn:s", metadata: [1] })).toBe(
      "metadata must be an object",
    );
  });

  it("reports a problem inside the file at its own path", () => {
    expect(
      problem(UpdateDocumentRequest, {
        metadatas: [{ schema: "urn:s", file: { type: "URL", content: "x", name: "m.xml" } }],
      }),
    ).toBe("metadatas[0].file.content must be an http:// or https:// URL when type is URL");
  });
});

describe("UpdateDocumentRequest, IngestSipRequest, SipStatusParams", () => {
  it("UpdateDocumentRequest requires metadatas", () => {
    expect(problem(UpdateDocumentRequest, {})).toBe("metadatas is required");
    expect(problem(UpdateDocumentRequest, { metadatas: [] })).toBeNull();
  });

  it("IngestSipRequest requires type, content and name", () => {
    expect(
      problem(IngestSipRequest, { type: "URL", content: "https://x.org/sip.zip", name: "sip.zip" }),
    ).toBeNull();
    expect(problem(IngestSipRequest, { type: "URL", content: "https://x.org/sip.zip" })).toBe(
      "name is required",
    );
    expect(problem(IngestSipRequest, { content: "https://x.org/sip.zip", name: "s" })).toBe(
      "type is required",
    );
  });

  it("SipStatusParams requires both path segments", () => {
    expect(problem(SipStatusParams, { packageId: "p", submissionName: "" })).toBe(
      "submissionName may not be empty",
    );
  });
});

describe("SIP statuses", () => {
  it("stops only at INGESTED and FAILED; anything else is in progress", () => {
    expect(
      ["INGESTED", "FAILED", "PENDING", "PROCESSING", "QUEUED"].map(isTerminalSipStatus),
    ).toEqual([true, true, false, false, false]);
  });
});
