import { describe, expect, it } from "vitest";
import { descriptionOf, DUBLIN_CORE, keywordsOf, titleOf } from "./describe";
import { fold, toTsQuery } from "./text";

describe("fold", () => {
  it("lowers case, takes accents off and splits at everything but letters and digits", () => {
    expect(fold("Procès-verbal HR-2024/0153 ÉÉN notulen.pdf")).toBe(
      "proces verbal hr 2024 0153 een notulen pdf",
    );
    expect(fold("  ---  ")).toBe("");
  });
});

describe("toTsQuery", () => {
  it("makes every word a prefix that must match", () => {
    expect(toTsQuery("Board minutes")).toBe("(board:*) & (minutes:*)");
  });

  it("keeps phrases and hyphenated references together, words in a row", () => {
    expect(toTsQuery('"annual report" HR-2024-0153')).toBe(
      "(annual <-> report:*) & (hr <-> 2024 <-> 0153:*)",
    );
  });

  it("excludes with a leading minus and accepts either side of OR", () => {
    expect(toTsQuery("minutes -draft")).toBe("(minutes:*) & !(draft:*)");
    expect(toTsQuery("notulen OR minutes 2024")).toBe("((notulen:*) | (minutes:*)) & (2024:*)");
  });

  it("answers null when nothing can be searched for, and never passes tsquery syntax through", () => {
    expect(toTsQuery("!!! & |")).toBeNull();
    expect(toTsQuery("-draft")).toBeNull();
    expect(toTsQuery("a:*|b&!c'd")).toBe("(a <-> b <-> c <-> d:*)");
  });
});

describe("titles and descriptions", () => {
  const dc = {
    schema: DUBLIN_CORE,
    metadata: { title: ["Board minutes"], description: "Monthly" },
  };
  const rm = {
    schema: "urn:scriptorium:schema:records-management:1.0",
    metadata: { record: { title: "Personnel file", reference: "HR-2024-0153" } },
  };

  it("takes dc:title first, then a title of any schema, then the first file name", () => {
    expect(titleOf([rm, dc], ["a.pdf"])).toBe("Board minutes");
    expect(titleOf([rm], ["a.pdf"])).toBe("Personnel file");
    expect(titleOf([], ["", "scan.tif"])).toBe("scan.tif");
    expect(titleOf([])).toBeNull();
    expect(descriptionOf([dc])).toBe("Monthly");
  });

  it("finds an object by every metadata value and file name", () => {
    expect(keywordsOf("p-1", [rm], ["scan.tif"])).toBe("p-1 scan.tif Personnel file HR-2024-0153");
  });
});
