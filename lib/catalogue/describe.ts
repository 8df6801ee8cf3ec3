// What a person recognises an object by, from its metadata records and files: a title, a
// description and the words it can be found by. Pure; the schemas' shapes are not assumed beyond
// "objects of values", so records of any registered schema (or a vendor's) are read the same way.

export const DUBLIN_CORE = "http://purl.org/dc/elements/1.1/";

export interface MetadataRecord {
  schema: string;
  metadata: unknown;
}

const MAX_TITLE = 500;
const MAX_DESCRIPTION = 2_000;
// Keywords feed a tsvector, whose size PostgreSQL caps at 1 MB: stay far below.
const MAX_KEYWORDS = 100_000;

function firstText(value: unknown): string | null {
  if (typeof value === "string") return value.trim() === "" ? null : value.trim();
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) {
    for (const item of value) {
      const text = firstText(item);
      if (text) return text;
    }
  }
  return null;
}

// The first value under `key` anywhere in the record, depth first (records management keeps the
// title in record.title).
function findKey(value: unknown, key: string, depth = 0): string | null {
  if (depth > 6 || value === null || typeof value !== "object") return null;
  if (!Array.isArray(value) && Object.hasOwn(value, key)) {
    const found = firstText((value as Record<string, unknown>)[key]);
    if (found) return found;
  }
  for (const child of Array.isArray(value) ? value : Object.values(value)) {
    const found = findKey(child, key, depth + 1);
    if (found) return found;
  }
  return null;
}

// Dublin Core's field first, then the same key in any other record.
function field(records: readonly MetadataRecord[], key: string): string | null {
  const dc = records.filter((r) => r.schema === DUBLIN_CORE);
  const others = records.filter((r) => r.schema !== DUBLIN_CORE);
  for (const record of [...dc, ...others]) {
    const found = findKey(record.metadata, key);
    if (found) return found;
  }
  return null;
}

const clip = (text: string | null, max: number) =>
  text === null ? null : text.length > max ? `${text.slice(0, max - 1)}…` : text;

// dc:title, else a title of any schema, else the first file's name; null when there is none.
export function titleOf(records: readonly MetadataRecord[], fileNames: readonly string[] = []) {
  return clip(field(records, "title") ?? fileNames.find((n) => n.trim() !== "") ?? null, MAX_TITLE);
}

// dc:description, else a description of any schema.
export function descriptionOf(records: readonly MetadataRecord[]): string | null {
  return clip(field(records, "description"), MAX_DESCRIPTION);
}

// Every value in the records (strings and numbers, nested ones too).
export function metadataValues(value: unknown, out: string[] = [], depth = 0): string[] {
  if (depth > 8) return out;
  if (typeof value === "string" && value.trim() !== "") out.push(value);
  else if (typeof value === "number" || typeof value === "boolean") out.push(String(value));
  else if (Array.isArray(value)) value.forEach((v) => metadataValues(v, out, depth + 1));
  else if (value !== null && typeof value === "object") {
    Object.values(value).forEach((v) => metadataValues(v, out, depth + 1));
  }
  return out;
}

// The text the object is found by besides its title and description, before folding.
export function keywordsOf(
  poId: string,
  records: readonly MetadataRecord[],
  fileNames: readonly string[],
): string {
  const text = [poId, ...fileNames, ...records.flatMap((r) => metadataValues(r.metadata))].join(
    " ",
  );
  return text.length > MAX_KEYWORDS ? text.slice(0, MAX_KEYWORDS) : text;
}
