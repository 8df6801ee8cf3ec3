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
      page: 1,
    });
    expect(journalViewSearch(view)).toBe("view=review&status=FAILED&from=2025-02-01");
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
