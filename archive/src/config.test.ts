import { describe, expect, it } from "vitest";
import { loadArchiveConfig } from "./config";

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
});
