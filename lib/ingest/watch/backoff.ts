// How long the status hub waits before asking the upstream again: soon after a change (things
// are moving), then longer and longer while nothing changes, up to a ceiling.

export interface PollPacing {
  minMs: number;
  maxMs: number;
  // Growth per unchanged answer.
  factor: number;
}

// About 1 s after a change, doubling to 15 s while unchanged: 1, 2, 4, 8, 15, 15, ...
export const DEFAULT_PACING: PollPacing = { minMs: 1_000, maxMs: 15_000, factor: 2 };

// The delay before the next poll, given the last delay (null before the first) and whether the
// last answer changed anything. A failed poll counts as unchanged, so errors back off too.
export function nextPollDelay(
  previousMs: number | null,
  changed: boolean,
  pacing: PollPacing = DEFAULT_PACING,
): number {
  if (previousMs === null || changed) return pacing.minMs;
  return Math.min(pacing.maxMs, Math.max(pacing.minMs, Math.round(previousMs * pacing.factor)));
}
