// Forces the database's committed state to disk where the database itself does not. PGlite runs
// PostgreSQL with fsync off (its -F start parameter): commits reach the operating system, so they
// survive a killed process, but not a power cut. Syncing its write-ahead log after a commit that a
// caller is about to be told about closes that gap; PostgreSQL proper syncs at commit itself.
import { open, readdir } from "node:fs/promises";
import path from "node:path";
import type { ArchiveConfig } from "../config";

// A function that makes every commit so far durable (a no-op on PostgreSQL).
export function databaseSyncer(
  config: Pick<ArchiveConfig, "dataDir" | "databaseUrl">,
): () => Promise<void> {
  if (config.databaseUrl) return async () => {};
  // The layout of archive/src/db/client.ts: PGlite's data folder is ${dataDir}/db.
  const walDir = path.join(config.dataDir, "db", "pg_wal");
  const sync = async (file: string) => {
    const handle = await open(file, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  };
  const syncAll = async () => {
    const entries = await readdir(walDir, { withFileTypes: true }).catch(() => []);
    // Segments without unwritten pages sync at almost no cost; only the current one has any.
    for (const entry of entries) if (entry.isFile()) await sync(path.join(walDir, entry.name));
    await sync(walDir);
  };
  return groupCommit(syncAll);
}

// Group commit: a caller waits for a sync that starts after its call, so its commit is covered;
// callers arriving while a sync runs share the next one, so concurrent requests cost one sync.
export function groupCommit(syncAll: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const run = (): Promise<void> => {
    const current = syncAll().finally(() => {
      if (running === current) running = null;
    });
    running = current;
    return current;
  };
  return () => {
    if (!running) return run();
    // A sync is under way, perhaps from before this caller's commit: wait for it, then share one more.
    next ??= running
      .catch(() => {})
      .then(() => {
        next = null;
        return run();
      });
    return next;
  };
}
