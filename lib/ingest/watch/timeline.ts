// The status timeline of one SIP: when it was submitted, then each status the dashboard saw.
import { isTerminalSipStatus } from "@scriptorium/contract/ingest/limits";
import type { SipSnapshot } from "./snapshot";
import { statusTone, type StatusTone } from "./status-tone";

export { statusTone };

export interface TimelineItem {
  // The status as the upstream wrote it, or "Submitted".
  label: string;
  at: string;
  tone: StatusTone;
  // What the time means, for the reader.
  note: string;
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
