// The status hub: however many browsers watch one SIP, the server asks the upstream about it once
// per interval and fans the answer out. One poller per (tenant, packageId, submissionName); it
// backs off from ~1 s to ~15 s while nothing changes, stops at a terminal status, and stops when
// the last watcher leaves. The poller's states and their transitions are pure (watch/poller.ts);
// this shell keeps the watchers and one timer per SIP, and talks to the relay and the upstream.
// The poll is injected per watcher (each brings its own token), so tests drive it with fake polls
// and fake timers. Across processes sharing one database a relay (watch/relay.ts) picks the one
// that polls; the others follow what it publishes.
import { DEFAULT_PACING } from "./watch/backoff";
import type {
  FailureKind,
  SipKey,
  StatusHub,
  StatusHubOptions,
  Timers,
  Watcher,
} from "./watch/hub-types";
import {
  initialPollerState,
  transition,
  type PollerConfig,
  type PollerEffect,
  type PollerEvent,
  type PollerState,
} from "./watch/poller";
import { inProcessRelay, when, type MaybePromise } from "./watch/relay";
import type { WatchEvent } from "./watch/snapshot";

export type * from "./watch/hub-types";

interface Entry {
  key: SipKey;
  config: PollerConfig;
  state: PollerState;
  watchers: Set<Watcher>;
  // The one pending timer: the next poll or the next claim.
  timer: unknown;
  // The poll under way and the watcher that asked it.
  inFlight: { controller: AbortController; asker: Watcher } | null;
  unfollow: () => void;
  // Events waiting to be handled: effects that answer at once queue theirs, in order.
  queue: PollerEvent[];
  handling: boolean;
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

// A hub with its own pollers; production keeps one per process (lib/server/container.ts).
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

  function relayed(entry: Entry, call: () => MaybePromise<void>): void {
    entry.outbox = entry.outbox
      .then(call)
      .catch((error: unknown) => console.error("the status relay failed", error));
  }

  // Handles one event at a time: an effect whose answer comes at once queues the next event.
  function dispatch(entry: Entry, event: PollerEvent): void {
    entry.queue.push(event);
    if (entry.handling) return;
    entry.handling = true;
    try {
      for (let next = entry.queue.shift(); next; next = entry.queue.shift()) {
        const { state, effects } = transition(entry.state, next, entry.config);
        entry.state = state;
        for (const effect of effects) perform(entry, effect);
      }
    } finally {
      entry.handling = false;
    }
  }

  function relayFailed(entry: Entry) {
    return (error: unknown) => {
      console.error("the status relay failed", error);
      dispatch(entry, { type: "relayFailed" });
    };
  }

  function perform(entry: Entry, effect: PollerEffect): void {
    switch (effect.type) {
      case "claim":
        return when(
          () => relay.claim(entry.key),
          (granted) => dispatch(entry, { type: "claimAnswered", granted }),
          relayFailed(entry),
        );
      case "readLatest":
        return when(
          () => relay.latest(entry.key),
          (snapshot) => dispatch(entry, { type: "latestRead", snapshot }),
          relayFailed(entry),
        );
      case "release":
        return relayed(entry, () => relay.release(entry.key));
      case "timer": {
        if (entry.timer !== null) timers.clear(entry.timer);
        const due = effect.event;
        entry.timer = timers.set(() => {
          entry.timer = null;
          dispatch(entry, { type: due });
        }, effect.ms);
        return;
      }
      case "cancelTimer":
        if (entry.timer !== null) timers.clear(entry.timer);
        entry.timer = null;
        return;
      case "poll":
        return void poll(entry, effect.poll);
      case "abortPoll":
        return entry.inFlight?.controller.abort(new Error("Nobody is watching any more."));
      case "broadcast":
        return [...entry.watchers].forEach((w) => send(w, effect.event));
      case "publish":
        return relayed(entry, () => relay.publish(entry.key, effect.event));
      case "dropAsker": {
        const asker = entry.inFlight?.asker;
        if (!asker) return;
        entry.watchers.delete(asker);
        send(asker, effect.event);
        if (entry.watchers.size === 0) leave(entry);
        return;
      }
      case "changed":
        void Promise.resolve()
          .then(() => options.onChange?.(entry.key, effect.snapshot))
          .catch((error: unknown) => console.error("status change could not be recorded", error));
        return;
      case "unfollow":
        return entry.unfollow();
    }
  }

  // The oldest watcher asks for everyone; when it leaves, the next one does.
  async function poll(entry: Entry, number: number): Promise<void> {
    const asker = entry.watchers.values().next().value;
    if (!asker) return;
    const controller = new AbortController();
    const inFlight = { controller, asker };
    entry.inFlight = inFlight;
    const timeout = timers.set(
      () => controller.abort(new Error("The archive took too long to answer.")),
      pollTimeoutMs,
    );
    polls++;
    try {
      const response = await asker.poll(controller.signal);
      if (controller.signal.aborted) throw controller.signal.reason;
      dispatch(entry, { type: "polled", poll: number, response, at: now() });
    } catch (error) {
      const failure = classify(controller.signal.aborted ? controller.signal.reason : error);
      dispatch(entry, { type: "pollFailed", poll: number, failure, at: now() });
    } finally {
      timers.clear(timeout);
      if (entry.inFlight === inFlight) entry.inFlight = null;
    }
  }

  function leave(entry: Entry): void {
    if (entries.get(idOf(entry.key)) === entry) entries.delete(idOf(entry.key));
    dispatch(entry, { type: "lastWatcherLeft" });
  }

  function open(key: SipKey): Entry {
    const entry: Entry = {
      key,
      config: { submissionName: key.submissionName, pacing, claimRetryMs },
      state: initialPollerState(),
      watchers: new Set(),
      timer: null,
      inFlight: null,
      unfollow: () => {},
      queue: [],
      handling: false,
      outbox: Promise.resolve(),
    };
    entries.set(idOf(key), entry);
    return entry;
  }

  return {
    watch(key, watcher) {
      const fresh = !entries.has(idOf(key));
      const entry = entries.get(idOf(key)) ?? open(key);
      entry.watchers.add(watcher);
      if (entry.state.snapshot) send(watcher, { type: "snapshot", snapshot: entry.state.snapshot });
      if (entry.state.lastProblem) send(watcher, entry.state.lastProblem);
      if (fresh) {
        entry.unfollow = relay.follow(
          key,
          (event) => dispatch(entry, { type: "heard", event }),
          () => dispatch(entry, { type: "claimLost" }),
        );
        dispatch(entry, { type: "claimDue" });
      }
      let left = false;
      return () => {
        if (left) return;
        left = true;
        // A watcher dropped after its own failed poll is gone already.
        if (!entry.watchers.delete(watcher)) return;
        if (entry.watchers.size === 0) leave(entry);
      };
    },
    stats() {
      let watchers = 0;
      for (const entry of entries.values()) watchers += entry.watchers.size;
      return { sips: entries.size, watchers, polls };
    },
  };
}
