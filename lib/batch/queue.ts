// The batch queue: sends packages a few at a time, retries with back-off, pauses (by the person, on
// a sign-out, offline) and resumes, cancels. Independent of React and of how a package is sent
// (`send` is given): the page wires the wizard's sendPlan in, tests a fake. Listeners hear about
// changes at most every `notifyEveryMs`, so a thousand progress events and packages ending do not
// re-render a thousand times (what the person does is heard at once); the state is saved
// (debounced) so a reload resumes where the queue was.
import { PACKAGES_AT_ONCE } from "./group-limits";
import { isReady, transition, type ItemEvent, type ItemState } from "./queue-state";

export interface QueueItem {
  key: string;
  title: string | null;
  files: string[];
  state: ItemState;
}

export type QueueMode =
  | { kind: "running" }
  | { kind: "paused"; reason: "person" | "signed-out" | "offline" }
  | { kind: "cancelled" };

export interface SendAnswer {
  packageId: string;
  submissionName: string | null;
  status: string | null;
}

export interface Failure {
  message: string;
  // Worth another attempt later (network, 5xx, the package busy on the server).
  retry: boolean;
  // The session ended: the queue pauses until the person signs in again.
  signedOut?: boolean;
  offline?: boolean;
}

export interface QueueSnapshot {
  mode: QueueMode;
  items: readonly QueueItem[];
}

// A package's outcome in a group sent together: its answer, or the error it would have had alone.
export type GroupResult = { ok: true; answer: SendAnswer } | { ok: false; error: unknown };

export interface QueueDeps {
  send(
    item: QueueItem,
    signal: AbortSignal,
    onProgress: (loaded: number, total: number) => void,
  ): Promise<SendAnswer>;
  // Sends several packages in one request, each with its own outcome; a package missing from the
  // answer was not sent (the group stopped early) and goes back in line. Without it, or for a
  // package `groupShare` leaves alone, each is sent by `send`.
  sendGroup?(
    items: readonly QueueItem[],
    signal: AbortSignal,
  ): Promise<ReadonlyMap<string, GroupResult>>;
  // The part of a group's room a package takes (above 0, at most 1), or null when it goes alone.
  groupShare?(item: QueueItem): number | null;
  // The most packages in one group (without it, only their shares bound a group).
  groupMax?: number;
  classify(error: unknown): Failure;
  save?(snapshot: QueueSnapshot): void;
  // Sends in flight at once: a group counts as one.
  concurrency?: number;
  // Groups sent beyond `concurrency`, to wait at the dashboard for their turn (it lets
  // `concurrency` packages of a batch go to the archive at once, lib/batch/archive-turns.ts): the
  // archive then always has a package while a group's answer and the next request travel.
  groupsAhead?: number;
  notifyEveryMs?: number;
  saveEveryMs?: number;
  now?: () => number;
  random?: () => number;
}

export const DEFAULT_CONCURRENCY = PACKAGES_AT_ONCE;

export interface ServerItem {
  key: string;
  state: string;
  packageId: string | null;
  submissionName: string | null;
  status: string | null;
}

export interface BatchQueue {
  get(): QueueSnapshot;
  subscribe(listener: () => void): () => void;
  pause(reason?: "person" | "offline"): void;
  resume(): void;
  cancel(): void;
  retryFailed(): void;
  // What the batch status endpoint says: SIP statuses, and packages the server took whose answer
  // never reached this page (a reload mid-send), which are then not sent again.
  reconcile(server: readonly ServerItem[]): void;
  // Stops timers and in-flight sends without changing the stored state (the page is leaving).
  dispose(): void;
}

// Puts packages that were under way back in line: used when a stored queue is loaded again.
export function restoredItems(items: readonly QueueItem[]): QueueItem[] {
  return items.map((item) => ({ ...item, state: transition(item.state, { type: "requeue" }) }));
}

export function createBatchQueue(initial: QueueSnapshot, deps: QueueDeps): BatchQueue {
  const now = deps.now ?? Date.now;
  const concurrency = deps.concurrency ?? DEFAULT_CONCURRENCY;
  const notifyEvery = deps.notifyEveryMs ?? 250;
  const saveEvery = deps.saveEveryMs ?? 500;
  let mode = initial.mode;
  const items = initial.items.map((item) => ({ ...item }));
  const index = new Map(items.map((item, i) => [item.key, i]));
  let snapshot: QueueSnapshot = { mode, items: [...items] };
  const listeners = new Set<() => void>();
  const running = new Map<string, AbortController>();
  // Sends in flight, a group counted once.
  let slots = 0;
  const groupMax = deps.groupMax ?? Infinity;
  const groupSlots = concurrency + (deps.groupsAhead ?? 0);
  let notifyTimer: ReturnType<typeof setTimeout> | undefined;
  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  let wakeTimer: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;

  const publish = () => {
    notifyTimer = undefined;
    snapshot = { mode, items: [...items] };
    listeners.forEach((listener) => listener());
  };
  const changed = (urgent = false) => {
    if (disposed) return;
    if (urgent) {
      clearTimeout(notifyTimer);
      publish();
    } else notifyTimer ??= setTimeout(publish, notifyEvery);
    saveTimer ??= setTimeout(() => {
      saveTimer = undefined;
      if (!disposed) deps.save?.({ mode, items: [...items] });
    }, saveEvery);
  };

  const apply = (key: string, event: ItemEvent) => {
    const i = index.get(key);
    if (i === undefined) return;
    const item = items[i]!;
    const next = transition(item.state, event);
    if (next !== item.state) items[i] = { ...item, state: next };
  };

  // What a failed send means for the package: in line again, paused with the queue, or failed.
  const failed = (item: QueueItem, signal: AbortSignal, error: unknown) => {
    if (signal.aborted) {
      apply(item.key, { type: "requeue" });
      if (mode.kind === "cancelled") apply(item.key, { type: "cancel" });
      return;
    }
    const failure = deps.classify(error);
    if (failure.signedOut || failure.offline) {
      apply(item.key, { type: "requeue" });
      if (mode.kind === "running") {
        mode = { kind: "paused", reason: failure.signedOut ? "signed-out" : "offline" };
        stopAll();
      }
      return;
    }
    apply(item.key, {
      type: "error",
      message: failure.message,
      retry: failure.retry,
      now: now(),
      random: deps.random,
    });
  };

  // Heard with the next notification, as progress is: a thousand small packages ending one after
  // another re-render at most every notifyEveryMs, not once each.
  const ended = (keys: readonly string[]) => {
    for (const key of keys) running.delete(key);
    slots--;
    changed();
    pump();
  };

  const start = (item: QueueItem) => {
    const controller = new AbortController();
    running.set(item.key, controller);
    slots++;
    apply(item.key, { type: "start", total: 0 });
    deps
      .send(item, controller.signal, (loaded, total) => {
        const i = index.get(item.key);
        const current = i === undefined ? undefined : items[i];
        if (current?.state.kind === "uploading") {
          items[i!] = { ...current, state: { ...current.state, loaded, total } };
          changed();
        }
      })
      .then(
        (answer) => apply(item.key, { type: "accepted", ...answer }),
        (error: unknown) => failed(item, controller.signal, error),
      )
      .finally(() => ended([item.key]));
  };

  const startGroup = (group: readonly QueueItem[]) => {
    const controller = new AbortController();
    slots++;
    for (const item of group) {
      running.set(item.key, controller);
      apply(item.key, { type: "start", total: 0 });
    }
    deps.sendGroup!(group, controller.signal)
      .then(
        (results) => {
          for (const item of group) {
            const result = results.get(item.key);
            if (!result) apply(item.key, { type: "requeue" });
            else if (result.ok) apply(item.key, { type: "accepted", ...result.answer });
            else failed(item, controller.signal, result.error);
          }
        },
        (error: unknown) => {
          for (const item of group) failed(item, controller.signal, error);
        },
      )
      .finally(() => ended(group.map((item) => item.key)));
  };

  const stopAll = () => running.forEach((controller) => controller.abort());

  function pump() {
    if (disposed || mode.kind !== "running") return;
    clearTimeout(wakeTimer);
    wakeTimer = undefined;
    const t = now();
    let earliest = Infinity;
    // Packages gathered for the next group, and the part of its room they take.
    let group: QueueItem[] = [];
    let room = 0;
    const flush = () => {
      if (group.length > 0) startGroup(group);
      group = [];
      room = 0;
    };
    for (const item of items) {
      if (running.has(item.key)) continue;
      if (!isReady(item.state, t)) {
        if (item.state.kind === "queued") earliest = Math.min(earliest, item.state.notBefore);
        continue;
      }
      const share = deps.sendGroup ? (deps.groupShare?.(item) ?? null) : null;
      if (share !== null) {
        if (group.length >= groupMax || (group.length > 0 && room + share > 1)) flush();
        if (group.length === 0 && slots >= groupSlots) break;
        group.push(item);
        room += share;
      } else {
        // A group being gathered takes a slot too.
        if (slots + (group.length > 0 ? 1 : 0) >= concurrency) break;
        start(item);
      }
    }
    flush();
    if (slots < groupSlots && earliest !== Infinity) {
      wakeTimer = setTimeout(pump, Math.max(0, earliest - t));
    }
    changed();
  }

  queueMicrotask(pump);

  return {
    get: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    pause(reason = "person") {
      if (mode.kind !== "running") return;
      mode = { kind: "paused", reason };
      stopAll();
      changed(true);
    },
    resume() {
      if (mode.kind !== "paused") return;
      mode = { kind: "running" };
      changed(true);
      pump();
    },
    cancel() {
      mode = { kind: "cancelled" };
      stopAll();
      for (const item of items) apply(item.key, { type: "cancel" });
      changed(true);
    },
    retryFailed() {
      for (const item of items) apply(item.key, { type: "retry-failed" });
      changed(true);
      pump();
    },
    reconcile(server) {
      for (const item of server) {
        if (item.state !== "sent" || !item.packageId || running.has(item.key)) continue;
        const i = index.get(item.key);
        if (i !== undefined && items[i]!.state.kind === "queued") {
          const { packageId, submissionName, status } = item;
          apply(item.key, { type: "accepted", packageId, submissionName, status });
        }
        if (item.status) apply(item.key, { type: "status", status: item.status });
      }
      changed();
    },
    dispose() {
      disposed = true;
      clearTimeout(notifyTimer);
      clearTimeout(wakeTimer);
      if (saveTimer) {
        clearTimeout(saveTimer);
        deps.save?.({ mode, items: [...items] });
      }
      stopAll();
    },
  };
}
