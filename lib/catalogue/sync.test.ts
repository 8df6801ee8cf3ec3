// How the sync divides a prefix that answered too many ids, and how it asks the archive for one.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { prefixFilter, splitPrefix } from "./sync";

describe("splitPrefix", () => {
  it("puts every id under the prefix in exactly one sub-prefix, or in the page of the prefix itself", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ minLength: 0, maxLength: 6 }), { maxLength: 40 }),
        fc.string({ maxLength: 2 }),
        (tails, raw) => {
          const prefix = raw.toLowerCase();
          const ids = tails.map((t) => `${raw}${t}`);
          const { exact, children } = splitPrefix(prefix, ids);
          for (const id of ids) {
            const lower = id.toLowerCase();
            const homes = children.filter((c) => lower.startsWith(c)).length;
            expect(homes + (exact.includes(id) ? 1 : 0)).toBe(1);
          }
        },
      ),
    );
  });

  it("walks sub-prefixes only the catalogue holds, so rows of objects deleted elsewhere are reached", () => {
    const { children } = splitPrefix("", ["a1", "a2", "B3"], ["c9"]);
    expect(children).toEqual(["a", "b", "c"]);
  });
});

describe("prefixFilter", () => {
  it("quotes the prefix so spaces and quotes stay part of it", () => {
    expect(prefixFilter("")).toBe('id="*"');
    expect(prefixFilter('board "x')).toBe('id="board \\"x*"');
  });
});
