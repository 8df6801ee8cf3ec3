// Workers that drain the job queue: each claims one job at a time, keeps its lease alive while
// it runs, and sleeps for `pollMs` (or until woken) when the queue is empty. A job put back for a
// retry wakes a worker when it is due. A job this process queued is handed to its workers by id,
// and claimed by its primary key instead of by a search of the queue; the search still runs when
// no such job is waiting, at least once a second while there are, and whenever a claim by id finds
// the job gone (another worker or process took it) or not runnable yet.
import { randomUUID } from "node:crypto";
import type { ArchiveDb } from "../db/client";
import { claimJob, claimQueuedJob, extendLease, type JobRow, retryJob } from "./queue";

export interface WorkerPoolOptions {
  db: ArchiveDb;
  concurrency: number;
  pollMs: number;
  leaseMs?: number;
  // Runs one job to its terminal state; it must complete the job itself. A throw means "try again".
  run(job: JobRow): Promise<void>;
  // Called when a job's attempts are used up after repeated throws.
  giveUp(job: JobRow, error: unknown): Promise<void>;
  maxAttempts?: number;
  // How long stop() waits for running jobs to finish.
  stopGraceMs?: number;
  onError?(error: unknown): void;
}

export interface WorkerPool {
  start(): void;
  // A job was queued (committed; `jobId` when it is known): one sleeping worker looks for it now
  // (or the next to fall asleep does).
  wake(jobId?: number): void;
  stop(): Promise<void>;
}

const SEARCH_EVERY_MS = 1000;
const MAX_QUEUED_IDS = 10_000;

// Creates a pool of in-process workers over the shared queue.
export function createWorkerPool(options: WorkerPoolOptions): WorkerPool {
  const leaseMs = options.leaseMs ?? 30_000;
  const maxAttempts = options.maxAttempts ?? 3;
  const processId = randomUUID();
  let running = false;
  const loops: Promise<void>[] = [];
  const sleepers = new Set<() => void>();
  // Wakes that found no worker asleep: a worker that found the queue empty just before the job was
  // committed would otherwise sleep through it.
  let missedWakes = 0;
  // Jobs this process queued, oldest first, for a claim by id. Bounded: past it, the search finds
  // the rest.
  const queued: number[] = [];
  // While queued jobs keep coming, the search still runs this often, so a job queued elsewhere, a
  // due retry or a delta that had to wait for its package is not left behind them.
  let lastSearch = 0;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (missedWakes > 0) {
        missedWakes -= 1;
        resolve();
        return;
      }
      const done = () => {
        clearTimeout(timer);
        sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      sleepers.add(done);
    });

  const wakeOne = () => {
    const [first] = sleepers;
    if (first) first();
    else missedWakes = Math.min(missedWakes + 1, options.concurrency);
  };

  const runOne = async (job: JobRow, workerId: string) => {
    const heartbeat = setInterval(() => {
      void extendLease(options.db, job.id, workerId, leaseMs).catch(() => {});
    }, leaseMs / 3);
    try {
      // A job that keeps taking its process down (its lease ran out each time) is not run again.
      if (job.attempts > maxAttempts) throw new Error(`gave up after ${maxAttempts} attempts`);
      await options.run(job);
    } catch (error) {
      if (job.attempts >= maxAttempts) {
        await options.giveUp(job, error);
      } else {
        const reason = error instanceof Error ? error.message : String(error);
        const delayMs = 1000 * 2 ** job.attempts;
        await retryJob(options.db, job.id, reason, delayMs);
        // Timers may fire a millisecond early; the database's clock decides when it is due.
        setTimeout(() => running && wakeOne(), delayMs + 20).unref();
      }
      options.onError?.(error);
    } finally {
      clearInterval(heartbeat);
    }
  };

  const loop = async (workerId: string) => {
    while (running) {
      let job: JobRow | null = null;
      try {
        const hinted = queued.length > 0 && Date.now() - lastSearch < SEARCH_EVERY_MS;
        const jobId = hinted ? queued.shift() : undefined;
        if (jobId !== undefined) job = await claimQueuedJob(options.db, jobId, workerId, leaseMs);
        if (!job) {
          lastSearch = Date.now();
          job = await claimJob(options.db, workerId, leaseMs);
          // Most often the oldest job is one this process queued: it needs no claim by id later.
          const at = job ? queued.indexOf(job.id) : -1;
          if (at >= 0) queued.splice(at, 1);
        }
      } catch (error) {
        if (!running) return;
        options.onError?.(error);
      }
      if (!job) {
        await sleep(options.pollMs);
        continue;
      }
      await runOne(job, workerId).catch((error: unknown) => options.onError?.(error));
    }
  };

  return {
    start() {
      if (running) return;
      running = true;
      for (let i = 0; i < options.concurrency; i++) loops.push(loop(`${processId}/${i}`));
    },
    wake(jobId) {
      if (!running) return;
      if (jobId !== undefined && queued.length < MAX_QUEUED_IDS) queued.push(jobId);
      wakeOne();
    },
    async stop() {
      running = false;
      queued.length = 0;
      for (const wakeUp of [...sleepers]) wakeUp();
      // A job in the middle of a long fetch is not waited for: its lease lapses (or, on PGlite,
      // the next start frees it) and it runs again from a clean slate.
      const grace = new Promise<void>((resolve) =>
        setTimeout(resolve, options.stopGraceMs ?? 5000).unref(),
      );
      await Promise.race([Promise.all(loops.splice(0)), grace]);
    },
  };
}
