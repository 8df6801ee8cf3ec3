// How status hubs in several dashboard processes share one upstream poller per SIP. The hub asks
// the relay whether it may poll a SIP (the claim), publishes what its poller sees, and hears what
// other processes' pollers publish. Results may come back at once or as promises: the in-process
// relay answers at once, so a lone process starts polling in the same tick as before.
import type { SipKey } from "./hub-types";
import type { SipSnapshot, WatchEvent } from "./snapshot";

export type MaybePromise<T> = T | Promise<T>;

export interface StatusRelay {
  // Starts hearing events other processes publish about `key`; returns the function that stops.
  // `onLost`: this process's claim on `key` went (its connection was replaced) and another took it.
  follow(key: SipKey, onEvent: (event: WatchEvent) => void, onLost: () => void): () => void;
  // The last snapshot any process published about `key`, if one is kept.
  latest(key: SipKey): MaybePromise<SipSnapshot | null>;
  // Whether this process may poll `key` now. Each granted claim is released exactly once.
  claim(key: SipKey): MaybePromise<boolean>;
  release(key: SipKey): MaybePromise<void>;
  // Tells the other processes what this process's poller saw.
  publish(key: SipKey, event: WatchEvent): MaybePromise<void>;
}

// One process alone: it always polls itself and has nobody to tell.
export const inProcessRelay: StatusRelay = {
  follow: () => () => {},
  latest: () => null,
  claim: () => true,
  release: () => {},
  publish: () => {},
};

// Runs `then` in the same tick when the value is already there: the in-process relay must not
// delay the first poll.
export function when<T>(
  value: () => MaybePromise<T>,
  then: (result: T) => void,
  failed: (error: unknown) => void,
): void {
  let result: MaybePromise<T>;
  try {
    result = value();
  } catch (error) {
    failed(error);
    return;
  }
  if (result instanceof Promise) result.then(then, failed);
  else then(result);
}
