// Global setup of the "archive" test project. With ARCHIVE_BASE_URL set, the suite runs against
// that server and starts nothing. Otherwise it starts the embedded archive on a free port in
// 4200-4249 with a fresh data folder, on PGlite, or on a fresh PostgreSQL database when
// ARCHIVE_TEST_DATABASE_URL is set (and ARCHIVE_TEST_BACKEND is not "pglite").
import { mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { loadArchiveConfig } from "../src/config";
import { startArchive, type RunningArchive } from "../src/server";
import { createTestDatabase } from "./support/postgres";
import type { ArchiveTarget } from "./support/target";

declare module "vitest" {
  export interface ProvidedContext {
    archive: ArchiveTarget;
  }
}

const FIRST_PORT = 4200;
const LAST_PORT = 4249;

export default async function setup(project: TestProject) {
  const external = process.env.ARCHIVE_BASE_URL;
  if (external) {
    project.provide("archive", {
      baseUrl: external.replace(/\/$/, ""),
      embedded: false,
      backend: "external",
    });
    return;
  }
  const backend =
    process.env.ARCHIVE_TEST_BACKEND ??
    (process.env.ARCHIVE_TEST_DATABASE_URL ? "postgres" : "pglite");
  const dataDir = await mkdtemp("/tmp/ingest-conformance-");
  const database = backend === "postgres" ? await createTestDatabase(requiredUrl()) : undefined;

  let archive: RunningArchive | undefined;
  for (let port = FIRST_PORT; port <= LAST_PORT && !archive; port++) {
    const config = loadArchiveConfig({
      ARCHIVE_PORT: String(port),
      ARCHIVE_DATA_DIR: path.join(dataDir, "archive"),
      ARCHIVE_ALLOW_PRIVATE_URLS: "1",
      ARCHIVE_JOB_POLL_MS: "100",
      ...(database ? { ARCHIVE_DATABASE_URL: database.url } : {}),
    } as unknown as NodeJS.ProcessEnv);
    try {
      archive = await startArchive(config);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.includes("already in use")) throw error;
    }
  }
  if (!archive)
    throw new Error(
      `No free port between ${FIRST_PORT} and ${LAST_PORT} for the archive under test.`,
    );
  project.provide("archive", {
    baseUrl: archive.url,
    embedded: true,
    backend,
    dataDir: path.join(dataDir, "archive"),
  });

  return async () => {
    await archive.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
}

function requiredUrl(): string {
  const url = process.env.ARCHIVE_TEST_DATABASE_URL;
  if (!url)
    throw new Error(
      "ARCHIVE_TEST_BACKEND=postgres needs ARCHIVE_TEST_DATABASE_URL (see scripts/ci-postgres.sh).",
    );
  return url;
}
