// Background work that repeats: runs at start, then again `intervalMs` after each run ends, so
// runs never overlap; a failed run is reported and the next one still comes. `wake()` asks for a
// run within `wakeDelayMs` (work arrived), so the interval can be long: a backstop.
export interface PeriodicTask {
  start(): void;
  // Runs within wakeDelayMs (after the run under way, if any), then keeps the usual interval.
  wake(): void;
  // Stops the repeats and waits for a run in progress.
  stop(): Promise<void>;
}

export function createPeriodicTask(options: {
  run(): Promise<unknown>;
  intervalMs: number;
  // Without it, wake() runs at once.
  wakeDelayMs?: number;
  onError(error: unknown): void;
}): PeriodicTask {
  const wakeDelayMs = options.wakeDelayMs ?? 0;
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  // When the timer fires (ms since the epoch).
  let due = Infinity;
  let running: Promise<unknown> | null = null;
  // Woken while a run was under way: that run may have missed what the wake was about.
  let wokenDuringRun = false;

  const schedule = (delayMs: number) => {
    if (!started || running) return;
    const at = Date.now() + delayMs;
    if (timer && due <= at) return;
    clearTimeout(timer);
    due = at;
    timer = setTimeout(tick, delayMs);
  };

  const tick = () => {
    timer = undefined;
    due = Infinity;
    wokenDuringRun = false;
    const run = options
      .run()
      .catch(options.onError)
      .finally(() => {
        running = null;
        schedule(wokenDuringRun ? wakeDelayMs : options.intervalMs);
      });
    running = run;
  };

  return {
    start() {
      if (started) return;
      started = true;
      schedule(0);
    },
    wake() {
      if (running) wokenDuringRun = true;
      else schedule(wakeDelayMs);
    },
    async stop() {
      started = false;
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
