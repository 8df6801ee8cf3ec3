import { describe, expect, it } from "vitest";
import { DeletionDecisionInput, DeletionRequestInput, nextStatus } from "./rules";

const pending = { status: "pending" as const, requestedById: "alan" };

describe("nextStatus", () => {
  it("lets a second admin approve a waiting request, but never the requester", () => {
    expect(nextStatus(pending, { type: "approve", by: "grace" })).toEqual({
      ok: true,
      status: "approved",
    });
    expect(nextStatus(pending, { type: "approve", by: "alan" })).toEqual({
      ok: false,
      reason: "A second administrator must approve: you asked for this deletion yourself.",
    });
  });

  it("lets any admin reject a waiting request, the requester withdrawing it too", () => {
    expect(nextStatus(pending, { type: "reject", by: "alan" })).toEqual({
      ok: true,
      status: "rejected",
    });
    expect(nextStatus(pending, { type: "reject", by: "grace" })).toEqual({
      ok: true,
      status: "rejected",
    });
  });

  it("lets only the requester withdraw, and only while the request waits", () => {
    expect(nextStatus(pending, { type: "withdraw", by: "alan" })).toEqual({
      ok: true,
      status: "rejected",
    });
    expect(nextStatus(pending, { type: "withdraw", by: "grace" })).toEqual({
      ok: false,
      reason: "Only the administrator who asked can withdraw a request.",
    });
    const approved = { status: "approved" as const, requestedById: "alan" };
    expect(nextStatus(approved, { type: "withdraw", by: "alan" }).ok).toBe(false);
  });

  it("carries out only approved requests, ending them done or failed", () => {
    const approved = { status: "approved" as const, requestedById: "alan" };
    expect(nextStatus(approved, { type: "deleted" })).toEqual({ ok: true, status: "done" });
    expect(nextStatus(approved, { type: "failed" })).toEqual({ ok: true, status: "failed" });
    expect(nextStatus(pending, { type: "deleted" }).ok).toBe(false);
    expect(nextStatus(approved, { type: "approve", by: "grace" }).ok).toBe(false);
  });

  it("changes nothing once a request has ended", () => {
    for (const status of ["rejected", "done", "failed"] as const) {
      const ended = { status, requestedById: "alan" };
      expect(nextStatus(ended, { type: "approve", by: "grace" }).ok).toBe(false);
      expect(nextStatus(ended, { type: "reject", by: "grace" }).ok).toBe(false);
      expect(nextStatus(ended, { type: "deleted" }).ok).toBe(false);
    }
  });
});

describe("DeletionRequestInput", () => {
  const valid = {
    poId: "po-1",
    mode: "OnlySubDOs",
    reason: "Retention period ended",
    crn: "Alan Admin",
    confirm: "po-1",
  };

  it("accepts a complete request and trims what was typed", () => {
    const parsed = DeletionRequestInput.parse({ ...valid, reason: "  Retention period ended  " });
    expect(parsed.reason).toBe("Retention period ended");
  });

  it("refuses a short reason, an unknown mode and a confirmation that does not match", () => {
    const messages = (input: unknown) =>
      DeletionRequestInput.safeParse(input).error?.issues.map((i) => i.message) ?? [];
    expect(messages({ ...valid, reason: "too short" })).toEqual([
      "Give a reason of at least 10 characters.",
    ]);
    expect(messages({ ...valid, mode: "Everything" })).toEqual(["Choose what to delete."]);
    expect(messages({ ...valid, confirm: "po-2" })).toEqual([
      "Type the object's ID exactly to confirm.",
    ]);
  });

  it("needs a comment on every decision", () => {
    expect(DeletionDecisionInput.safeParse({ comment: "   " }).success).toBe(false);
    expect(DeletionDecisionInput.parse({ comment: " Checked with legal " })).toEqual({
      comment: "Checked with legal",
    });
  });
});
