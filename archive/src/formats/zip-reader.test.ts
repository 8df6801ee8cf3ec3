import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { listEntries, withZip } from "./zip-reader";

const names = (zip: Uint8Array) =>
  withZip(zip, async (z) => (z ? (await listEntries(z))?.map((e) => e.name) : undefined));

describe("zip entry names", () => {
  it("reads an ASCII name with control characters as written, not as CP437's glyphs", async () => {
    // fflate, as most writers, sets the UTF-8 flag only for names beyond ASCII.
    const zip = zipSync({
      "bag/data/\u0001": new Uint8Array(),
      "bag/data/a\u001fb.txt": strToU8("x"),
    });
    expect(await names(zip)).toEqual(["bag/data/\u0001", "bag/data/a\u001fb.txt"]);
  });

  it("reads a UTF-8 name as UTF-8", async () => {
    const zip = zipSync({ "bag/data/☺ café.txt": strToU8("x") });
    expect(await names(zip)).toEqual(["bag/data/☺ café.txt"]);
  });
});
