// When and how an upload is tried again. Pure: the uploader supplies the clock and the dice.

export interface BackoffOptions {
  // The ceiling of the first wait; each later wait's ceiling is `factor` times the one before.
  baseMs: number;
  factor: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 1_000, factor: 2, maxMs: 30_000 };

// A server asking for more than this is treated as this: the person is watching a progress bar.
export const MAX_RETRY_AFTER_MS = 5 * 60_000;

// The longest wait before retry number `attempt` (1 for the first retry).
export function backoffCeiling(attempt: number, options: BackoffOptions = DEFAULT_BACKOFF): number {
  const exponent = Math.max(0, attempt - 1);
  return Math.min(options.maxMs, options.baseMs * options.factor ** exponent);
}

// The wait before retry `attempt`: between half the ceiling and the ceiling ("equal jitter"), so
// browsers that failed together do not come back together, yet none retries at once.
export function backoffDelay(
  attempt: number,
  random: () => number = Math.random,
  options: BackoffOptions = DEFAULT_BACKOFF,
): number {
  const ceiling = backoffCeiling(attempt, options);
  const r = Math.min(1, Math.max(0, random()));
  return Math.round(ceiling / 2 + (ceiling / 2) * r);
}

// Milliseconds a Retry-After header asks for (seconds or an HTTP date), or null when absent or bad.
export function retryAfterMs(
  header: string | null | undefined,
  now: number = Date.now(),
): number | null {
  if (!header) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Math.min(MAX_RETRY_AFTER_MS, Number(value) * 1000);
  const date = Date.parse(value);
  if (Number.isNaN(date)) return null;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, date - now));
}

// What to do after a failed PUT: try the same URL again later, ask for a fresh URL (the old one
// expired, was refused or was used up), or give up. `status` is null for a network error.
export type RetryAction = "retry" | "fresh-url" | "give-up";

// The action for a failed upload attempt, from its HTTP status.
export function retryActionFor(status: number | null): RetryAction {
  if (status === null || status === 0) return "retry";
  if (status === 408 || status === 429 || status >= 500) return "retry";
  // 400: expired or already used (embedded archive); 403: signature refused or expired (S3).
  if (status === 400 || status === 401 || status === 403 || status === 404) return "fresh-url";
  return "give-up";
}
