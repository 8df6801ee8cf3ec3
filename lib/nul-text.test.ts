import { describe, expect, it } from "vitest";
import { nulCharacterPath, nulCharacterProblem } from "./nul-text";

describe("nulCharacterPath", () => {
  it("names the first string or key holding U+0000, in the form a person reads", () => {
    expect(nulCharacterPath({ documents: [{ name: "ok" }, { name: "a\u0000b" }] })).toBe(
      "documents[1].name",
    );
    expect(nulCharacterPath({ metadatas: [{ metadata: { "ti\u0000tle": "x" } }] })).toBe(
      "metadatas[0].metadata.ti\\u0000tle (its name)",
    );
    expect(nulCharacterPath("\u0000")).toBe("");
  });

  it("passes values without it, other control characters included", () => {
    expect(nulCharacterPath({ a: ["\u0001\t\n", 1, null, true, { b: "\u00e9\u{1F600}" }] })).toBe(
      undefined,
    );
  });
});

describe("nulCharacterProblem", () => {
  it("says where and why", () => {
    expect(nulCharacterProblem({ poId: "\u0000" }, "The request")).toBe(
      "poId contains the character U+0000 (NUL), which cannot be stored as text.",
    );
    expect(nulCharacterProblem("\u0000", "The request body")).toMatch(/^The request body contains/);
    expect(nulCharacterProblem({ poId: "x" }, "The request")).toBeUndefined();
  });
});
