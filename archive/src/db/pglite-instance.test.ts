// The archive's PGlite: a database created in a worker thread, opened with a small buffer cache.
import { access, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PGlite } from "@electric-sql/pglite";
import { openPglite, SHARED_BUFFERS } from "./pglite-instance";

let dir: string;
let client: PGlite;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "archive-pglite-"));
  client = await openPglite(path.join(dir, "db"));
}, 120_000);

afterAll(async () => {
  await client?.close();
  await rm(dir, { recursive: true, force: true });
});

describe("the archive's PGlite", () => {
  it("creates the database and runs with its own buffer cache size", async () => {
    await expect(access(path.join(dir, "db", "PG_VERSION"))).resolves.toBeUndefined();
    const { rows } = await client.query<{ shared_buffers: string }>("show shared_buffers");
    expect(rows[0]?.shared_buffers).toBe(SHARED_BUFFERS);
  });
});
