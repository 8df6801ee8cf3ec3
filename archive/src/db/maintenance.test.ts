// The archive's own VACUUM on PGlite: it runs at start and again after every
// VACUUM_EVERY_VERSIONS versions, and its statement names the archive's real tables (a VACUUM of a
// table that does not exist fails).
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openArchiveDb, type OpenedDb } from "./client";
import { createVacuum, VACUUM_EVERY_VERSIONS, vacuumChangingTables } from "./maintenance";

let dir: string;
let opened: OpenedDb;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "archive-vacuum-"));
  opened = await openArchiveDb({ dataDir: dir });
}, 60_000);

afterAll(async () => {
  await opened?.close();
  await rm(dir, { recursive: true, force: true });
});

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("the archive's vacuum", () => {
  it("vacuums the tables that change, on the archive's own schema", async () => {
    await expect(vacuumChangingTables(opened.db)).resolves.toBeDefined();
  });

  it("runs at start and once more every VACUUM_EVERY_VERSIONS versions", async () => {
    let runs = 0;
    const vacuum = createVacuum({
      execute: (async () => {
        runs += 1;
        return { rows: [] };
      }) as unknown as OpenedDb["db"]["execute"],
    });
    vacuum.start();
    await tick();
    expect(runs).toBe(1);
    for (let i = 1; i < VACUUM_EVERY_VERSIONS; i++) vacuum.versionAdded();
    await tick();
    expect(runs).toBe(1);
    vacuum.versionAdded();
    await tick();
    expect(runs).toBe(2);
    await vacuum.stop();
  });
});
