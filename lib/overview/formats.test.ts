import { describe, expect, it } from "vitest";
import { countFormats, representationsOf, topFormats, UNIDENTIFIED } from "./formats";

describe("representationsOf", () => {
  it("reads the enricher's list leniently and skips what is not a file", () => {
    const files = representationsOf([
      { name: "a.pdf", formatName: "PDF 1.7", puid: "fmt/276", size: 10, extra: true },
      "nonsense",
      { name: "b.bin", size: -3 },
    ]);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ name: "a.pdf", puid: "fmt/276", extra: true });
    expect(representationsOf({ not: "a list" })).toEqual([]);
  });
});

describe("countFormats", () => {
  it("groups by format name and PRONOM id, most files first, and sums sizes", () => {
    const formats = countFormats([
      { formatName: "Portable Network Graphics", puid: "fmt/12", mimeType: "image/png", size: 100 },
      { formatName: "Comma Separated Values", puid: "x-fmt/18", size: 5 },
      { formatName: "Portable Network Graphics", puid: "fmt/12", size: 50 },
      { mimeType: "application/octet-stream", size: 7 },
      { size: 1 },
    ]);
    expect(formats).toEqual([
      {
        formatName: "Portable Network Graphics",
        puid: "fmt/12",
        mimeType: "image/png",
        files: 2,
        bytes: 150,
      },
      {
        formatName: "application/octet-stream",
        puid: null,
        mimeType: "application/octet-stream",
        files: 1,
        bytes: 7,
      },
      {
        formatName: "Comma Separated Values",
        puid: "x-fmt/18",
        mimeType: null,
        files: 1,
        bytes: 5,
      },
      { formatName: UNIDENTIFIED, puid: null, mimeType: null, files: 1, bytes: 1 },
    ]);
  });
});

describe("topFormats", () => {
  const format = (name: string, files: number) => ({
    formatName: name,
    puid: null,
    mimeType: null,
    files,
    bytes: files * 10,
  });

  it("keeps a short list as it is", () => {
    expect(topFormats([format("a", 2), format("b", 1)], 3)).toHaveLength(2);
  });

  it("folds the rest into one row so the list keeps its length", () => {
    const top = topFormats([format("a", 5), format("b", 3), format("c", 2), format("d", 1)], 3);
    expect(top.map((f) => f.formatName)).toEqual(["a", "b", "2 other formats"]);
    expect(top[2]).toMatchObject({ files: 3, bytes: 30 });
  });
});
