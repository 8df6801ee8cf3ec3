import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ARCHIVE_VARIABLES, loadArchiveConfig } from "./config";

const load = (env: Record<string, string>) =>
  loadArchiveConfig(env as unknown as NodeJS.ProcessEnv);

describe("archive configuration", () => {
  it("keeps expired uploads 24 hours unless ARCHIVE_UPLOAD_RETENTION_HOURS says otherwise", () => {
    expect(load({}).uploadRetentionHours).toBe(24);
    expect(load({ ARCHIVE_UPLOAD_RETENTION_HOURS: "0.5" }).uploadRetentionHours).toBe(0.5);
  });

  it("stops with a sentence naming ARCHIVE_UPLOAD_RETENTION_HOURS when it is not a number of hours", () => {
    for (const bad of ["-1", "soon", "1e9"]) {
      expect(() => load({ ARCHIVE_UPLOAD_RETENTION_HOURS: bad })).toThrow(
        /ARCHIVE_UPLOAD_RETENTION_HOURS is invalid/,
      );
    }
  });

  it("removes orphan blobs after 24 hours unless ARCHIVE_ORPHAN_MIN_AGE_HOURS says otherwise, never under an hour", () => {
    expect(load({}).orphanMinAgeHours).toBe(24);
    expect(load({ ARCHIVE_ORPHAN_MIN_AGE_HOURS: "6" }).orphanMinAgeHours).toBe(6);
    for (const bad of ["0.5", "-1", "soon", "1e9"]) {
      expect(() => load({ ARCHIVE_ORPHAN_MIN_AGE_HOURS: bad })).toThrow(
        /ARCHIVE_ORPHAN_MIN_AGE_HOURS is invalid/,
      );
    }
  });

  it("limits a bag to 100,000 entries and a ratio of 100 unless ARCHIVE_BAG_MAX_ENTRIES and _RATIO say otherwise", () => {
    expect(load({})).toMatchObject({ bagMaxEntries: 100_000, bagMaxRatio: 100 });
    expect(load({ ARCHIVE_BAG_MAX_ENTRIES: "500", ARCHIVE_BAG_MAX_RATIO: "1000" })).toMatchObject({
      bagMaxEntries: 500,
      bagMaxRatio: 1000,
    });
    expect(() => load({ ARCHIVE_BAG_MAX_ENTRIES: "many" })).toThrow(
      /ARCHIVE_BAG_MAX_ENTRIES is invalid/,
    );
    expect(() => load({ ARCHIVE_BAG_MAX_RATIO: "1" })).toThrow(/ARCHIVE_BAG_MAX_RATIO is invalid/);
  });

  it("offers multipart uploads unless ARCHIVE_MULTIPART is false", () => {
    expect(load({}).multipart).toBe(true);
    expect(load({ ARCHIVE_MULTIPART: "false" }).multipart).toBe(false);
    expect(load({ ARCHIVE_MULTIPART: "0" }).multipart).toBe(false);
    expect(() => load({ ARCHIVE_MULTIPART: "no" })).toThrow(/ARCHIVE_MULTIPART is invalid/);
  });

  it("finds its own configuration and the one it shares with the dashboard without ARCHIVE_CONFIG_DIR", () => {
    const { configDir, sharedConfigDir } = load({});
    for (const file of ["identities.json", "preservation-profiles.json"]) {
      expect(existsSync(path.join(configDir, file)), file).toBe(true);
    }
    for (const file of ["ingest-profiles.json", "metadata-schemas"]) {
      expect(existsSync(path.join(sharedConfigDir, file)), file).toBe(true);
    }
  });

  it("reads every configuration file from ARCHIVE_CONFIG_DIR when it is set", () => {
    expect(load({ ARCHIVE_CONFIG_DIR: "/etc/archive" })).toMatchObject({
      configDir: "/etc/archive",
      sharedConfigDir: "/etc/archive",
    });
  });
});

describe("archive/README.md", () => {
  it("has a row of its Configuration table for every variable the archive reads", () => {
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
    const table = /\n## Configuration\n([\s\S]*?)\n## /.exec(readme)?.[1] ?? "";
    const rows = new Set([...table.matchAll(/^\| `(ARCHIVE_[A-Z0-9_]+)` +\|/gm)].map((m) => m[1]));
    expect(ARCHIVE_VARIABLES.length).toBeGreaterThan(20);
    expect(ARCHIVE_VARIABLES.filter((name) => !rows.has(name))).toEqual([]);
  });
});
