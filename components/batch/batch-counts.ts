// The batch's counts and the time left, from the queue's items.
import type { QueueItem } from "@/lib/batch/queue";
import { isFinished } from "@/lib/batch/queue-state";

export interface BatchCounts {
  total: number;
  queued: number;
  sending: number;
  processing: number;
  ingested: number;
  failed: number;
  cancelled: number;
  finished: number;
}

export function countItems(items: readonly QueueItem[]): BatchCounts {
  const c: BatchCounts = {
    total: items.length,
    queued: 0,
    sending: 0,
    processing: 0,
    ingested: 0,
    failed: 0,
    cancelled: 0,
    finished: 0,
  };
  for (const { state } of items) {
    if (isFinished(state)) c.finished++;
    if (state.kind === "queued") c.queued++;
    else if (state.kind === "uploading" || state.kind === "sending") c.sending++;
    else if (state.kind === "failed") c.failed++;
    else if (state.kind === "cancelled") c.cancelled++;
    else if (state.status === "INGESTED") c.ingested++;
    else if (state.status === "FAILED") c.failed++;
    else c.processing++;
  }
  return c;
}

// "about 2 min left", from the pace since `since` (ms) of the packages finished since then.
export function timeLeft(counts: BatchCounts, finishedAtStart: number, since: number, now: number) {
  const done = counts.finished - finishedAtStart;
  const left = counts.total - counts.finished;
  if (left === 0) return null;
  if (done <= 0 || now <= since) return "estimating the time left";
  const seconds = Math.round(((now - since) / done / 1000) * left);
  return seconds < 90 ? `about ${seconds} s left` : `about ${Math.round(seconds / 60)} min left`;
}
