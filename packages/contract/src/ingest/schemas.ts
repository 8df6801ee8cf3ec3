// The ingest API contract (packages/contract/spec/ingest-api.md) as zod schemas: requests strict,
// responses lenient.
import { z } from "zod";
import { isBase64 } from "../base64-check";
import { listOf, nonEmptyText, oneOf, text, typeError } from "../zod-messages";
import { isHttpUrl } from "./http-url";
import { CONTENT_TYPES, INGEST_LIMITS } from "./limits";
import { packageIdProblem } from "./package-id";

export * from "./package-id";
export * from "./enrichers";
export * from "./http-url";
export * from "./limits";

export const ContentType = oneOf("type", CONTENT_TYPES);
export type ContentType = z.infer<typeof ContentType>;

// What is wrong with `content` for the given content type, or null.
export function contentProblem(type: ContentType, content: string): string | null {
  switch (type) {
    case "BINARY":
      return isBase64(content)
        ? null
        : "content must be valid base64 when type is BINARY (letters, digits, + and /, length a multiple of 4, = padding only at the end)";
    case "URL":
      return isHttpUrl(content)
        ? null
        : "content must be an http:// or https:// URL when type is URL";
    case "S3":
      return content.trim().length > 0
        ? null
        : "content must be a non-empty object key when type is S3";
  }
}

function isObject(payload: z.core.ParsePayload): boolean {
  return typeof payload.value === "object" && payload.value !== null;
}

const contentShape = {
  type: ContentType,
  content: text("content"),
  name: nonEmptyText("name"),
};

// Runs even when other fields failed, so a form shows every problem at once.
const contentIsValidForType = [
  (value: { type: ContentType; content: string }, ctx: z.RefinementCtx) => {
    const problem = contentProblem(value.type, value.content);
    if (problem) ctx.addIssue({ code: "custom", path: ["content"], message: problem });
  },
  {
    when: (payload: z.core.ParsePayload) => {
      const v = payload.value as { type?: unknown; content?: unknown } | null;
      return (
        typeof v === "object" &&
        v !== null &&
        (CONTENT_TYPES as readonly unknown[]).includes(v.type) &&
        typeof v.content === "string"
      );
    },
  },
] as const;

// A file given inline (base64), by URL, or by the key of an earlier upload.
export const Content = z.strictObject(contentShape).superRefine(...contentIsValidForType);
export type Content = z.infer<typeof Content>;

export const MetadataFields = z.strictObject({
  schema: nonEmptyText("schema"),
  metadata: z.record(z.string(), z.unknown(), { error: typeError("metadata", "an object") }),
});
export type MetadataFields = z.infer<typeof MetadataFields>;

export const MetadataFile = z.strictObject({
  schema: nonEmptyText("schema"),
  file: Content,
});
export type MetadataFile = z.infer<typeof MetadataFile>;

// Either form. One object with a check rather than a union, so that an error inside `file` is
// reported at its own path instead of as "matches neither form".
export const MetadataObject = z
  .strictObject({
    schema: nonEmptyText("schema"),
    metadata: MetadataFields.shape.metadata.optional(),
    file: Content.optional(),
  })
  .superRefine(
    (value, ctx) => {
      const given = [value.metadata, value.file].filter((v) => v !== undefined).length;
      if (given !== 1) {
        ctx.addIssue({
          code: "custom",
          message:
            given === 0
              ? "a metadata entry needs either metadata (an object of values) or file (a file): neither was given"
              : "a metadata entry takes either metadata or file, not both",
        });
      }
    },
    { when: isObject },
  )
  .transform(({ schema, metadata, file }): MetadataFields | MetadataFile =>
    file ? { schema, file } : { schema, metadata: metadata ?? {} },
  );
export type MetadataObject = z.infer<typeof MetadataObject>;

const metadatas = listOf(
  "metadatas",
  MetadataObject,
  "a list of metadata entries (it may be empty)",
);

// One document of an ingest; it becomes a representation of the package.
export const IngestContent = z
  .strictObject({
    ...contentShape,
    name: text("name").min(
      INGEST_LIMITS.nameMinLength,
      `name must be at least ${INGEST_LIMITS.nameMinLength} characters long`,
    ),
    metadatas: metadatas.optional(),
  })
  .superRefine(...contentIsValidForType);
export type IngestContent = z.infer<typeof IngestContent>;

// A custom package ID: see `packageIdProblem` for the rule.
export const PackageId = text("packageId").superRefine((value, ctx) => {
  const problem = packageIdProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

// PUT /document
export const IngestDocumentRequest = z
  .strictObject({
    profile: nonEmptyText("profile"),
    packageId: PackageId.optional(),
    document: IngestContent.optional(),
    documents: listOf("documents", IngestContent, "a list of documents")
      .min(1, "documents must list at least one document")
      .optional(),
    metadatas,
  })
  .superRefine(
    (value, ctx) => {
      const given = [value.document, value.documents].filter((v) => v !== undefined).length;
      if (given === 0) {
        ctx.addIssue({
          code: "custom",
          message: "exactly one of document and documents is required: neither was given",
        });
      } else if (given === 2) {
        ctx.addIssue({
          code: "custom",
          message: "exactly one of document and documents is allowed: both were given",
        });
      }
    },
    { when: isObject },
  );
export type IngestDocumentRequest = z.infer<typeof IngestDocumentRequest>;

// POST /document/{packageId}
export const UpdateDocumentRequest = z.strictObject({ metadatas });
export type UpdateDocumentRequest = z.infer<typeof UpdateDocumentRequest>;

// PUT /sip
export const IngestSipRequest = Content;
export type IngestSipRequest = z.infer<typeof IngestSipRequest>;

// Path parameters of POST /document/{packageId}. Not held to the packageId character rule: the
// operator may permit more characters, and generated IDs must always be accepted.
export const DocumentPathParams = z.strictObject({ packageId: nonEmptyText("packageId") });
export type DocumentPathParams = z.infer<typeof DocumentPathParams>;

// Path parameters of GET /sip/{packageId}/{submissionName}.
export const SipStatusParams = z.strictObject({
  packageId: nonEmptyText("packageId"),
  submissionName: nonEmptyText("submissionName"),
});
export type SipStatusParams = z.infer<typeof SipStatusParams>;

export * from "./responses";
