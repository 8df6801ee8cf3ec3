// Per-blob exclusion inside this process, keyed by the blob's object path (so that the ingest and
// preservation sides' stores over one data folder share it). Placing a blob, holding one and
// removing one run under its lock, and a removal skips held blobs: a blob cannot vanish between a
// writer finding or placing it and the commit of the row that references it.
// These live in this process's memory only; with several archive processes on one PostgreSQL, the
// store adds advisory locks that the other processes see (pg-blob-locks.ts).

const tails = new Map<string, Promise<void>>();
const holds = new Map<string, number>();

// Runs `fn` when no other call for `key` is running, in arrival order.
export async function withBlobLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const previous = tails.get(key) ?? Promise.resolve();
  let unlock = () => {};
  const mine = new Promise<void>((resolve) => (unlock = resolve));
  const tail = previous.then(() => mine);
  tails.set(key, tail);
  await previous;
  try {
    return await fn();
  } finally {
    unlock();
    if (tails.get(key) === tail) tails.delete(key);
  }
}

// Counts a hold on `key`; call under its lock.
export function addHold(key: string): void {
  holds.set(key, (holds.get(key) ?? 0) + 1);
}

export function dropHold(key: string): void {
  const left = (holds.get(key) ?? 0) - 1;
  if (left > 0) holds.set(key, left);
  else holds.delete(key);
}

export function isHeld(key: string): boolean {
  return holds.has(key);
}
