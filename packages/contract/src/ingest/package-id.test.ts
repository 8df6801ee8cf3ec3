import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  IngestDocumentRequest,
  PACKAGE_ID_FORBIDDEN_CHARACTERS,
  isValidPackageId,
  packageIdProblem,
} from "./schemas";

const FORBIDDEN = new Set<string>([...PACKAGE_ID_FORBIDDEN_CHARACTERS]);
const allowedChar = fc
  .integer({ min: 0x20, max: 0x7e })
  .map((code) => String.fromCharCode(code))
  .filter((c) => !FORBIDDEN.has(c));
const allowedId = fc
  .array(allowedChar, { minLength: 1, maxLength: 255 })
  .map((cs) => cs.join(""))
  .filter((id) => id !== "." && id !== "..");
const badChar = fc.oneof(
  fc.constantFrom(...PACKAGE_ID_FORBIDDEN_CHARACTERS, "\t", "\n", "\r"),
  fc
    .integer({ min: 0x80, max: 0x10ffff })
    .filter((c) => c < 0xd800 || c > 0xdfff)
    .map((c) => String.fromCodePoint(c)),
);

function request(packageId: string) {
  return {
    profile: "default",
    packageId,
    metadatas: [],
    document: { type: "S3", content: "key", name: "a.pdf" },
  };
}

describe("packageId character rule", () => {
  it("accepts every printable-ASCII string without the forbidden characters", () => {
    fc.assert(
      fc.property(allowedId, (id) => {
        expect(packageIdProblem(id)).toBeNull();
        expect(IngestDocumentRequest.safeParse(request(id)).success).toBe(true);
      }),
    );
  });

  it("rejects any string holding a forbidden character, tab, newline, CR or non-ASCII character", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 100 }),
        badChar,
        fc.string({ maxLength: 100 }),
        (before, bad, after) => {
          const id = before + bad + after;
          expect(isValidPackageId(id)).toBe(false);
          expect(IngestDocumentRequest.safeParse(request(id)).success).toBe(false);
        },
      ),
    );
  });

  it.each(PACKAGE_ID_FORBIDDEN_CHARACTERS)(
    "names the forbidden characters when %s is used",
    (c) => {
      expect(packageIdProblem(`abc${c}def`)).toBe('packageId may not contain @ < > : " / \\ | ? *');
    },
  );

  it.each([
    ["a\tb", "tabs, newlines or carriage returns"],
    ["a\nb", "tabs, newlines or carriage returns"],
    ["a\rb", "tabs, newlines or carriage returns"],
    ["dossier-é", "only contain ASCII"],
    ["a\u0001b", "control characters"],
    ["a\u007fb", "control characters"],
  ])("explains why %j is refused", (id, words) => {
    expect(packageIdProblem(id)).toContain(words);
  });

  it("refuses . and .., which cannot stand in a URL path, but allows dots otherwise", () => {
    expect(packageIdProblem(".")).toMatch(/URL path/);
    expect(packageIdProblem("..")).toMatch(/URL path/);
    for (const id of ["...", ".a", "a..b", "v1.0"]) expect(packageIdProblem(id)).toBeNull();
  });

  it("requires at least one character and at most 255", () => {
    expect(packageIdProblem("")).toBe("packageId may not be empty");
    expect(isValidPackageId("x".repeat(255))).toBe(true);
    expect(packageIdProblem("x".repeat(256))).toBe("packageId may be at most 255 characters long");
  });

  it("accepts a generated UUID and typical archive references", () => {
    for (const id of [
      "3f2b8c1e-2d4a-4c7e-9a51-0f6f8b2a9d10",
      "INV 2024-001 (copy)",
      "a.b_c~d#e$f%g&h'i+j=k[l]m{n}o^p`q!r,s;t",
    ]) {
      expect(isValidPackageId(id)).toBe(true);
    }
  });
});
