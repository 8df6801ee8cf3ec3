import { describe, expect, it } from "vitest";
import { judgeSession, sessionLimits } from "./session-rules";

const limits = sessionLimits(30, 8);
const start = new Date("2025-01-01T08:00:00Z");
const minutes = (n: number) => new Date(start.getTime() + n * 60_000);

describe("judgeSession", () => {
  it("keeps a fresh session and moves its idle deadline when the visit is recorded", () => {
    const verdict = judgeSession(
      { createdAt: start, lastSeenAt: start, endedAt: null },
      minutes(5),
      limits,
    );
    expect(verdict).toEqual({ active: true, touch: true, expiresAt: minutes(35) });
  });

  it("records a visit at most once a minute", () => {
    const session = { createdAt: start, lastSeenAt: minutes(10), endedAt: null };
    expect(judgeSession(session, new Date(minutes(10).getTime() + 59_000), limits)).toMatchObject({
      active: true,
      touch: false,
      expiresAt: minutes(40),
    });
    expect(judgeSession(session, minutes(11), limits)).toMatchObject({ touch: true });
  });

  it("refuses a session idle for the configured minutes", () => {
    const session = { createdAt: start, lastSeenAt: minutes(10), endedAt: null };
    expect(judgeSession(session, minutes(39), limits).active).toBe(true);
    expect(judgeSession(session, minutes(40), limits)).toEqual({ active: false, reason: "idle" });
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
