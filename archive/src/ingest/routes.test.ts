// What a caller sees when the archive itself fails: 500 EXCEPTION, with no internals. The
// failure is real: the database is closed under the running routes.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Hono } from "hono";
import { afterAll, describe, expect, it, vi } from "vitest";
import { loadArchiveConfig } from "../config";
import { openArchiveDb } from "../db/client";
import type { ArchiveEnv, Caller } from "../http/context";
import { createIngest } from "./index";

const caller: Caller = {
  sub: "tester",
  name: "Tester",
  clientId: "t",
  roles: ["archivist"],
  tenants: ["demo"],
  tenant: "demo",
};
let dir = "";

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("ingest routes on a failing archive", () => {
  it("answers 500 EXCEPTION without the cause", async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "ingest-routes-"));
    const config = loadArchiveConfig({ ARCHIVE_DATA_DIR: dir } as unknown as NodeJS.ProcessEnv);
    const database = await openArchiveDb({ dataDir: dir });
    const ingest = await createIngest({ config, db: database.db });
    const app = new Hono<ArchiveEnv>();
    app.use("*", async (c, next) => {
      c.set("caller", caller);
      await next();
    });
    app.route("/ingest", ingest.routes);
    await database.close();

    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const answer = await app.request("/ingest/url");
    expect(answer.status).toBe(500);
    const body = (await answer.json()) as Record<string, string>;
    expect(Object.keys(body).sort()).toEqual(["code", "message"]);
    expect(body.code).toBe("EXCEPTION");
    expect(body.message).not.toMatch(/pglite|closed|sql|select|insert|stack|at /i);
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  }, 60_000);
});
