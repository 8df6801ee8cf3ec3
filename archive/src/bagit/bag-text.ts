// Parsers for BagIt tag files (RFC 8493): bagit.txt, bag-info.txt and (tag)manifests. Pure text in,
// values and problem sentences out.

// Algorithms the archive can check, by their BagIt names (which are also Node's hash names).
export const BAG_ALGORITHMS = ["md5", "sha1", "sha224", "sha256", "sha384", "sha512"] as const;
export type BagAlgorithm = (typeof BAG_ALGORITHMS)[number];

export function isBagAlgorithm(name: string): name is BagAlgorithm {
  return (BAG_ALGORITHMS as readonly string[]).includes(name);
}

// Why a zip entry name cannot be extracted safely, or undefined when it can.
export function unsafePathReason(name: string): string | undefined {
  if (name.includes("\0")) return "contains a NUL character";
  if (name.includes("\\")) return "uses backslashes, which could name a path outside the bag";
  if (name.startsWith("/") || /^[A-Za-z]:/.test(name)) return "is an absolute path";
  const segments = name.replace(/\/$/, "").split("/");
  if (segments.includes("..")) return "climbs out of the bag with ..";
  if (segments.some((s) => s === "" || s === ".")) return "has an empty or . path segment";
  return undefined;
}

// Manifest paths escape only CR, LF and % (RFC 8493 §2.1.3).
export function decodeManifestPath(encoded: string): string {
  return encoded.replace(/%0A/gi, "\n").replace(/%0D/gi, "\r").replace(/%25/g, "%");
}

export function encodeManifestPath(path: string): string {
  return path.replace(/%/g, "%25").replace(/\n/g, "%0A").replace(/\r/g, "%0D");
}

// Only CR and LF end a line (RFC 8493); U+2028 and U+2029 are ordinary characters of a path or
// value, so every pattern applied to a line uses the s flag (a "." that matches them too).
function lines(text: string): string[] {
  return text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
}

// bagit.txt: "BagIt-Version: M.N" and "Tag-File-Character-Encoding: UTF-8".
export function parseBagDeclaration(text: string): { version?: string; problems: string[] } {
  const values = new Map<string, string>();
  for (const line of lines(text)) {
    const match = /^([^:]+):\s*(.*)$/s.exec(line);
    if (match) values.set((match[1] as string).trim(), (match[2] as string).trim());
  }
  const problems: string[] = [];
  const version = values.get("BagIt-Version");
  const encoding = values.get("Tag-File-Character-Encoding");
  if (!version || !/^\d+\.\d+$/.test(version)) {
    problems.push('bagit.txt must declare "BagIt-Version: M.N" (for example 1.0).');
  }
  if (!encoding) {
    problems.push('bagit.txt must declare "Tag-File-Character-Encoding" (UTF-8).');
  } else if (encoding.toUpperCase() !== "UTF-8") {
    problems.push(
      `bagit.txt declares the tag file encoding ${encoding}; the archive reads UTF-8 bags only.`,
    );
  }
  return { ...(version ? { version } : {}), problems };
}

// bag-info.txt: "Label: value" lines, a value continued on lines that start with whitespace.
export function parseBagInfo(text: string): Record<string, string[]> {
  // Labels are the bag's text: no prototype, so "constructor" or "__proto__" is only ever a label.
  const info: Record<string, string[]> = Object.create(null);
  let last: { label: string; index: number } | undefined;
  for (const line of lines(text)) {
    if (/^[ \t]/.test(line) && last) {
      const values = info[last.label] as string[];
      values[last.index] = `${values[last.index] ?? ""} ${line.trim()}`;
      continue;
    }
    const match = /^([^:\s][^:]*):\s*(.*)$/s.exec(line);
    if (!match) continue;
    const label = (match[1] as string).trim();
    const values = (info[label] ??= []);
    values.push((match[2] as string).trim());
    last = { label, index: values.length - 1 };
  }
  return info;
}

// A (tag) manifest: "<checksum> <path>" per line. Checksums come back lower-case.
export function parseManifest(
  text: string,
  fileName: string,
): { entries: Map<string, string>; problems: string[] } {
  const entries = new Map<string, string>();
  const problems: string[] = [];
  lines(text).forEach((line, index) => {
    if (line.trim() === "") return;
    const match = /^([0-9A-Fa-f]+)[ \t]+\*?(.+)$/s.exec(line);
    if (!match) {
      problems.push(`${fileName} line ${index + 1} is not "<checksum> <path>".`);
      return;
    }
    const path = decodeManifestPath(match[2] as string);
    if (entries.has(path)) problems.push(`${fileName} lists ${path} twice.`);
    entries.set(path, (match[1] as string).toLowerCase());
  });
  return { entries, problems };
}
