import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain ESM script without type declarations
import { createRestartPolicy, giveUpSentence, restartSentence } from "./restart-policy.mjs";

interface Step {
  giveUp: boolean;
  delayMs?: number;
  crashes?: number;
  windowMs?: number;
}
interface Policy {
  crashed(run: { now: number; healthySince?: number }): Step;
}
const policy = (): Policy => createRestartPolicy();

// `count` crashes of runs that each answered /health at once and crashed `lived` ms later, each
// restarted after the pause asked for; returns those pauses (a fake clock throughout).
function pauses(count: number, lived: number, p = policy(), start = 0) {
  let now = start;
  const delays: (number | "give up")[] = [];
  for (let i = 0; i < count; i++) {
    const healthySince = now;
    now += lived;
    const step = p.crashed({ now, healthySince });
    delays.push(step.giveUp ? "give up" : (step.delayMs ?? -1));
    if (!step.giveUp) now += step.delayMs ?? 0;
  }
  return delays;
}

describe("createRestartPolicy", () => {
  it("doubles the pause from 1 s, up to 30 s", () => {
    // Ten crashes 30 s apart: never five within two minutes, never healthy for a minute.
    expect(pauses(10, 30_000)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000, 30_000, 30_000,
    ]);
  });

  it("starts over at 1 s after a run that stayed healthy for a minute", () => {
    const p = policy();
    expect(pauses(3, 30_000, p)).toEqual([1_000, 2_000, 4_000]);
    // The next run answered /health at 200 s and crashed at 260 s.
    expect(p.crashed({ now: 260_000, healthySince: 200_000 })).toEqual({
      giveUp: false,
      delayMs: 1_000,
    });
    expect(p.crashed({ now: 290_000, healthySince: 262_000 })).toEqual({
      giveUp: false,
      delayMs: 2_000,
    });
  });

  it("does not start over for a run that never answered /health, however long it ran", () => {
    const p = policy();
    expect(p.crashed({ now: 10_000, healthySince: 0 }).delayMs).toBe(1_000);
    expect(p.crashed({ now: 200_000 }).delayMs).toBe(2_000);
  });

  it("gives up at the fifth crash within two minutes", () => {
    // Crashing as soon as it is up: 1 + 2 + 4 + 8 s of pauses, then the fifth crash.
    expect(pauses(5, 500)).toEqual([1_000, 2_000, 4_000, 8_000, "give up"]);
    const p = policy();
    for (const now of [0, 10_000, 20_000, 30_000]) expect(p.crashed({ now }).giveUp).toBe(false);
    expect(p.crashed({ now: 119_000 })).toEqual({ giveUp: true, crashes: 5, windowMs: 120_000 });
  });

  it("forgets crashes older than two minutes", () => {
    const p = policy();
    for (const now of [0, 10_000, 20_000, 30_000]) p.crashed({ now });
    // The crash at 0 s is out of the window at 120 s: four in the window, not five.
    expect(p.crashed({ now: 120_000 }).giveUp).toBe(false);
    expect(p.crashed({ now: 121_000 }).giveUp).toBe(true);
  });
});

describe("sentences", () => {
  it("says what happened, that the archive restarts, and in how long", () => {
    expect(restartSentence("was stopped by SIGKILL", 2_000)).toBe(
      "The archive was stopped by SIGKILL; restarting it in 2 s (the dashboard keeps running).",
    );
    expect(restartSentence("exited with code 1", 30_000)).toContain("restarting it in 30 s");
  });

  it("says why everything stops after too many crashes", () => {
    expect(giveUpSentence("exited with code 1", { crashes: 5, windowMs: 120_000 })).toBe(
      "The archive exited with code 1: 5 crashes within 2 minutes, so it is not restarted again " +
        "and Scriptorium stops (the archive's last messages above say why).",
    );
  });
});
