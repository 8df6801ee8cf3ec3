// Sends the parts of a multipart upload, a few at a time, each its own PUT straight to the
// archive with its SHA-256. Parts join the queue as the hash worker reads them; a part that fails
// is tried again alone, after a back-off, while the others go on. Browser code with seams for tests.
import { backoffDelay, retryActionFor, retryAfterMs } from "./backoff";
import { uploadFailureMessage } from "./upload-failure";
import type { PutTransport } from "./xhr-put";

export interface PartToSend {
  partNumber: number;
  start: number;
  end: number;
  sha256: string;
}

// Where part URLs come from (the archive signs them); `forget` drops one the archive refused.
export interface PartUrlSource {
  get(partNumber: number, signal: AbortSignal): Promise<string>;
  forget(partNumber: number): void;
}

// A part URL could not be had because the dashboard was out of reach: worth another try.
export class PartUrlUnreachable extends Error {
  constructor() {
    super("The dashboard could not be reached to get a part URL.");
    this.name = "PartUrlUnreachable";
  }
}

// A part given up on; `status` is the archive's last answer (null without one).
export class PartFailure extends Error {
  constructor(
    readonly partNumber: number,
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = "PartFailure";
  }
}

export interface PartSenderOptions {
  file: Blob;
  concurrency: number;
  // Further attempts per part after its first.
  retries: number;
  transport: PutTransport;
  urls: PartUrlSource;
  signal: AbortSignal;
  // Bytes already at the archive when sending starts (parts stored before a resume).
  storedBytes: number;
  // Bytes at the archive or on their way there, after every change.
  onLoaded: (loaded: number) => void;
  // The archive stored `part` (kept with the draft, so a resume does not send it again).
  onStored?: (part: PartToSend) => void;
  // Nothing is moving: every part under way waits before its next attempt.
  onWaiting: (wait: { attempt: number; retries: number; delayMs: number; reason: string }) => void;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  now: () => number;
  random?: () => number;
}

export interface PartSender {
  // Queues a part; parts are sent in the order they are queued.
  push(part: PartToSend): void;
  // No more parts will come: `run` ends once the queued ones are stored.
  close(): void;
  // A part counted as stored turned out not to be (its digest differs): its bytes go back.
  discount(bytes: number): void;
  // Resolves when every queued part is stored; rejects with the first part given up on.
  run(): Promise<void>;
}

export function createPartSender(options: PartSenderOptions): PartSender {
  const queue: PartToSend[] = [];
  let closed = false;
  // Workers waiting for a part; each is woken by a push or by close.
  const waiting = new Set<() => void>();
  const wakeAll = () => {
    for (const resolve of waiting) resolve();
    waiting.clear();
  };
  let stored = options.storedBytes;
  const inflight = new Map<number, number>();
  const stop = new AbortController();
  const signal = AbortSignal.any([options.signal, stop.signal]);

  const report = () => {
    let moving = 0;
    for (const bytes of inflight.values()) moving += bytes;
    options.onLoaded(stored + moving);
  };

  const next = async (): Promise<PartToSend | null> => {
    for (;;) {
      if (signal.aborted) return null;
      const part = queue.shift();
      if (part) return part;
      if (closed) return null;
      await new Promise<void>((resolve) => {
        waiting.add(resolve);
        signal.addEventListener("abort", () => resolve(), { once: true });
      });
    }
  };

  const send = async (part: PartToSend) => {
    const size = part.end - part.start;
    for (let attempt = 1; ; attempt++) {
      let status: number | null = null;
      let retryAfter: string | null = null;
      let reason: string;
      try {
        const url = await options.urls.get(part.partNumber, signal);
        inflight.set(part.partNumber, 0);
        const result = await options.transport({
          url,
          body: options.file.slice(part.start, part.end),
          headers: {
            "Content-Type": "application/octet-stream",
            "x-checksum-sha256": part.sha256,
          },
          onProgress: (loaded) => {
            inflight.set(part.partNumber, Math.min(size, loaded));
            report();
          },
          signal,
        });
        inflight.delete(part.partNumber);
        if (result.status !== null && result.status >= 200 && result.status < 300) {
          stored += size;
          report();
          options.onStored?.(part);
          return;
        }
        report();
        status = result.status;
        retryAfter = result.retryAfter;
        reason = uploadFailureMessage(status, result.body);
      } catch (error) {
        inflight.delete(part.partNumber);
        report();
        if (signal.aborted || !(error instanceof PartUrlUnreachable)) throw error;
        reason = error.message;
      }
      const action = retryActionFor(status);
      if (action === "give-up" || attempt > options.retries) {
        throw new PartFailure(part.partNumber, `Part ${part.partNumber}: ${reason}`, status);
      }
      if (action === "fresh-url") options.urls.forget(part.partNumber);
      const delayMs =
        retryAfterMs(retryAfter, options.now()) ?? backoffDelay(attempt, options.random);
      if (inflight.size === 0) {
        options.onWaiting({ attempt: attempt + 1, retries: options.retries, delayMs, reason });
      }
      await options.sleep(delayMs, signal);
    }
  };

  const worker = async () => {
    for (let part = await next(); part; part = await next()) await send(part);
  };

  return {
    push(part) {
      queue.push(part);
      wakeAll();
    },
    close() {
      closed = true;
      wakeAll();
    },
    discount(bytes) {
      stored -= bytes;
      report();
    },
    async run() {
      const workers = Array.from({ length: Math.max(1, options.concurrency) }, () =>
        worker().catch((error: unknown) => {
          // The first failure stops the others; theirs (aborted transfers) are not the cause.
          stop.abort(error);
          throw error;
        }),
      );
      const results = await Promise.allSettled(workers);
      const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
      if (failed) throw stop.signal.aborted ? stop.signal.reason : failed.reason;
      options.signal.throwIfAborted();
    },
  };
}
