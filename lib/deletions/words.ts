// Deletion modes and request statuses in the words the dialog and the admin page use, without zod:
// the pages import them from here, and ./rules (with the request schemas) re-exports them.
import type { DELETION_MODES } from "@scriptorium/contract/preservation/constants";
import type { DeletionStatus } from "@/lib/db/schema";

export type DeletionMode = (typeof DELETION_MODES)[number];

export const MIN_REASON_LENGTH = 10;

// What each mode does, in the words the dialog and the admin page use.
export const MODE_TEXT: Record<DeletionMode, { title: string; detail: string }> = {
  OnlySubDOs: {
    title: "Delete the content, keep the evidence",
    detail:
      "The files and metadata are removed. The evidence records stay, so you can still prove later what was preserved and when.",
  },
  SubDOsAndEvidence: {
    title: "Delete the content and the evidence",
    detail:
      "The files, the metadata and the evidence records are all removed. Only the archive's trace remains.",
  },
};

// The comment a request keeps when its requester withdrew it.
export const WITHDRAWN_COMMENT = "Withdrawn by the administrator who asked.";

// How a request's status reads on the admin page.
export const STATUS_TEXT: Record<DeletionStatus, string> = {
  pending: "Waiting for a second administrator",
  approved: "Approved, being carried out",
  rejected: "Rejected",
  done: "Deleted",
  failed: "Deletion failed",
};
