// When the batch page reads its batch's status. Each read has the dashboard ask the archive about
// up to a hundred SIPs, work taken from the ingests themselves on the machine the archive shares,
// while the statuses of packages just accepted have barely moved: so while packages are still
// being sent the page reads every STATUS_WHILE_SENDING_MS, and every STATUS_EVERY_MS once all are
// sent, to see the last SIPs end.
import type { QueueSnapshot } from "./queue";
import { isFinished, type ItemState } from "./queue-state";

export const STATUS_EVERY_MS = 2_000;
export const STATUS_WHILE_SENDING_MS = 6_000;

const unsent = (state: ItemState) =>
  state.kind === "queued" || state.kind === "uploading" || state.kind === "sending";

// Whether a read is due, `sinceLastReadMs` after the last one (Infinity before the first, which
// also finds the packages a reloaded page sent but never heard back about).
export function statusReadDue(snapshot: QueueSnapshot, sinceLastReadMs: number): boolean {
  const { items, mode } = snapshot;
  if (mode.kind === "paused" || !items.some((item) => !isFinished(item.state))) return false;
  return !items.some((item) => unsent(item.state)) || sinceLastReadMs >= STATUS_WHILE_SENDING_MS;
}
