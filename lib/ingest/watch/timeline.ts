// The status timeline of one SIP: when it was submitted, then each status the dashboard saw.
import { isTerminalSipStatus } from "@scriptorium/contract/ingest/schemas";
import type { SipSnapshot } from "./snapshot";

export interface TimelineItem {
  // The status as the upstream wrote it, or "Submitted".
  label: string;
  at: string;
  tone: "neutral" | "progress" | "success" | "danger";
  // What the time means, for the reader.
  note: string;
}

// The tone of a status badge: unknown values are "in progress" like PENDING and PROCESSING.
export function statusTone(status: string | null): TimelineItem["tone"] {
  if (status === "INGESTED") return "success";
  if (status === "FAILED") return "danger";
  return status === null ? "neutral" : "progress";
}

// The timeline items, oldest first.
export function timelineOf(
  snapshot: Pick<SipSnapshot, "submissionDate" | "history">,
): TimelineItem[] {
  const items: TimelineItem[] = [];
  if (snapshot.submissionDate) {
    items.push({
      label: "Submitted",
      at: snapshot.submissionDate,
      tone: "neutral",
      note: "accepted by the archive",
    });
  }
  snapshot.history.forEach((change, index) => {
    const first = index === 0;
    items.push({
      label: change.status,
      at: change.at,
      tone: statusTone(change.status),
      note: first
        ? "first seen by the dashboard"
        : isTerminalSipStatus(change.status)
          ? "final status"
          : "status changed",
    });
  });
  return items;
}
