// A small in-memory cache: one answer per key for `ttlMs`, one load at a time per key however many
// readers wait, failures not kept (the next reader tries again). Bounded, oldest entry out first.

export interface TtlCache<T> {
  get(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
}

interface Entry<T> {
  value: Promise<T>;
  // When the value was settled; null while it loads.
  settledAt: number | null;
}

// A cache whose entries live `ttlMs`; `now` is injectable for tests.
export function createTtlCache<T>(options: {
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
}): TtlCache<T> {
  const { ttlMs, maxEntries = 200, now = Date.now } = options;
  const entries = new Map<string, Entry<T>>();
  return {
    get(key, load) {
      const entry = entries.get(key);
      if (entry && (entry.settledAt === null || now() - entry.settledAt < ttlMs))
        return entry.value;
      const fresh: Entry<T> = { value: load(), settledAt: null };
      entries.delete(key);
      entries.set(key, fresh);
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      fresh.value.then(
        () => {
          fresh.settledAt = now();
        },
        () => {
          if (entries.get(key) === fresh) entries.delete(key);
        },
      );
      return fresh.value;
    },
    clear() {
      entries.clear();
    },
  };
}
