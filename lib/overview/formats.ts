// Formats and sizes from the ingest API's `representations` enricher: each sampled package's
// latest ingested version lists its files with the format the archive identified. Pure.
import { z } from "zod";
import type { FormatCount } from "./types";

// The enricher's shape is not published: every field optional, unknown ones pass.
const Representation = z.looseObject({
  name: z.string().optional(),
  mimeType: z.string().nullish(),
  puid: z.string().nullish(),
  formatName: z.string().nullish(),
  size: z.number().nonnegative().nullish(),
});
export type Representation = z.infer<typeof Representation>;

// The files of one answer; anything that is not a list of objects counts as no files.
export function representationsOf(value: unknown): Representation[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const parsed = Representation.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

export const UNIDENTIFIED = "Not identified";

// Files grouped by format (name and PRONOM id), most files first, then most bytes, then by name.
export function countFormats(files: readonly Representation[]): FormatCount[] {
  const groups = new Map<string, FormatCount>();
  for (const file of files) {
    const formatName = file.formatName?.trim() || file.mimeType?.trim() || UNIDENTIFIED;
    const puid = file.puid?.trim() || null;
    const key = `${formatName}\u0000${puid ?? ""}`;
    const group = groups.get(key) ?? {
      formatName,
      puid,
      mimeType: file.mimeType?.trim() || null,
      files: 0,
      bytes: 0,
    };
    group.files += 1;
    group.bytes += file.size ?? 0;
    groups.set(key, group);
  }
  return [...groups.values()].sort(
    (a, b) => b.files - a.files || b.bytes - a.bytes || a.formatName.localeCompare(b.formatName),
  );
}

export { topFormats } from "./top-formats";
