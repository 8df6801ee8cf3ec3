// The words of an upload progress row: a status line for the eye, and an announcement for screen
// readers that changes only at milestones, so a live region is not read out ten times a second.
import { formatBytes, formatDuration, formatRate } from "./format";
import { percentOf } from "./progress";
import type { UploadEvent } from "./uploader";

export type UploadRowState =
  { phase: "queued" } | UploadEvent | { phase: "failed"; message: string } | { phase: "cancelled" };

export interface UploadRowText {
  // "12 MB of 60 MB · 4.1 MB/s · 12 s left"
  status: string;
  // Percent for a progress bar; null when there is no measurable progress (queued, waiting).
  percent: number | null;
  // Changes at phase changes and every 25%.
  announcement: string;
}

// Status, percent and announcement of the row for `name` in `state`.
export function uploadRowText(name: string, state: UploadRowState): UploadRowText {
  switch (state.phase) {
    case "queued":
      return {
        status: "Waiting to start",
        percent: null,
        announcement: `${name} is waiting to upload.`,
      };
    case "hashing": {
      const percent = percentOf(state);
      return {
        status: `Computing the checksum: ${formatBytes(state.loaded)} of ${formatBytes(state.total)}`,
        percent,
        announcement: `Checking ${name}: ${Math.floor(percent / 25) * 25}%.`,
      };
    }
    case "uploading": {
      const p = state.progress;
      const percent = percentOf(p);
      const parts = [`${formatBytes(p.loaded)} of ${formatBytes(p.total)}`];
      if (p.bytesPerSecond) parts.push(formatRate(p.bytesPerSecond));
      if (p.secondsLeft !== null && p.loaded < p.total)
        parts.push(`${formatDuration(p.secondsLeft)} left`);
      const retry = state.attempt > 1 ? ` (attempt ${state.attempt})` : "";
      return {
        status: parts.join(" · ") + retry,
        percent,
        announcement: `Uploading ${name}${retry}: ${Math.floor(percent / 25) * 25}%.`,
      };
    }
    case "waiting": {
      const next = `attempt ${state.attempt} of ${state.retries + 1}`;
      return {
        status: `${state.reason} Trying again in ${formatDuration(state.delayMs / 1000)} (${next}).`,
        percent: null,
        announcement: `${name}: ${state.reason} Trying again, ${next}.`,
      };
    }
    case "done":
      return {
        status: "Uploaded and checksum verified",
        percent: 100,
        announcement: `${name} is uploaded.`,
      };
    case "failed":
      return {
        status: state.message,
        percent: null,
        announcement: `${name} could not be uploaded: ${state.message}`,
      };
    case "cancelled":
      return {
        status: "Cancelled",
        percent: null,
        announcement: `The upload of ${name} was cancelled.`,
      };
  }
}
