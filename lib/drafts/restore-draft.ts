// Reading a stored draft back (lib/drafts/draft.ts): whatever IndexedDB holds is checked before
// the wizard uses it. Apart from the draft so that zod loads only when there is a draft to read.
import { z } from "zod";
import {
  DRAFT_MAX_AGE_MS,
  DRAFT_VERSION,
  isDraftEmpty,
  type DraftDocument,
  type IngestDraft,
} from "./draft";

const entrySchema = z.object({
  schema: z.string(),
  mode: z.enum(["fields", "file"]),
  fields: z.record(z.string(), z.unknown()),
  file: z
    .object({
      name: z.string(),
      size: z.number(),
      base64: z.string(),
      problems: z.array(z.string()),
    })
    .nullable(),
});

const documentSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("file"),
    id: z.string(),
    name: z.string(),
    size: z.number().nonnegative(),
    type: z.string(),
    lastModified: z.number(),
    // Blob, not File: a structured clone of a File is a File, but be lenient with what comes back.
    file: z.instanceof(Blob).nullable().catch(null),
    metadatas: z.array(entrySchema).catch([]),
    upload: z
      .object({ key: z.string().min(1), sha256: z.string(), expiresAt: z.string() })
      .nullable()
      .optional()
      .catch(null),
    multipart: z
      .object({
        uploadId: z.string().min(1),
        key: z.string().min(1),
        size: z.number().int().positive(),
        partSize: z.number().int().positive(),
        expiresAt: z.string(),
        parts: z.array(z.object({ partNumber: z.number().int().positive(), sha256: z.string() })),
      })
      .nullable()
      .optional()
      .catch(null),
  }),
  z.object({
    kind: z.literal("url"),
    id: z.string(),
    name: z.string(),
    url: z.string(),
    metadatas: z.array(entrySchema).catch([]),
  }),
]);

const storedSchema = z.object({
  version: z.literal(DRAFT_VERSION),
  profile: z.string().catch(""),
  packageId: z.string().catch(""),
  metadatas: z.array(entrySchema).catch([]),
  documents: z.array(z.unknown()).catch([]),
  updatedAt: z.number(),
});

// The draft read back from storage, or null when there is none, it is from another version, it is
// too old or it is empty. A damaged document or metadata list is dropped, not the whole draft.
export function restoreDraft(stored: unknown, now: number = Date.now()): IngestDraft | null {
  const parsed = storedSchema.safeParse(stored);
  if (!parsed.success) return null;
  if (now - parsed.data.updatedAt > DRAFT_MAX_AGE_MS) return null;
  const documents = parsed.data.documents.flatMap((d): DraftDocument[] => {
    const doc = documentSchema.safeParse(d);
    if (!doc.success) return [];
    if (doc.data.kind === "url") return [doc.data];
    const { file } = doc.data;
    // A Blob that lost its File-ness on the way back gets its name and date again.
    const asFile =
      file === null || file instanceof File
        ? file
        : new File([file], doc.data.name, {
            type: doc.data.type,
            lastModified: doc.data.lastModified,
          });
    return [{ ...doc.data, file: asFile }];
  });
  const draft: IngestDraft = { ...parsed.data, version: DRAFT_VERSION, documents };
  return isDraftEmpty(draft) ? null : draft;
}
