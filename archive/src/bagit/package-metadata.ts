// package-metadata.json: Scriptorium's tag file that carries what an ingest request would (profile,
// package id, package- and document-level metadata). See README.md in this folder.
import { z } from "zod";
import { MetadataObject } from "@scriptorium/contract/ingest/schemas";
import { describeZodError } from "@scriptorium/contract/zod-error";
import { findUnstorableText } from "@scriptorium/contract/storable-text";

export const PACKAGE_METADATA_FILE = "package-metadata.json";

export const BagPackageMetadata = z.strictObject({
  profile: z.string().min(1).optional(),
  packageId: z.string().min(1).optional(),
  metadatas: z.array(MetadataObject),
  documents: z
    .array(
      z.strictObject({
        path: z.string().startsWith("data/", "path must start with data/"),
        metadatas: z.array(MetadataObject).optional(),
      }),
    )
    .optional(),
});
export type BagPackageMetadata = z.infer<typeof BagPackageMetadata>;
export type BagPackageMetadataInput = z.input<typeof BagPackageMetadata>;

// Parses the file's text; problems name the file and the field.
export function parsePackageMetadata(
  text: string,
  payloadPaths: ReadonlySet<string>,
): { value?: BagPackageMetadata; problems: string[] } {
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    return {
      problems: [`${PACKAGE_METADATA_FILE} is not valid JSON: ${(error as Error).message}.`],
    };
  }
  const unstorable = findUnstorableText(json);
  if (unstorable) {
    return {
      problems: [
        `${PACKAGE_METADATA_FILE} holds ${unstorable.what} in ${unstorable.path || "its value"}, which cannot be stored as text.`,
      ],
    };
  }
  const parsed = BagPackageMetadata.safeParse(json);
  if (!parsed.success) {
    return {
      problems: [`${PACKAGE_METADATA_FILE} is invalid: ${describeZodError(parsed.error)}.`],
    };
  }
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const document of parsed.data.documents ?? []) {
    if (!payloadPaths.has(document.path)) {
      problems.push(
        `${PACKAGE_METADATA_FILE} describes ${document.path}, which is not a payload file of the bag.`,
      );
    }
    if (seen.has(document.path))
      problems.push(`${PACKAGE_METADATA_FILE} describes ${document.path} twice.`);
    seen.add(document.path);
  }
  return { value: parsed.data, problems };
}
