// The status hub: however many browsers watch one SIP, the server asks the upstream about it once
// per interval and fans the answer out. One poller per (tenant, packageId, submissionName); it
// backs off from ~1 s to ~15 s while nothing changes, stops at a terminal status, and stops when
// the last watcher leaves. Pure apart from timers: the poll is injected per watcher (each brings
// its own token), so tests drive it with fake polls and fake timers. Across processes sharing one
// database a relay (watch/relay.ts) picks the one that polls; the others follow what it publishes.
import { DEFAULT_PACING, nextPollDelay } from "./watch/backoff";
import type {
  FailureKind,
  SipKey,
  StatusHub,
  StatusHubOptions,
  Timers,
  Watcher,
} from "./watch/hub-types";
import { inProcessRelay, when, type MaybePromise } from "./watch/relay";
import { nextSnapshot, snapshotChanged, type SipSnapshot, type WatchEvent } from "./watch/snapshot";

export type * from "./watch/hub-types";

interface Entry {
  key: SipKey;
  watchers: Set<Watcher>;
  snapshot: SipSnapshot | null;
  lastProblem: WatchEvent | null;
  delayMs: number | null;
  timer: unknown;
  inFlight: AbortController | null;
  // Terminal status or a final failure: nothing more to ask.
  done: boolean;
  // This process holds the relay's claim and polls; otherwise it follows another's poller.
  leading: boolean;
  claimTimer: unknown;
  unfollow: () => void;
  // Events heard from the relay, so a slower read of the latest snapshot cannot undo one.
  heard: number;
  // Relay calls in order: a release never overtakes the publish before it.
  outbox: Promise<void>;
}

const realTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

function defaultClassify(error: unknown): {
  kind: FailureKind;
  message: string;
  code: string | null;
} {
  const message = error instanceof Error ? error.message : String(error);
  return { kind: "retry", message, code: null };
}

// A hub with its own pollers; production keeps one per process (see watch/hub-instance.ts).
export function createStatusHub(options: StatusHubOptions = {}): StatusHub {
  const pacing = options.pacing ?? DEFAULT_PACING;
  const timers = options.timers ?? realTimers;
  const now = options.now ?? (() => new Date());
  const classify = options.classifyFailure ?? defaultClassify;
  const pollTimeoutMs = options.pollTimeoutMs ?? 20_000;
  const relay = options.relay ?? inProcessRelay;
  const claimRetryMs = options.claimRetryMs ?? 5_000;
  const entries = new Map<string, Entry>();
  let polls = 0;

  const idOf = (key: SipKey) => JSON.stringify([key.tenant, key.packageId, key.submissionName]);

  function send(watcher: Watcher, event: WatchEvent): void {
    try {
      watcher.onEvent(event);
    } catch (error) {
      // One broken connection must not stop the others from hearing.
      console.error("a status watcher failed to take an event", error);
    }
  }

  const broadcast = (entry: Entry, event: WatchEvent) =>
    [...entry.watchers].forEach((w) => send(w, event));

  const live = (entry: Entry) => entries.get(idOf(entry.key)) === entry && entry.watchers.size > 0;

  function relayed(entry: Entry, call: () => MaybePromise<void>): void {
    entry.outbox = entry.outbox
      .then(call)
      .catch((error: unknown) => console.error("the status relay failed", error));
  }

  const publish = (entry: Entry, event: WatchEvent) =>
    relayed(entry, () => relay.publish(entry.key, event));

  // Gives up polling, so another process with watchers can take over.
  function resign(entry: Entry): void {
    if (!entry.leading) return;
    entry.leading = false;
    relayed(entry, () => relay.release(entry.key));
  }

  function finish(entry: Entry): void {
    entry.done = true;
    if (entry.claimTimer !== null) timers.clear(entry.claimTimer);
    entry.claimTimer = null;
    resign(entry);
  }

  // A snapshot kept by the relay: newer than what this entry has unless an event came meanwhile.
  function adopt(entry: Entry, latest: SipSnapshot | null): void {
    if (!latest || !snapshotChanged(entry.snapshot, latest)) return;
    entry.snapshot = latest;
    entry.lastProblem = null;
    broadcast(entry, { type: "snapshot", snapshot: latest });
    if (latest.terminal) finish(entry);
  }

  // What another process's poller saw, for the watchers here.
  function hear(entry: Entry, event: WatchEvent): void {
    if (!live(entry) || entry.leading || entry.done) return;
    entry.heard++;
    if (event.type === "snapshot") {
      // Already shown: a follower that read the kept snapshot before its notification arrived
      // (the poller writes the row, then notifies) hears it once more.
      if (entry.snapshot && !snapshotChanged(entry.snapshot, event.snapshot)) return;
      entry.snapshot = event.snapshot;
      entry.lastProblem = null;
    } else if (event.type === "problem") {
      entry.lastProblem = event;
    }
    broadcast(entry, event);
    if (
      (event.type === "snapshot" && event.snapshot.terminal) ||
      (event.type === "problem" && event.final)
    ) {
      finish(entry);
    }
  }

  // The relay lost this process's claim to another process: follow from now on.
  function lose(entry: Entry): void {
    if (!entry.leading) return;
    entry.leading = false;
    if (entry.timer !== null) timers.clear(entry.timer);
    entry.timer = null;
    retryClaim(entry);
  }

  function retryClaim(entry: Entry): void {
    if (live(entry) && !entry.done && !entry.leading && entry.claimTimer === null) {
      entry.claimTimer = timers.set(() => tryToLead(entry), claimRetryMs);
    }
  }

  // Polls if the relay grants the claim, else follows and asks again later. Either way the
  // relay's latest snapshot comes first, so a new poller continues its history.
  function tryToLead(entry: Entry): void {
    entry.claimTimer = null;
    if (!live(entry) || entry.done || entry.leading) return;
    const heard = entry.heard;
    const failed = (error: unknown) => {
      console.error("the status relay failed", error);
      if (entry.leading && live(entry) && !entry.done) void poll(entry);
      else retryClaim(entry);
    };
    when(
      () => relay.claim(entry.key),
      (granted) => {
        if (granted && (!live(entry) || entry.done)) {
          relayed(entry, () => relay.release(entry.key));
          return;
        }
        entry.leading = granted;
        when(
          () => relay.latest(entry.key),
          (latest) => {
            if (!live(entry)) return;
            if (entry.heard === heard) adopt(entry, latest);
            if (!entry.leading) retryClaim(entry);
            else if (entry.done) resign(entry);
            else void poll(entry);
          },
          failed,
        );
      },
      failed,
    );
  }

  function schedule(entry: Entry, changed: boolean): number {
    entry.delayMs = nextPollDelay(entry.delayMs, changed, pacing);
    entry.timer = timers.set(() => void poll(entry), entry.delayMs);
    return entry.delayMs;
  }

  async function poll(entry: Entry): Promise<void> {
    entry.timer = null;
    // The oldest watcher asks for everyone; when it leaves, the next one does.
    const asker = entry.watchers.values().next().value;
    if (!asker || entry.done || !entry.leading || !live(entry)) return;
    const controller = new AbortController();
    entry.inFlight = controller;
    const timeout = timers.set(
      () => controller.abort(new Error("The archive took too long to answer.")),
      pollTimeoutMs,
    );
    polls++;
    try {
      const response = await asker.poll(controller.signal);
      if (!live(entry) || !entry.leading || controller.signal.aborted) return;
      const next = nextSnapshot(entry.snapshot, response, entry.key.submissionName, now());
      const changed = snapshotChanged(entry.snapshot, next);
      entry.snapshot = next;
      entry.lastProblem = null;
      if (changed) {
        broadcast(entry, { type: "snapshot", snapshot: next });
        publish(entry, { type: "snapshot", snapshot: next });
        void Promise.resolve()
          .then(() => options.onChange?.(entry.key, next))
          .catch((error: unknown) => console.error("status change could not be recorded", error));
      }
      if (next.terminal) {
        finish(entry);
        return;
      }
      const delay = schedule(entry, changed);
      if (!changed) {
        const checked: WatchEvent = { type: "checked", at: next.checkedAt, nextCheckInMs: delay };
        broadcast(entry, checked);
        publish(entry, checked);
      }
    } catch (error) {
      if (!live(entry) || !entry.leading) return;
      const failure = classify(controller.signal.aborted ? controller.signal.reason : error);
      const at = now().toISOString();
      if (failure.kind === "watcher") {
        entry.watchers.delete(asker);
        send(asker, {
          type: "problem",
          message: failure.message,
          code: failure.code,
          final: true,
          retryInMs: null,
          at,
        });
        if (entry.watchers.size === 0) stop(entry);
        else entry.timer = timers.set(() => void poll(entry), 0);
        return;
      }
      const final = failure.kind === "final";
      const retryInMs = final ? null : schedule(entry, false);
      entry.lastProblem = {
        type: "problem",
        message: failure.message,
        code: failure.code,
        final,
        retryInMs,
        at,
      };
      broadcast(entry, entry.lastProblem);
      publish(entry, entry.lastProblem);
      if (final) finish(entry);
    } finally {
      timers.clear(timeout);
      if (entry.inFlight === controller) entry.inFlight = null;
    }
  }

  function stop(entry: Entry): void {
    if (entry.timer !== null) timers.clear(entry.timer);
    entry.timer = null;
    if (entry.claimTimer !== null) timers.clear(entry.claimTimer);
    entry.claimTimer = null;
    entry.inFlight?.abort(new Error("Nobody is watching any more."));
    entries.delete(idOf(entry.key));
    entry.unfollow();
    resign(entry);
  }

  return {
    watch(key, watcher) {
      const id = idOf(key);
      let entry = entries.get(id);
      const fresh = !entry;
      if (!entry) {
        entry = {
          key,
          watchers: new Set(),
          snapshot: null,
          lastProblem: null,
          delayMs: null,
          timer: null,
          inFlight: null,
          done: false,
          leading: false,
          claimTimer: null,
          unfollow: () => {},
          heard: 0,
          outbox: Promise.resolve(),
        };
        entries.set(id, entry);
      }
      const mine = entry;
      mine.watchers.add(watcher);
      if (mine.snapshot) send(watcher, { type: "snapshot", snapshot: mine.snapshot });
      if (mine.lastProblem) send(watcher, mine.lastProblem);
      if (fresh) {
        mine.unfollow = relay.follow(
          key,
          (event) => hear(mine, event),
          () => lose(mine),
        );
        tryToLead(mine);
      }
      let left = false;
      return () => {
        if (left) return;
        left = true;
        mine.watchers.delete(watcher);
        if (mine.watchers.size === 0 && entries.get(id) === mine) stop(mine);
      };
    },
    stats() {
      let watchers = 0;
      for (const entry of entries.values()) watchers += entry.watchers.size;
      return { sips: entries.size, watchers, polls };
    },
  };
}
