// How a deletion request reads in the history on the admin page. A request its requester decided
// against is a withdrawal: the archive was never asked either way, so it is stored as rejected
// (lib/deletions/service.ts), but the history says "Withdrawn", by whom and when.
import type { DeletionStatus } from "@/lib/db/schema";
import { STATUS_TEXT, WITHDRAWN_COMMENT } from "./words";

export type HistoryState = DeletionStatus | "withdrawn";

export interface HistoryRequest {
  status: DeletionStatus;
  requestedById: string;
  decidedById: string | null;
  decidedByName: string | null;
  decidedAt: string | null;
  comment: string | null;
  outcome: { message?: string } | null;
}

export const HISTORY_TEXT: Record<HistoryState, string> = {
  ...STATUS_TEXT,
  withdrawn: "Withdrawn",
};

// The request's state as the history names it.
export function historyState(request: HistoryRequest): HistoryState {
  return request.status === "rejected" && request.decidedById === request.requestedById
    ? "withdrawn"
    : request.status;
}

// How the request ended, in a sentence; `when` writes a stored time as the page shows times.
export function outcomeText(request: HistoryRequest, when: (iso: string) => string): string {
  const state = historyState(request);
  if (state === "failed") return request.outcome?.message ?? "The archive refused the deletion.";
  if (state !== "withdrawn" && state !== "rejected" && state !== "done") return HISTORY_TEXT[state];
  const by = request.decidedByName ? ` by ${request.decidedByName}` : "";
  const at = request.decidedAt ? ` on ${when(request.decidedAt)}` : "";
  const comment =
    request.comment && request.comment !== WITHDRAWN_COMMENT ? `: “${request.comment}”` : "";
  return `${HISTORY_TEXT[state]}${by}${at}${comment}`;
}
