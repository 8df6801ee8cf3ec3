import "server-only";
// Remembers, for a moment, which session a session cookie belongs to and that it was valid, so a
// burst of requests costs one cookie decryption and one database lookup instead of one each. An
// entry is fresh for SESSION_CACHE_TTL_MS and until the session's visit is due to be recorded
// (TOUCH_INTERVAL_MS after the last one); then one request takes the full path, which records the
// visit exactly as without the cache, while the others are served for at most
// SESSION_CACHE_GRACE_MS more. Never past the session's idle or absolute limit. A session ended in
// this process is forgotten at once; one ended by another instance is refused here within TTL +
// grace, which keeps "refused everywhere within 5 s".
import type { CheckedSession } from "./session-store";
import { TOUCH_INTERVAL_MS } from "./session-rules";

// next-auth's session cookie, split into `.0`, `.1`... when large; `__Secure-` over https.
const SESSION_COOKIE = /^(__Secure-)?authjs\.session-token(\.\d+)?$/;

// The request's session cookie(s) as one string, the cache key; null without one.
export function sessionCookieKey(cookies: { name: string; value: string }[]): string | null {
  const parts = cookies
    .filter((c) => SESSION_COOKIE.test(c.name))
    .map((c) => `${c.name}=${c.value}`)
    .sort();
  return parts.length > 0 ? parts.join(";") : null;
}

// Well under the 5 s within which an ended session must be refused by every instance.
export const SESSION_CACHE_TTL_MS = 2_000;
// Once an entry is stale, one request checks the session again (next-auth and the database) while
// the others are still served from the entry, for at most this long: a burst never queues behind
// one lookup per request. TTL + grace stays under the 5 s.
export const SESSION_CACHE_GRACE_MS = 2_000;
// Enough for every person signed in to one instance; the oldest entry makes room.
const MAX_ENTRIES = 5_000;

interface Entry {
  checked: CheckedSession;
  storedAt: number;
  // When one request was sent to check the stale entry again.
  checkingSince?: number;
}

export interface SessionCache {
  // The session `key` (the raw session cookie) was found valid for, if it may still be trusted;
  // null when not, or when this caller is to check it again (a stale entry, no check under way).
  get(key: string): CheckedSession | null;
  // The same without ever making the caller the one to check: null for a stale entry that nobody
  // checks yet (the direct lane then leaves the request to the full path, which does).
  peek(key: string): CheckedSession | null;
  set(key: string, checked: CheckedSession): void;
  // Forgets every entry of these sessions (ended, or their tenant changed).
  forget(sessionIds: Iterable<string>): void;
  // Forgets the entry of one cookie (its session was found ended or lapsed).
  drop(key: string): void;
}

export function createSessionCache(
  options: { ttlMs?: number; graceMs?: number; now?: () => number; maxEntries?: number } = {},
): SessionCache {
  const ttlMs = options.ttlMs ?? SESSION_CACHE_TTL_MS;
  const graceMs = options.graceMs ?? SESSION_CACHE_GRACE_MS;
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? MAX_ENTRIES;
  const entries = new Map<string, Entry>();

  function lookup(key: string, mayCheck: boolean): CheckedSession | null {
    const entry = entries.get(key);
    if (!entry) return null;
    const t = now();
    const { row, expiresAt } = entry.checked;
    if (t >= expiresAt.getTime()) {
      entries.delete(key);
      return null;
    }
    const fresh = t - entry.storedAt < ttlMs && t - row.lastSeenAt.getTime() < TOUCH_INTERVAL_MS;
    if (fresh) return entry.checked;
    // Stale: this request checks again (and records the visit when one is due); the next ones
    // are served meanwhile, until the check stores a fresh entry or drops this one.
    if (entry.checkingSince === undefined) {
      if (mayCheck) entry.checkingSince = t;
      return null;
    }
    if (t - entry.checkingSince < graceMs) return entry.checked;
    entries.delete(key);
    return null;
  }

  return {
    get: (key) => lookup(key, true),
    peek: (key) => lookup(key, false),
    set(key, checked) {
      entries.delete(key);
      entries.set(key, { checked, storedAt: now() });
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
    },
    drop(key) {
      entries.delete(key);
    },
    forget(sessionIds) {
      const ids = new Set(sessionIds);
      if (ids.size === 0) return;
      for (const [key, entry] of entries) if (ids.has(entry.checked.row.id)) entries.delete(key);
    },
  };
}

// The session behind `key`: from the cache while it may be trusted, else from `check` (next-auth
// and the database), whose answer is kept for the next requests. Null: no valid session.
export async function lookUpSession(
  cache: SessionCache,
  key: string | null,
  check: () => Promise<CheckedSession | null>,
): Promise<CheckedSession | null> {
  const known = key ? cache.get(key) : null;
  if (known) return known;
  const checked = await check();
  if (key) {
    if (checked) cache.set(key, checked);
    else cache.drop(key);
  }
  return checked;
}
