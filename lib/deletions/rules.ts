// The rules of a deletion through the dashboard, pure so that the dialog, the route and the tests
// share them: what a request must carry, what each mode means, and which step may follow which.
//
//   four-eyes on:   pending --approve (another admin)--> approved --DeletePO--> done | failed
//                   pending --reject (any admin) or withdraw (the requester)--> rejected
//   four-eyes off:  approved (by the requester) --DeletePO--> done | failed
import { z } from "zod";
import { DELETION_MODES } from "@scriptorium/contract/preservation/constants";
import { MIN_REASON_LENGTH } from "./words";
import type { DeletionStatus } from "@/lib/db/schema";

export {
  MIN_REASON_LENGTH,
  MODE_TEXT,
  STATUS_TEXT,
  WITHDRAWN_COMMENT,
  type DeletionMode,
} from "./words";

// The body of POST /api/admin/deletions.
export const DeletionRequestInput = z
  .strictObject({
    poId: z.string().trim().min(1, "Name the object to delete."),
    mode: z.enum(DELETION_MODES, { error: "Choose what to delete." }),
    reason: z
      .string({ error: "Give a reason." })
      .trim()
      .min(MIN_REASON_LENGTH, `Give a reason of at least ${MIN_REASON_LENGTH} characters.`)
      .max(2000, "Keep the reason under 2000 characters."),
    crn: z.string().trim().max(200, "Keep the requestor's name under 200 characters.").optional(),
    // The poId typed again: a deletion cannot be confirmed by a stray click.
    confirm: z.string(),
  })
  .refine((input) => input.confirm.trim() === input.poId, {
    message: "Type the object's ID exactly to confirm.",
    path: ["confirm"],
  });
export type DeletionRequestInput = z.infer<typeof DeletionRequestInput>;

// The body of an approval or a rejection.
export const DeletionDecisionInput = z.strictObject({
  comment: z
    .string({ error: "Add a comment." })
    .trim()
    .min(1, "Add a comment that says why.")
    .max(2000, "Keep the comment under 2000 characters."),
});
export type DeletionDecisionInput = z.infer<typeof DeletionDecisionInput>;

export type DeletionEvent =
  | { type: "approve"; by: string }
  | { type: "reject"; by: string }
  | { type: "withdraw"; by: string }
  | { type: "deleted" }
  | { type: "failed" };

export type Transition = { ok: true; status: DeletionStatus } | { ok: false; reason: string };

const FINAL: Record<string, string> = {
  rejected: "This request was rejected; nothing more can happen to it.",
  done: "The object was already deleted for this request.",
  failed: "The deletion failed; ask for a new one if it is still wanted.",
};

// The status after `event`, or why the event is not allowed now.
export function nextStatus(
  request: { status: DeletionStatus; requestedById: string },
  event: DeletionEvent,
): Transition {
  const { status } = request;
  if (FINAL[status]) return { ok: false, reason: FINAL[status]! };
  switch (event.type) {
    case "approve":
      if (status !== "pending")
        return { ok: false, reason: "Only a waiting request can be approved." };
      if (event.by === request.requestedById) {
        return {
          ok: false,
          reason: "A second administrator must approve: you asked for this deletion yourself.",
        };
      }
      return { ok: true, status: "approved" };
    case "reject":
      if (status !== "pending")
        return { ok: false, reason: "Only a waiting request can be rejected." };
      return { ok: true, status: "rejected" };
    case "withdraw":
      if (status !== "pending")
        return { ok: false, reason: "Only a waiting request can be withdrawn." };
      if (event.by !== request.requestedById)
        return { ok: false, reason: "Only the administrator who asked can withdraw a request." };
      return { ok: true, status: "rejected" };
    case "deleted":
    case "failed":
      if (status !== "approved")
        return { ok: false, reason: "Only an approved request is carried out." };
      return { ok: true, status: event.type === "deleted" ? "done" : "failed" };
  }
}

// The settings row that turns four-eyes approval on.
export const FOUR_EYES_SETTING = "deletions.four-eyes";
// The settings row holding a request to turn it off, until another administrator decides.
export const FOUR_EYES_OFF_REQUEST = "deletions.four-eyes.off-request";
