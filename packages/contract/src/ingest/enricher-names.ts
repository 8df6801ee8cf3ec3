// The names the `enrichers` header of the ingest API may carry, and reading and writing the header,
// without zod: browser code imports them from here; ./enrichers adds the schema.

export const ENRICHERS = [
  "pluginreports",
  "permissions",
  "metadata",
  "breadcrumbs",
  "representations",
  "searchcolumns",
  "userPackage",
] as const;

export type EnricherName = (typeof ENRICHERS)[number];

// Older vendor documentation spells some enrichers differently; they mean the same thing.
const ALIASES: Record<string, EnricherName> = { breadcrumb: "breadcrumbs" };

// Matching ignores case so that e.g. `pluginReports` or `userpackage` is understood too.
const BY_LOWER_CASE = new Map<string, EnricherName>([
  ...ENRICHERS.map((name) => [name.toLowerCase(), name] as const),
  ...Object.entries(ALIASES),
]);

// The canonical enricher a header token names, or null for a token that names none.
export function canonicalEnricher(token: string): EnricherName | null {
  return BY_LOWER_CASE.get(token.trim().toLowerCase()) ?? null;
}

function tokensOf(headerValues: string | string[] | null | undefined): string[] {
  if (headerValues == null) return [];
  const values = Array.isArray(headerValues) ? headerValues : [headerValues];
  // Repeated headers mean the same as one header with the values joined by commas (RFC 9110 5.3).
  return values
    .join(",")
    .split(",")
    .map((token) => token.trim())
    .filter((token) => token.length > 0);
}

// The enrichers named by the `enrichers` header value(s), canonical spelling, without duplicates,
// in the order given. Tokens that name no enricher are left out; see `unknownEnrichers`.
export function parseEnrichers(headerValues: string | string[] | null | undefined): EnricherName[] {
  const found = new Set<EnricherName>();
  for (const token of tokensOf(headerValues)) {
    const enricher = canonicalEnricher(token);
    if (enricher) found.add(enricher);
  }
  return [...found];
}

// The tokens of the `enrichers` header that name no known enricher (for a validation error).
export function unknownEnrichers(headerValues: string | string[] | null | undefined): string[] {
  return tokensOf(headerValues).filter((token) => canonicalEnricher(token) === null);
}

// One comma-separated `enrichers` header value for a list, canonical spelling, no duplicates.
export function serializeEnrichers(list: readonly string[]): string {
  return parseEnrichers(list.join(",")).join(",");
}
