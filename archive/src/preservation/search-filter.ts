// The Search operation's filter language (`fi`), which ETSI TS 119 512 leaves to the service.
//
//   fi      := "*" | term (whitespace term)*          every term must match (AND)
//   term    := word | "quoted phrase" | field "=" value
//   field   := name | prefix ":" name                  e.g. dc:title, title, id, name
//   value   := word | "quoted phrase"                  \" and \\ escape inside quotes
//
// A free-text term matches when an id (poId, version id, data-object id), a file name or any
// metadata value contains it. A field term matches the named metadata field: `dc:title` the key
// `title` in metadata of the schema the prefix stands for, `title` that key in any schema. The
// reserved fields id, name, profile and mimeType match the poId (and object ids), file names, the
// profile pid and media types. Matching ignores case and looks for the value inside the text, except
// for `id=` with a value ending in `*`: that matches the poIds beginning with the rest (`*` is in no
// packageId). Search has no paging, so a client walks a large tenant by id prefix instead.

export type FilterTerm =
  | { kind: "text"; value: string }
  | { kind: "field"; prefix?: string; name: string; value: string }
  | { kind: "idPrefix"; value: string };

export interface SearchFilter {
  all: boolean;
  terms: FilterTerm[];
}

// What Search knows of one preservation object.
export interface SearchDocument {
  poId: string;
  profile?: string;
  ids: string[];
  names: string[];
  mimeTypes: string[];
  // Leaf values of the metadata, with the key that holds them (the last key of nested objects).
  fields: { schema: string; key: string; value: string }[];
}

export class FilterSyntaxError extends Error {}

const FIELD = /^(?:([A-Za-z][\w.-]*):)?([A-Za-z_][\w.-]*)$/;
const RESERVED = new Set(["id", "name", "profile", "mimeType"]);

// Parses `fi`; throws FilterSyntaxError with a sentence that says what to fix.
export function parseFilter(fi: string): SearchFilter {
  const tokens = tokenize(fi);
  if (tokens.length === 0)
    throw new FilterSyntaxError(
      'The filter is empty: give search words, field=value, or "*" for everything.',
    );
  if (tokens.length === 1 && tokens[0] === "*") return { all: true, terms: [] };
  const terms = tokens.map((token): FilterTerm => {
    if (typeof token === "string") return { kind: "text", value: token };
    const match = FIELD.exec(token.field);
    if (!match)
      throw new FilterSyntaxError(
        `"${token.field}" is not a field name; write e.g. dc:title=Report.`,
      );
    if (token.value === "")
      throw new FilterSyntaxError(`The field ${token.field} has no value after "=".`);
    const [, prefix, name = ""] = match;
    if (!prefix && name === "id" && token.value.endsWith("*")) {
      return { kind: "idPrefix", value: token.value.slice(0, -1) };
    }
    return prefix
      ? { kind: "field", prefix, name, value: token.value }
      : { kind: "field", name, value: token.value };
  });
  return { all: false, terms };
}

// Whether a document matches every term; `prefixes` maps a prefix such as dc to its schema namespace.
export function matchesFilter(
  doc: SearchDocument,
  filter: SearchFilter,
  prefixes: ReadonlyMap<string, string>,
): boolean {
  return filter.all || filter.terms.every((term) => matchesTerm(doc, term, prefixes));
}

function matchesTerm(
  doc: SearchDocument,
  term: FilterTerm,
  prefixes: ReadonlyMap<string, string>,
): boolean {
  const needle = term.value.toLowerCase();
  const has = (values: (string | undefined)[]) =>
    values.some((v) => v !== undefined && v.toLowerCase().includes(needle));
  if (term.kind === "idPrefix") return doc.poId.toLowerCase().startsWith(needle);
  if (term.kind === "text") {
    return has([doc.poId, ...doc.ids, ...doc.names, ...doc.fields.map((f) => f.value)]);
  }
  if (!term.prefix && RESERVED.has(term.name)) {
    if (term.name === "id") return has([doc.poId, ...doc.ids]);
    if (term.name === "name") return has(doc.names);
    if (term.name === "profile") return has([doc.profile]);
    return has(doc.mimeTypes);
  }
  const schema = term.prefix === undefined ? undefined : prefixes.get(term.prefix);
  // An unknown prefix names no schema, so nothing can match it.
  if (term.prefix !== undefined && schema === undefined) return false;
  return has(
    doc.fields
      .filter((f) => f.key === term.name && (schema === undefined || f.schema === schema))
      .map((f) => f.value),
  );
}

// The poId prefixes a filter requires, so a store can narrow its rows before matching.
export function idPrefixes(filter: SearchFilter): string[] {
  return filter.terms.flatMap((term) => (term.kind === "idPrefix" ? [term.value] : []));
}

type Token = string | { field: string; value: string };

function tokenize(fi: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const readQuoted = (): string => {
    let out = "";
    i++; // opening quote
    while (i < fi.length && fi[i] !== '"') {
      if (fi[i] === "\\" && i + 1 < fi.length) i++;
      out += fi[i];
      i++;
    }
    if (i >= fi.length)
      throw new FilterSyntaxError('A quoted phrase is not closed: add the missing ".');
    i++; // closing quote
    return out;
  };
  const readWord = (stopAtEquals: boolean): string => {
    const start = i;
    while (i < fi.length && !/\s/.test(fi[i]!) && fi[i] !== '"' && !(stopAtEquals && fi[i] === "="))
      i++;
    return fi.slice(start, i);
  };
  while (i < fi.length) {
    if (/\s/.test(fi[i]!)) {
      i++;
      continue;
    }
    if (fi[i] === '"') {
      const phrase = readQuoted();
      if (phrase.trim() !== "") tokens.push(phrase);
      continue;
    }
    const word = readWord(true);
    if (fi[i] === "=") {
      i++;
      const value = fi[i] === '"' ? readQuoted() : readWord(false);
      tokens.push({ field: word, value });
    } else {
      tokens.push(word);
    }
  }
  return tokens;
}

// Flattens metadata into leaf fields; nested keys keep their last key, arrays their parent's key.
export function flattenMetadata(
  schema: string,
  metadata: unknown,
  key = "",
): SearchDocument["fields"] {
  if (metadata === null || metadata === undefined) return [];
  if (Array.isArray(metadata))
    return metadata.flatMap((item) => flattenMetadata(schema, item, key));
  if (typeof metadata === "object") {
    return Object.entries(metadata).flatMap(([k, v]) => flattenMetadata(schema, v, k));
  }
  return [{ schema, key, value: String(metadata) }];
}
