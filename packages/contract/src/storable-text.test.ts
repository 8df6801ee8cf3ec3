import { describe, expect, it } from "vitest";
import { findUnstorableText, unstorableTextProblem } from "./storable-text";

describe("findUnstorableText", () => {
  it("finds U+0000 in a string or a key, named as a person reads the path", () => {
    expect(findUnstorableText({ documents: [{ name: "ok" }, { name: "a\u0000b" }] })).toEqual({
      path: "documents[1].name",
      what: "the character U+0000 (NUL)",
    });
    expect(findUnstorableText({ metadatas: [{ metadata: { "ti\u0000tle": "x" } }] })?.path).toBe(
      "metadatas[0].metadata.ti\\u0000tle (its name)",
    );
    expect(findUnstorableText("\u0000")?.path).toBe("");
  });

  it("finds an unpaired surrogate, high or low, and names it", () => {
    expect(findUnstorableText({ title: "a\uD83Db" })).toEqual({
      path: "title",
      what: "an unpaired surrogate (U+D83D, half of a character)",
    });
    expect(findUnstorableText(["x", "\uDE00"])?.what).toMatch(/U\+DE00/);
  });

  it("walks a value nested deeper than the call stack goes", () => {
    let deep: unknown = "a\u0000";
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findUnstorableText({ deep })?.what).toBe("the character U+0000 (NUL)");
  });

  it("passes everything else: other control characters, accents, emoji, numbers, null", () => {
    expect(
      findUnstorableText({ a: ["\u0001\t\n", 1, null, true, { b: "\u00e9\u{1F600}\uFFFD" }] }),
    ).toBeUndefined();
  });
});

describe("unstorableTextProblem", () => {
  it("says where and why", () => {
    expect(unstorableTextProblem({ poId: "\u0000" }, "The request")).toBe(
      "poId contains the character U+0000 (NUL), which cannot be stored as text.",
    );
    expect(unstorableTextProblem("\u0000", "The request body")).toMatch(
      /^The request body contains/,
    );
    expect(unstorableTextProblem({ poId: "x" }, "The request")).toBeUndefined();
  });
});
