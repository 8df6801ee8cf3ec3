// Starts the real embedded archive in-process for tests of the /api routes: a free port in
// 4500-4599, a fresh data folder under /tmp/proxy-*, the repository's demo configuration.
import { mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import { loadArchiveConfig, startArchive } from "@scriptorium/archive/testing";

export interface TestArchive {
  url: string;
  // Its data folder (database, blobs, keys), for tests that change what is on disk.
  dataDir: string;
  tokenStats(): Promise<Record<string, number>>;
  close(): Promise<void>;
}

// The archive on the first free port from a random start, so parallel test files rarely collide.
export async function startTestArchive(env: Record<string, string> = {}): Promise<TestArchive> {
  const dataDir = await mkdtemp("/tmp/proxy-archive-");
  const first = 4500 + Math.floor(Math.random() * 80);
  for (let port = first; port <= 4599; port++) {
    const config = loadArchiveConfig({
      ARCHIVE_PORT: String(port),
      // A folder per attempt: a failed start may leave its database open.
      ARCHIVE_DATA_DIR: path.join(dataDir, `archive-${port}`),
      ARCHIVE_JOB_POLL_MS: "100",
      ...env,
    } as unknown as NodeJS.ProcessEnv);
    try {
      const archive = await startArchive(config);
      return {
        url: archive.url,
        dataDir: config.dataDir,
        async tokenStats() {
          const response = await fetch(`${archive.url}/_archive/token-stats`);
          return (await response.json()) as Record<string, number>;
        },
        async close() {
          await archive.close();
          await rm(dataDir, { recursive: true, force: true });
        },
      };
    } catch (error) {
      if (!(error instanceof Error) || !error.message.includes("already in use")) {
        await rm(dataDir, { recursive: true, force: true });
        throw error;
      }
    }
  }
  await rm(dataDir, { recursive: true, force: true });
  throw new Error(`No free port between ${first} and 4599 for the test archive.`);
}
