import { describe, expect, it } from "vitest";
import { apiQueryOf, dayBoundary, journalViewFrom, journalViewSearch } from "./journal-url";

describe("journal page URL", () => {
  it("reads filters from the URL and ignores malformed dates and pages", () => {
    const view = journalViewFrom(
      new URLSearchParams("view=review&status=FAILED&from=2025-02-01&to=soon&page=-2"),
    );
    expect(view).toEqual({
      view: "review",
      status: "FAILED",
      outcome: "",
      user: "",
      profile: "",
      from: "2025-02-01",
      to: "",
      batch: "",
      page: 1,
    });
    expect(journalViewSearch(view)).toBe("view=review&status=FAILED&from=2025-02-01");
  });

  it("keeps a batch id and ignores anything else in its place", () => {
    const id = "0b8f2a52-51a4-4f6e-9d9b-2f0f7c1b6d2e";
    const view = journalViewFrom(new URLSearchParams(`batch=${id}`));
    expect(apiQueryOf(view)).toEqual({ view: "all", page: 1, batch: id });
    expect(journalViewSearch(view)).toBe(`batch=${id}`);
    expect(journalViewFrom(new URLSearchParams("batch=letters")).batch).toBe("");
  });

  it("turns calendar days into the reader's local day boundaries", () => {
    const start = new Date(dayBoundary("2025-02-01", false)!);
    const end = new Date(dayBoundary("2025-02-01", true)!);
    expect([
      start.getFullYear(),
      start.getMonth(),
      start.getDate(),
      start.getHours(),
      start.getMinutes(),
    ]).toEqual([2025, 1, 1, 0, 0]);
    expect(end.getTime() - start.getTime()).toBe(24 * 3600 * 1000 - 1);
    expect(apiQueryOf(journalViewFrom(new URLSearchParams("to=2025-02-01")))).toEqual({
      view: "all",
      page: 1,
      to: end.toISOString(),
    });
  });
});
