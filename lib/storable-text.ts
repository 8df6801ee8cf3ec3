// Text neither PostgreSQL (so PGlite) nor UTF-8 can hold: the character U+0000, which text and
// jsonb refuse, and unpaired UTF-16 surrogates, which JSON can spell ("\ud800") but which are not
// characters (jsonb refuses them; text columns would silently turn them into U+FFFD). A value
// holding either fails deep inside a query (in the archive, inside an ingest job), or comes back
// changed. The archive and the dashboard therefore refuse them where requests, and the metadata
// files they carry, enter.

export interface UnstorableText {
  // Where, as "documents[0].name"; "" for the value itself.
  path: string;
  // What, as "the character U+0000 (NUL)".
  what: string;
}

const NUL = "the character U+0000 (NUL)";

function unstorable(text: string): string | undefined {
  if (text.includes("\u0000")) return NUL;
  if (text.isWellFormed()) return undefined;
  const lone = text.match(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
  const code = lone?.[0].charCodeAt(0).toString(16).toUpperCase() ?? "D800";
  return `an unpaired surrogate (U+${code}, half of a character)`;
}

// Where in `value` a key or a string first holds text that cannot be stored; undefined when nowhere.
export function findUnstorableText(value: unknown, path = ""): UnstorableText | undefined {
  if (typeof value === "string") {
    const what = unstorable(value);
    return what === undefined ? undefined : { path, what };
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorableText(item, `${path}[${index}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const at = path === "" ? key : `${path}.${key}`;
      const what = unstorable(key);
      if (what !== undefined)
        return { path: `${JSON.stringify(at).slice(1, -1)} (its name)`, what };
      const found = findUnstorableText(item, at);
      if (found) return found;
    }
  }
  return undefined;
}

// The sentence for a value findUnstorableText refuses; `whole` names the value itself.
export function unstorableTextProblem(value: unknown, whole: string): string | undefined {
  const found = findUnstorableText(value);
  if (!found) return undefined;
  return `${found.path === "" ? whole : found.path} contains ${found.what}, which cannot be stored as text.`;
}
