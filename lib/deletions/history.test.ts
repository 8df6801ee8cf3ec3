import { describe, expect, it } from "vitest";
import { historyState, HISTORY_TEXT, outcomeText, type HistoryRequest } from "./history";
import { WITHDRAWN_COMMENT } from "./rules";

const when = (iso: string) => `${iso.slice(0, 10)} UTC`;
const decided = (over: Partial<HistoryRequest>): HistoryRequest => ({
  status: "rejected",
  requestedById: "alan",
  decidedById: "grace",
  decidedByName: "Grace Admin",
  decidedAt: "2026-11-30T10:00:00.000Z",
  comment: "Still under legal hold",
  outcome: null,
  ...over,
});

describe("the deletion history", () => {
  it("says a request its requester took back was withdrawn, by whom and when", () => {
    const withdrawn = decided({
      decidedById: "alan",
      decidedByName: "Alan Admin",
      comment: WITHDRAWN_COMMENT,
    });
    expect(historyState(withdrawn)).toBe("withdrawn");
    expect(HISTORY_TEXT[historyState(withdrawn)]).toBe("Withdrawn");
    expect(outcomeText(withdrawn, when)).toBe("Withdrawn by Alan Admin on 2026-11-30 UTC");
    // Taken back with the Reject button and a comment of their own: still a withdrawal.
    expect(outcomeText({ ...withdrawn, comment: "Wrong object" }, when)).toBe(
      "Withdrawn by Alan Admin on 2026-11-30 UTC: “Wrong object”",
    );
  });

  it("says another administrator's refusal was a rejection, with its comment", () => {
    const rejected = decided({});
    expect(historyState(rejected)).toBe("rejected");
    expect(outcomeText(rejected, when)).toBe(
      "Rejected by Grace Admin on 2026-11-30 UTC: “Still under legal hold”",
    );
  });

  it("names the other states as they are", () => {
    expect(historyState(decided({ status: "pending", decidedById: null }))).toBe("pending");
    expect(outcomeText(decided({ status: "done", comment: null }), when)).toBe(
      "Deleted by Grace Admin on 2026-11-30 UTC",
    );
    expect(
      outcomeText(decided({ status: "failed", outcome: { message: "Unknown object" } }), when),
    ).toBe("Unknown object");
    expect(outcomeText(decided({ status: "approved" }), when)).toBe("Approved, being carried out");
  });
});
