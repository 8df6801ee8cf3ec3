import { describe, expect, it } from "vitest";
import {
  idsForNewNames,
  pruneRelations,
  remainingFileBytes,
  REQUEST_LIMIT_BYTES,
  requestBytes,
} from "./dropped-files";

describe("request size", () => {
  it("counts base64 as four bytes for every three, plus room for the JSON around each object", () => {
    expect(requestBytes([])).toBe(1024);
    expect(requestBytes([3, 4])).toBe(1024 + (4 + 1024) + (8 + 1024));
  });

  it("leaves room for about three quarters of the limit in file bytes", () => {
    const room = remainingFileBytes([]);
    expect(room).toBeGreaterThan(7.4 * 1024 * 1024);
    expect(requestBytes([room])).toBeLessThanOrEqual(REQUEST_LIMIT_BYTES);
    expect(remainingFileBytes([room])).toBeLessThanOrEqual(0);
  });
});

describe("ids and relations", () => {
  it("gives new files ids that clash neither with existing ones nor with each other", () => {
    expect(idsForNewNames(["a.pdf", "metadata-1"], ["a.pdf", "b.xml", "b.xml"])).toEqual([
      "a (2).pdf",
      "b.xml",
      "b (2).xml",
    ]);
  });

  it("drops relations to objects that were removed", () => {
    expect(pruneRelations(["a.pdf", "gone.txt"], new Set(["a.pdf", "b.xml"]))).toEqual(["a.pdf"]);
  });
});
