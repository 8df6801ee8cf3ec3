// The character rule of a custom packageId (ingest API, PUT /document).

export const PACKAGE_ID_MAX_LENGTH = 255;

// Forbidden even though they are printable ASCII: they are path, URI or shell separators upstream.
export const PACKAGE_ID_FORBIDDEN_CHARACTERS = [
  "@",
  "<",
  ">",
  ":",
  '"',
  "/",
  "\\",
  "|",
  "?",
  "*",
] as const;

const FORBIDDEN = new Set<string>(PACKAGE_ID_FORBIDDEN_CHARACTERS);

// Why `s` is not an acceptable packageId, as a sentence for the person typing it, or null when it is.
export function packageIdProblem(s: string): string | null {
  if (s.length === 0) return "packageId may not be empty";
  if (s.length > PACKAGE_ID_MAX_LENGTH) {
    return `packageId may be at most ${PACKAGE_ID_MAX_LENGTH} characters long`;
  }
  // The spec's character rule allows them, but no URL can carry them as a path segment (even
  // percent-encoded, "%2E%2E" is ".."): GET /sip/{packageId}/... would address something else.
  if (s === "." || s === "..")
    return "packageId may not be . or .., which cannot stand in a URL path";
  for (const char of s) {
    if (char === "\t" || char === "\n" || char === "\r") {
      return "packageId may not contain tabs, newlines or carriage returns";
    }
    const code = char.codePointAt(0) ?? 0;
    if (code > 0x7f)
      return "packageId may only contain ASCII characters (no accents, symbols or emoji)";
    if (code < 0x20 || code === 0x7f) return "packageId may not contain control characters";
    if (FORBIDDEN.has(char)) return 'packageId may not contain @ < > : " / \\ | ? *';
  }
  return null;
}

// Whether `s` may be used as a custom packageId.
export function isValidPackageId(s: string): boolean {
  return packageIdProblem(s) === null;
}
