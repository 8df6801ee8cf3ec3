// How catalogue text becomes searchable, and how a search box becomes a tsquery. Pure, so the
// same folding runs on what is stored and on what is typed.
//
// Full-text search uses PostgreSQL's `simple` configuration: archivists type names, reference
// numbers and words in Dutch, French and English, often in one archive. A language configuration
// stems and drops the stop words of one language (the English one would cut Dutch words and throw
// away "die" or "over"); `simple` keeps every word as written. What stemming would give, the query
// gets from prefix matching ("minute" finds "minutes", "notul" finds "notulen"), and accents and
// case are folded here before PostgreSQL sees the text (PGlite and PostgreSQL then agree, and no
// extension such as unaccent is needed).

const MAX_TERMS = 12;

// Lower case, accents off, and every run of characters that is not a letter or digit one space:
// "Procès-verbal HR-2024/0153" -> "proces verbal hr 2024 0153". Splitting at hyphens and dots means
// "2024" finds "HR-2024-0153" and "notulen" finds "notulen.pdf".
export function fold(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

// The words of a folded text, in order.
function words(text: string): string[] {
  const folded = fold(text);
  return folded === "" ? [] : folded.split(" ");
}

type Term = { kind: "word"; words: string[]; negated: boolean } | { kind: "or" };

// Splits a search box into terms: words, "quoted phrases", a leading - to exclude, and OR.
function terms(input: string): Term[] {
  const out: Term[] = [];
  const pattern = /(-?)"([^"]*)"?|(\S+)/g;
  for (const match of input.matchAll(pattern)) {
    const [, minus, phrase, bare] = match;
    if (bare !== undefined && bare.toUpperCase() === "OR") {
      out.push({ kind: "or" });
      continue;
    }
    const negated = minus === "-" || (bare?.startsWith("-") ?? false);
    const text = phrase ?? (negated ? bare!.slice(1) : bare!);
    const parts = words(text);
    if (parts.length > 0) out.push({ kind: "word", words: parts, negated });
  }
  return out;
}

// A tsquery (for to_tsquery('simple', ...)) from what a person typed, or null when nothing in it
// can be searched for. Every word must match, as a prefix; a phrase matches its words in a row
// (its last as a prefix); -word excludes; OR between two terms accepts either. Folded words are
// letters and digits only, so nothing typed can inject tsquery syntax.
export function toTsQuery(input: string): string | null {
  const parts: string[] = [];
  let pendingOr = false;
  let positives = 0;
  for (const term of terms(input).slice(0, MAX_TERMS * 2)) {
    if (term.kind === "or") {
      pendingOr = parts.length > 0;
      continue;
    }
    const last = term.words.length - 1;
    const phrase = term.words
      .slice(0, MAX_TERMS)
      .map((w, i) => (i === Math.min(last, MAX_TERMS - 1) ? `${w}:*` : w))
      .join(" <-> ");
    const expression = term.negated ? `!(${phrase})` : `(${phrase})`;
    if (!term.negated) positives++;
    if (pendingOr && parts.length > 0) parts.push(`(${parts.pop()!} | ${expression})`);
    else parts.push(expression);
    pendingOr = false;
    if (parts.length >= MAX_TERMS) break;
  }
  // Only exclusions would match nearly everything through a full scan: not a search.
  if (positives === 0) return null;
  return parts.join(" & ");
}
