// PostgreSQL, and so PGlite, cannot store the character U+0000 in text or jsonb: a value holding
// it fails deep inside a query (in the archive, inside an ingest job that then cannot even record
// why). The archive and the dashboard therefore check requests, and the metadata files they
// carry, for it where they enter.

// Where in `value` a key or a string first holds U+0000, as "documents[0].name"; "" for the value
// itself; undefined when nowhere.
export function nulCharacterPath(value: unknown, path = ""): string | undefined {
  if (typeof value === "string") return value.includes("\u0000") ? path : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = nulCharacterPath(item, `${path}[${index}]`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const at = path === "" ? key : `${path}.${key}`;
      if (key.includes("\u0000")) return `${at.replace(/\u0000/g, "\\u0000")} (its name)`;
      const found = nulCharacterPath(item, at);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

// The sentence for a value refused by nulCharacterPath; `whole` names the value itself.
export function nulCharacterProblem(value: unknown, whole: string): string | undefined {
  const path = nulCharacterPath(value);
  if (path === undefined) return undefined;
  return `${path === "" ? whole : path} contains the character U+0000 (NUL), which cannot be stored as text.`;
}
