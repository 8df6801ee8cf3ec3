// What the status hub (../status-hub.ts) takes and gives: the SIP it watches, its watchers with
// their polls, its options and its interface.
import type { IngestResponse } from "@scriptorium/contract/ingest/schemas";
import type { PollPacing } from "./backoff";
import type { StatusRelay } from "./relay";
import type { SipSnapshot, WatchEvent } from "./snapshot";

export interface SipKey {
  tenant: string;
  packageId: string;
  submissionName: string;
}

// Asks the upstream for the SIP's status (with plugin reports) on behalf of one watcher.
export type PollSip = (signal: AbortSignal) => Promise<IngestResponse>;

export interface Watcher {
  poll: PollSip;
  onEvent: (event: WatchEvent) => void;
}

// How a failed poll is handled: `watcher` drops only the watcher whose poll failed (its session
// ended), `final` stops the poller for everyone (no such SIP), `retry` backs off and asks again.
export type FailureKind = "watcher" | "final" | "retry";

export interface Timers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export interface StatusHubOptions {
  pacing?: PollPacing;
  // One poll may take this long before it is abandoned and counted as failed.
  pollTimeoutMs?: number;
  // Called once per change a poller sees (e.g. to update the ingest journal); errors are logged.
  onChange?: (key: SipKey, snapshot: SipSnapshot) => void | Promise<void>;
  classifyFailure?: (error: unknown) => { kind: FailureKind; message: string; code: string | null };
  timers?: Timers;
  now?: () => Date;
  // Who polls when several processes watch one SIP; by default this process always does.
  relay?: StatusRelay;
  // How often a process that does not poll a SIP tries to take over (its poller may have gone).
  claimRetryMs?: number;
}

export interface HubStats {
  // SIPs with at least one watcher.
  sips: number;
  watchers: number;
  // Upstream polls started since the hub was made.
  polls: number;
}

export interface StatusHub {
  // Starts watching; returns the function that stops. The watcher gets the last known snapshot at once.
  watch(key: SipKey, watcher: Watcher): () => void;
  stats(): HubStats;
}
