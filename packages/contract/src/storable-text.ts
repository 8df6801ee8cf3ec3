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
// Walks with its own stack: a request may nest deeper than the call stack goes.
export function findUnstorableText(value: unknown): UnstorableText | undefined {
  const stack: [unknown, string][] = [[value, ""]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [item, path] = next;
    if (typeof item === "string") {
      const what = unstorable(item);
      if (what !== undefined) return { path, what };
    } else if (Array.isArray(item)) {
      // Pushed last to first, so the first element is looked at first.
      for (let index = item.length - 1; index >= 0; index--) {
        stack.push([item[index], `${path}[${index}]`]);
      }
    } else if (item !== null && typeof item === "object") {
      const entries = Object.entries(item);
      const children: [unknown, string][] = [];
      for (const [key, child] of entries) {
        const at = path === "" ? key : `${path}.${key}`;
        const what = unstorable(key);
        if (what !== undefined)
          return { path: `${JSON.stringify(at).slice(1, -1)} (its name)`, what };
        children.push([child, at]);
      }
      for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]!);
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
