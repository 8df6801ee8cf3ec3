import { describe, expect, it } from "vitest";
import { withItems } from "./status-items";

const item = (key: string, status: string | null) => ({ key, status });

describe("folding a batch status read into what the page knows", () => {
  it("takes a package named again in its place, and adds new ones after", () => {
    const known = [item("a", null), item("b", "PENDING"), item("c", null)];
    expect(withItems(known, [item("b", "INGESTED"), item("d", "PENDING")])).toEqual([
      item("a", null),
      item("b", "INGESTED"),
      item("c", null),
      item("d", "PENDING"),
    ]);
    expect(known[1]).toEqual(item("b", "PENDING"));
  });

  it("keeps everything when the read named nothing", () => {
    const known = [item("a", "FAILED")];
    expect(withItems(known, [])).toEqual(known);
    expect(withItems([], [item("a", null)])).toEqual([item("a", null)]);
  });
});
