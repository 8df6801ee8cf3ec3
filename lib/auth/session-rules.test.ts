import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  judgeSession,
  sessionLimits,
  type SessionLimits,
  type SessionTimes,
} from "./session-rules";

const limits = sessionLimits(30, 8);
const start = new Date("2025-01-01T08:00:00Z");
const minutes = (n: number) => new Date(start.getTime() + n * 60_000);
const seconds = (n: number) => new Date(start.getTime() + n * 1000);

// A browser making requests at the given moments (ms after sign-in) against one session row,
// which is written back whenever the verdict says so. Answers each request's verdict.
function visit(moments: number[], given: SessionLimits) {
  const row: SessionTimes = { createdAt: start, lastSeenAt: start, endedAt: null };
  return moments.map((ms) => {
    const now = new Date(start.getTime() + ms);
    const verdict = judgeSession(row, now, given);
    if (verdict.active && verdict.touch) row.lastSeenAt = now;
    if (!verdict.active) row.endedAt = now;
    return { at: ms, verdict };
  });
}

describe("judgeSession", () => {
  it("keeps a fresh session and records the visit", () => {
    const verdict = judgeSession(
      { createdAt: start, lastSeenAt: start, endedAt: null },
      minutes(5),
      limits,
    );
    expect(verdict).toMatchObject({ active: true, touch: true });
  });

  it("does not write on every request: a visit within seconds of the last one is not recorded", () => {
    const session = { createdAt: start, lastSeenAt: minutes(10), endedAt: null };
    expect(judgeSession(session, new Date(minutes(10).getTime() + 1_000), limits)).toMatchObject({
      active: true,
      touch: false,
    });
    const busy = visit(
      Array.from({ length: 600 }, (_, i) => i * 100),
      limits,
    );
    const writes = busy.filter(({ verdict }) => verdict.active && verdict.touch).length;
    expect(busy.every(({ verdict }) => verdict.active)).toBe(true);
    // 600 requests in 60 s: a write every few seconds, not one per request.
    expect(writes).toBeGreaterThan(0);
    expect(writes).toBeLessThanOrEqual(20);
  });

  it("keeps a one-minute session in while it makes a request every 15 s", () => {
    const oneMinute = sessionLimits(1, 8);
    const moments = Array.from({ length: 41 }, (_, i) => i * 15_000);
    for (const { at, verdict } of visit(moments, oneMinute)) {
      expect(verdict.active, `request at ${at / 1000} s`).toBe(true);
    }
  });

  it("ends a one-minute session left alone for a minute, within a few seconds", () => {
    const oneMinute = sessionLimits(1, 8);
    // Busy for two minutes, then nothing until the last request.
    const busy = Array.from({ length: 121 }, (_, i) => i * 1000);
    const last = busy.at(-1)!;
    expect(visit([...busy, last + 59_000], oneMinute).every((v) => v.verdict.active)).toBe(true);
    const late = visit([...busy, last + 65_000], oneMinute).at(-1)!;
    expect(late.verdict).toEqual({ active: false, reason: "idle" });
  });

  it("never refuses a session used within the limit, and refuses one idle a few seconds past it", () => {
    const idleMinutes = fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 1440 }));
    // Pauses between requests in thousandths of the idle limit: many short ones, some near or
    // past it.
    const pauses = fc.array(
      fc.oneof(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 1200 })),
      { minLength: 1, maxLength: 60, size: "large" },
    );
    fc.assert(
      fc.property(idleMinutes, pauses, (idle, gaps) => {
        const given = sessionLimits(idle, 24 * 365);
        const moments = gaps.reduce<number[]>(
          (all, share) => [...all, (all.at(-1) ?? 0) + Math.round((share * given.idleMs) / 1000)],
          [],
        );
        let previous = 0;
        for (const { at, verdict } of visit(moments, given)) {
          const pause = at - previous;
          previous = at;
          if (pause < given.idleMs) expect(verdict.active).toBe(true);
          if (pause >= given.idleMs + 5_000)
            expect(verdict).toEqual({ active: false, reason: "idle" });
          if (!verdict.active) return;
        }
      }),
      { numRuns: 500 },
    );
  });

  it("says when the session lapses if nothing else happens", () => {
    const session = { createdAt: start, lastSeenAt: minutes(10), endedAt: null };
    const verdict = judgeSession(session, seconds(601), limits);
    expect(verdict).toMatchObject({ active: true, touch: false });
    if (!verdict.active) throw new Error("refused");
    // Idle for 30 minutes after the last recorded visit, give or take the unrecorded seconds.
    expect(verdict.expiresAt.getTime() - minutes(40).getTime()).toBeGreaterThanOrEqual(0);
    expect(verdict.expiresAt.getTime() - minutes(40).getTime()).toBeLessThanOrEqual(5_000);
  });

  it("refuses a session older than the absolute limit even when it is busy", () => {
    const session = { createdAt: start, lastSeenAt: minutes(479), endedAt: null };
    expect(judgeSession(session, minutes(479.5), limits)).toMatchObject({
      active: true,
      expiresAt: minutes(480),
    });
    expect(judgeSession(session, minutes(480), limits)).toEqual({
      active: false,
      reason: "expired",
    });
  });

  it("refuses an ended session at once", () => {
    const session = { createdAt: start, lastSeenAt: minutes(1), endedAt: minutes(2) };
    expect(judgeSession(session, minutes(3), limits)).toEqual({ active: false, reason: "ended" });
  });
});
