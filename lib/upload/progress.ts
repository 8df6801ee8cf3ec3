// Transfer rate and time left from a stream of "bytes so far" samples. Pure: the caller passes the
// time, so the maths is testable without a clock.

export interface TransferProgress {
  loaded: number;
  total: number;
  // Smoothed; null until enough time has passed to measure.
  bytesPerSecond: number | null;
  // null while the rate is unknown; 0 when done.
  secondsLeft: number | null;
}

export interface ProgressTracker {
  // Records that `loaded` bytes are done at time `now` (ms) and returns the progress to show.
  update(loaded: number, now: number): TransferProgress;
}

export interface ProgressOptions {
  // How quickly the rate follows a change: after this long, a new rate has 63% of the weight.
  smoothingMs?: number;
  // Samples closer together than this are merged: browsers report progress in bursts.
  minSampleMs?: number;
  // Bytes already done at the start (an upload resumed from stored parts): not counted as speed.
  startLoaded?: number;
}

// A tracker for a transfer of `total` bytes starting at `startedAt` (ms). A `loaded` that goes
// down (a retry starts over) moves the baseline without giving a negative rate.
export function createProgressTracker(
  total: number,
  startedAt: number,
  { smoothingMs = 3_000, minSampleMs = 250, startLoaded = 0 }: ProgressOptions = {},
): ProgressTracker {
  let baseLoaded = Math.min(total, Math.max(0, startLoaded));
  let baseTime = startedAt;
  let rate: number | null = null;

  return {
    update(rawLoaded, now) {
      const loaded = Math.min(total, Math.max(0, rawLoaded));
      if (loaded < baseLoaded) {
        baseLoaded = loaded;
        baseTime = now;
      }
      const elapsed = now - baseTime;
      if (elapsed >= minSampleMs) {
        const instant = ((loaded - baseLoaded) * 1000) / elapsed;
        const weight = 1 - Math.exp(-elapsed / smoothingMs);
        rate = rate === null ? instant : rate + weight * (instant - rate);
        baseLoaded = loaded;
        baseTime = now;
      }
      const remaining = total - loaded;
      const secondsLeft = remaining === 0 ? 0 : rate && rate > 0 ? remaining / rate : null;
      return { loaded, total, bytesPerSecond: rate, secondsLeft };
    },
  };
}

// Whole percent done, 0 to 100; an empty transfer is 100 once started.
export function percentOf(progress: Pick<TransferProgress, "loaded" | "total">): number {
  if (progress.total <= 0) return 100;
  return Math.min(100, Math.max(0, Math.floor((progress.loaded / progress.total) * 100)));
}
