// A real archive database and blob store for a test file: PGlite in a temporary folder, or a fresh
// PostgreSQL database when ARCHIVE_TEST_DATABASE_URL is set (with the cross-process locks). Opened
// before the file's tests, closed and removed after them.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../test/support/postgres";
import { openBlobStore, type BlobStore } from "../blobs/store";
import { openArchiveDb, type OpenedDb } from "./client";

export interface TestStore {
  dir: string;
  opened: OpenedDb;
  blobs: BlobStore;
}

// Registers the file's beforeAll and afterAll; the fields are set once beforeAll has run.
export function openTestStore(prefix: string): TestStore {
  const store = {} as TestStore;
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    store.dir = await mkdtemp(path.join(os.tmpdir(), prefix));
    const url = process.env.ARCHIVE_TEST_DATABASE_URL;
    database = url ? await createTestDatabase(url) : undefined;
    store.opened = await openArchiveDb({ dataDir: store.dir, databaseUrl: database?.url });
    store.blobs = await openBlobStore(store.dir, { locks: store.opened.blobLocks });
  }, 60_000);
  afterAll(async () => {
    await store.opened?.close();
    await database?.drop();
    if (store.dir) await rm(store.dir, { recursive: true, force: true });
  });
  return store;
}
