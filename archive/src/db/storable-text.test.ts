import { describe, expect, it } from "vitest";
import { storableText } from "./storable-text";

describe("storableText", () => {
  it("spells U+0000 and unpaired surrogates as escapes, and keeps everything else", () => {
    expect(storableText("a\u0000b")).toBe("a\\u0000b");
    expect(storableText("x\uD83D")).toBe("x\\uD83D");
    expect(storableText("\uDE00y")).toBe("\\uDE00y");
    expect(storableText("ok \u{1F600} \u0001 é")).toBe("ok \u{1F600} \u0001 é");
  });
});
