import { describe, expect, it } from "vitest";
import {
  latestPerPackage,
  mapLimited,
  sampleFormats,
  type PackageRead,
  type PackageRef,
} from "./format-sample";

describe("latestPerPackage", () => {
  it("keeps the first (newest) row of each package, up to the limit", () => {
    const rows = [
      { packageId: "a", submissionName: "sip-2" },
      { packageId: "b", submissionName: "sip-1" },
      { packageId: "a", submissionName: "sip-1" },
      { packageId: "c", submissionName: "sip-1" },
    ];
    expect(latestPerPackage(rows, 2)).toEqual([rows[0], rows[1]]);
    expect(latestPerPackage(rows, 10).map((r) => r.packageId)).toEqual(["a", "b", "c"]);
  });
});

describe("mapLimited", () => {
  it("never runs more than the limit at once and keeps the input order", async () => {
    let running = 0;
    let peak = 0;
    const out = await mapLimited([30, 10, 20, 5, 1], 2, async (ms) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, ms));
      running--;
      return ms * 2;
    });
    expect(out).toEqual([60, 20, 40, 10, 2]);
    expect(peak).toBe(2);
  });
});

describe("sampleFormats", () => {
  const refs: PackageRef[] = ["p1", "p2", "p3"].map((packageId) => ({
    packageId,
    submissionName: "sip-1",
  }));
  const now = new Date("2025-01-01T00:00:00Z");

  it("counts files, bytes and formats of the packages read, and says which were gone or unreadable", async () => {
    const answers: Record<string, PackageRead> = {
      p1: {
        kind: "files",
        files: [
          { formatName: "PDF", size: 10 },
          { formatName: "PNG", size: 5 },
        ],
      },
      p2: { kind: "gone" },
      p3: { kind: "failed", message: "timeout" },
    };
    const sample = await sampleFormats(refs, async (ref) => answers[ref.packageId] as PackageRead, {
      now,
    });
    expect(sample).toEqual({
      ok: true,
      packages: 3,
      read: 1,
      gone: 1,
      unreadable: 1,
      files: 2,
      bytes: 15,
      formats: [
        { formatName: "PDF", puid: null, mimeType: null, files: 1, bytes: 10 },
        { formatName: "PNG", puid: null, mimeType: null, files: 1, bytes: 5 },
      ],
      readAt: now.toISOString(),
    });
  });

  it("reports the reason instead of zeros when no package could be read", async () => {
    const sample = await sampleFormats(refs, async () => ({
      kind: "failed",
      message: "The archive did not answer in time.",
    }));
    expect(sample).toEqual({ ok: false, message: "The archive did not answer in time." });
  });

  it("is an empty, honest sample when there is nothing to read", async () => {
    const sample = await sampleFormats([], async () => ({ kind: "gone" }), { now });
    expect(sample).toMatchObject({ ok: true, packages: 0, files: 0, bytes: 0, formats: [] });
  });
});
