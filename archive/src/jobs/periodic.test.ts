// The repeating background task: its first run at start, the interval after each run, and a wake
// that brings the next run forward without ever running two at once.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createPeriodicTask } from "./periodic";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

// A task whose runs the test ends, recording when each one started (fake time).
function manualTask(options: { intervalMs: number; wakeDelayMs?: number }) {
  const starts: number[] = [];
  const finishers: (() => void)[] = [];
  const task = createPeriodicTask({
    ...options,
    run: () =>
      new Promise<void>((resolve) => {
        starts.push(Date.now());
        finishers.push(resolve);
      }),
    onError: () => {},
  });
  const finish = async () => {
    finishers.shift()?.();
    await vi.advanceTimersByTimeAsync(0);
  };
  return { task, starts, finish };
}

describe("createPeriodicTask", () => {
  it("runs at start, then the interval after each run ends", async () => {
    const { task, starts, finish } = manualTask({ intervalMs: 60_000 });
    const t0 = Date.now();
    task.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(starts).toEqual([t0]);
    await vi.advanceTimersByTimeAsync(5_000);
    await finish();
    await vi.advanceTimersByTimeAsync(59_999);
    expect(starts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(starts).toEqual([t0, t0 + 65_000]);
  });

  it("runs within the wake delay when woken between runs, then keeps the interval", async () => {
    const { task, starts, finish } = manualTask({ intervalMs: 60_000, wakeDelayMs: 1_000 });
    const t0 = Date.now();
    task.start();
    await vi.advanceTimersByTimeAsync(0);
    await finish();
    await vi.advanceTimersByTimeAsync(10_000);
    task.wake();
    task.wake();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(starts).toEqual([t0, t0 + 11_000]);
    await finish();
    await vi.advanceTimersByTimeAsync(59_999);
    expect(starts).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(starts).toHaveLength(3);
  });

  it("runs once more after a run that was under way when woken, never two at once", async () => {
    const { task, starts, finish } = manualTask({ intervalMs: 60_000, wakeDelayMs: 1_000 });
    task.start();
    await vi.advanceTimersByTimeAsync(0);
    task.wake();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(starts).toHaveLength(1);
    const ended = Date.now();
    await finish();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(starts).toEqual([starts[0], ended + 1_000]);
  });

  it("runs no more once stopped, woken or not", async () => {
    const { task, starts, finish } = manualTask({ intervalMs: 1_000 });
    task.start();
    await vi.advanceTimersByTimeAsync(0);
    const stopped = task.stop();
    await finish();
    await stopped;
    task.wake();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(starts).toHaveLength(1);
  });
});
