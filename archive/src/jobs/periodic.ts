// Background work that repeats: runs at start, then again `intervalMs` after each run ends, so
// runs never overlap; a failed run is reported and the next one still comes.
export interface PeriodicTask {
  start(): void;
  // Stops the repeats and waits for a run in progress.
  stop(): Promise<void>;
}

export function createPeriodicTask(options: {
  run(): Promise<unknown>;
  intervalMs: number;
  onError(error: unknown): void;
}): PeriodicTask {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = options.run().catch(options.onError);
    void running.then(() => {
      if (timer) timer = setTimeout(tick, options.intervalMs);
    });
  };
  return {
    start() {
      if (timer) return;
      timer = setTimeout(tick, 0);
    },
    async stop() {
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
