// The formats card's list: the most frequent formats, the rest in one row. Pure, and apart from
// ./formats.ts, whose parsing (zod) the browser does not need.
import type { FormatCount } from "./types";

// The first `limit` formats, the rest folded into one "Other formats" row.
export function topFormats(formats: readonly FormatCount[], limit: number): FormatCount[] {
  if (formats.length <= limit) return [...formats];
  const rest = formats.slice(limit - 1);
  const other: FormatCount = {
    formatName: `${rest.length} other formats`,
    puid: null,
    mimeType: null,
    files: rest.reduce((n, f) => n + f.files, 0),
    bytes: rest.reduce((n, f) => n + f.bytes, 0),
  };
  return [...formats.slice(0, limit - 1), other];
}
