// The journal figures counted by a real (in-memory PGlite) dashboard database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDashboardDb, type OpenedDashboardDb } from "@/lib/db/client";
import { submissions } from "@/lib/db/schema";
import { recordFacts } from "@/lib/catalogue/store";
import { journalStats } from "./journal-stats";

const NOW = new Date("2025-03-10T12:00:00Z");
const at = (iso: string) => new Date(iso);
const report = (status: string) => [
  {
    pluginName: "format-identification",
    status,
    message: "m",
    executionDate: "2025-03-10T00:00:00Z",
  },
];

let opened: OpenedDashboardDb;

beforeAll(async () => {
  opened = await openDashboardDb({});
  const row = (
    packageId: string,
    userId: string,
    submittedAt: string,
    lastStatus: string | null,
    seconds: number | null,
    outcome: unknown = null,
  ) => ({
    tenant: "demo",
    packageId,
    submissionName: "sip-1",
    profile: "default",
    userId,
    userName: userId === "archivist" ? "Ada Archivist" : "Alan Admin",
    submittedAt: at(submittedAt),
    lastStatus,
    lastStatusAt: seconds === null ? null : new Date(at(submittedAt).getTime() + seconds * 1000),
    pluginOutcome: outcome,
  });
  await opened.db.insert(submissions).values([
    row("p-ok", "archivist", "2025-03-10T08:00:00Z", "INGESTED", 4, report("SUCCESS")),
    row("p-warn", "archivist", "2025-03-10T09:00:00Z", "INGESTED", 20, report("WARNING")),
    row("p-fail", "archivist", "2025-03-09T23:30:00Z", "FAILED", 400, report("FAILURE")),
    row("p-wait", "archivist", "2025-03-10T11:59:00Z", "PROCESSING", null),
    row("p-admin", "admin", "2025-03-08T10:00:00Z", "INGESTED", 2, report("SUCCESS")),
    // Outside a 3-day window, but part of the journal's total.
    row("p-old", "archivist", "2025-01-01T10:00:00Z", "INGESTED", 3),
    {
      ...row("p-other-tenant", "archivist", "2025-03-10T08:00:00Z", "INGESTED", 1),
      tenant: "research",
    },
  ]);
  // Creating the database and applying the migrations takes a while on a busy machine.
}, 120_000);

afterAll(async () => {
  await opened?.close();
});

const archivist = { tenant: "demo", userId: "archivist", isAdmin: false };
const admin = { tenant: "demo", userId: "admin", isAdmin: true };

describe("journalStats", () => {
  it("counts an archivist's own submissions per day and class, in their time zone", async () => {
    const stats = await journalStats(opened.db, archivist, {
      timeZone: "UTC",
      windowDays: 3,
      now: NOW,
    });
    expect(stats.journalTotal).toBe(5);
    expect(stats.days).toEqual([
      { day: "2025-03-08", ingested: 0, warned: 0, failed: 0, inProgress: 0 },
      { day: "2025-03-09", ingested: 0, warned: 0, failed: 1, inProgress: 0 },
      { day: "2025-03-10", ingested: 1, warned: 1, failed: 0, inProgress: 1 },
    ]);
    expect(stats.outcomes).toEqual({
      submitted: 4,
      ingested: 2,
      warned: 1,
      failed: 1,
      inProgress: 1,
      deleted: 0,
    });
    expect(stats.reviewQueue).toBeNull();
    expect(stats.recent.map((r) => r.packageId)).toEqual([
      "p-wait",
      "p-warn",
      "p-ok",
      "p-fail",
      "p-old",
    ]);
    expect(stats.recent[1]).toMatchObject({
      userName: "Ada Archivist",
      lastStatus: "INGESTED",
      pluginOutcome: "WARNING",
    });

    // 23:30 UTC on the 9th is already the 10th in Brussels (UTC+1 in March).
    const brussels = await journalStats(opened.db, archivist, {
      timeZone: "Europe/Brussels",
      windowDays: 3,
      now: NOW,
    });
    expect(brussels.days.at(-1)).toEqual({
      day: "2025-03-10",
      ingested: 1,
      warned: 1,
      failed: 1,
      inProgress: 1,
    });
  });

  it("measures the time to a final status: median, 90th percentile and buckets", async () => {
    const { durations } = await journalStats(opened.db, archivist, {
      timeZone: "UTC",
      windowDays: 3,
      now: NOW,
    });
    expect(durations.count).toBe(3);
    expect(durations.medianSeconds).toBeCloseTo(20);
    expect(durations.p90Seconds).toBeCloseTo(324);
    expect(durations.buckets.map((b) => b.count)).toEqual([1, 1, 0, 0, 1, 0]);
  });

  it("shows an admin the whole tenant and the review queue, never another tenant", async () => {
    const stats = await journalStats(opened.db, admin, {
      timeZone: "UTC",
      windowDays: 3,
      now: NOW,
    });
    expect(stats.journalTotal).toBe(6);
    expect(stats.outcomes.submitted).toBe(5);
    expect(stats.days[0]).toMatchObject({ day: "2025-03-08", ingested: 1 });
    // Finished, not reviewed: p-ok, p-warn, p-fail, p-admin, p-old.
    expect(stats.reviewQueue).toBe(5);
  });

  it("names each recent package by its title and counts deleted packages apart", async () => {
    await recordFacts(opened.db, [
      { tenant: "demo", poId: "p-warn", title: "Board minutes", state: "ingested" },
      {
        tenant: "demo",
        poId: "p-ok",
        title: "Annual report",
        state: "deleted",
        fromArchive: true,
        deletion: { at: NOW, by: "Alan Admin", reason: "Duplicate", evidenceKept: false },
      },
      // Another tenant's package of the same id must not change this tenant's figures.
      { tenant: "research", poId: "p-other-tenant", state: "deleted", fromArchive: true },
    ]);
    const stats = await journalStats(opened.db, archivist, {
      timeZone: "UTC",
      windowDays: 3,
      now: NOW,
    });
    expect(stats.outcomes.deleted).toBe(1);
    expect(stats.recent.find((r) => r.packageId === "p-warn")).toMatchObject({
      title: "Board minutes",
      objectState: "ingested",
    });
    expect(stats.recent.find((r) => r.packageId === "p-ok")).toMatchObject({
      title: "Annual report",
      objectState: "deleted",
    });
  });
});
