import { describe, expect, it } from "vitest";
import { parseBagInfo, parseManifest } from "./bag-text";

const EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

describe("manifest and bag-info lines", () => {
  // JavaScript's "." stops at U+2028 and U+2029, which BagIt does not treat as line ends.
  it.each(["\u2028", "\u2029", "\u0085"])("keep a path holding %j", (character) => {
    const path = `data/a${character}b`;
    const { entries, problems } = parseManifest(
      `${EMPTY_SHA256}  ${path}\n`,
      "manifest-sha256.txt",
    );
    expect(problems).toEqual([]);
    expect([...entries.keys()]).toEqual([path]);
  });

  it("keeps a bag-info value holding U+2028", () => {
    expect(parseBagInfo("External-Description: one\u2028two\n")).toEqual({
      "External-Description": ["one\u2028two"],
    });
  });

  it("keeps labels that are names of an object's built-in properties as labels", () => {
    const info = parseBagInfo("constructor: a\n__proto__: b\ntoString: c\nconstructor: d\n");
    expect(Object.entries(info)).toEqual([
      ["constructor", ["a", "d"]],
      ["__proto__", ["b"]],
      ["toString", ["c"]],
    ]);
  });
});
