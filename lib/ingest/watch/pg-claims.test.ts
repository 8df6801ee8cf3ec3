// The PostgreSQL relay's claims as a pure state machine: every event on an unknown and a known
// backend, then a reconnect that keeps one claim and loses another.
import { describe, expect, it } from "vitest";
import type { SipKey } from "./hub-types";
import { claimIdOf, noClaims, transition, type ClaimsEvent, type ClaimsState } from "./pg-claims";

const A: SipKey = { tenant: "demo", packageId: "pkg-a", submissionName: "sip-1" };
const B: SipKey = { tenant: "demo", packageId: "pkg-b", submissionName: "sip-1" };

function run(events: ClaimsEvent[], from: ClaimsState = noClaims()) {
  let state = from;
  const effects: unknown[] = [];
  for (const event of events) {
    const next = transition(state, event);
    state = next.state;
    effects.push(...next.effects);
  }
  return { state, effects };
}

const counts = (state: ClaimsState) =>
  Object.fromEntries([...state.held].map(([id, claim]) => [id, claim.count]));

describe("the relay's claims", () => {
  it("learns its backend from the first answer and retakes nothing", () => {
    const { state, effects } = run([{ type: "answered", key: A, granted: true, pid: 10 }]);
    expect(state.session).toEqual({ kind: "on", pid: 10 });
    expect(counts(state)).toEqual({ [claimIdOf(A)]: 1 });
    expect(effects).toEqual([]);
  });

  it("learns its backend from a check too, and a refused claim holds nothing", () => {
    expect(run([{ type: "checked", pid: 7 }]).state.session).toEqual({ kind: "on", pid: 7 });
    const refused = run([{ type: "answered", key: A, granted: false, pid: 7 }]);
    expect(refused.state.held.size).toBe(0);
  });

  it("stacks claims of one key and unlocks each release, forgetting the key at zero", () => {
    const granted: ClaimsEvent = { type: "answered", key: A, granted: true, pid: 10 };
    const twice = run([granted, granted]);
    expect(counts(twice.state)).toEqual({ [claimIdOf(A)]: 2 });
    const once = run([{ type: "released", key: A }], twice.state);
    expect(counts(once.state)).toEqual({ [claimIdOf(A)]: 1 });
    expect(once.effects).toEqual([{ type: "unlock", key: A }]);
    expect(run([{ type: "released", key: A }], once.state).state.held.size).toBe(0);
  });

  it("changes nothing when a check finds the same backend", () => {
    const held = run([{ type: "answered", key: A, granted: true, pid: 10 }]).state;
    const { state, effects } = run([{ type: "checked", pid: 10 }], held);
    expect(state).toBe(held);
    expect(effects).toEqual([]);
  });

  it.each<[string, ClaimsEvent]>([
    ["a check", { type: "checked", pid: 11 }],
    ["an answer", { type: "answered", key: B, granted: true, pid: 11 }],
  ])("retakes every held claim when %s finds another backend", (_, event) => {
    const held = run([
      { type: "answered", key: A, granted: true, pid: 10 },
      { type: "answered", key: A, granted: true, pid: 10 },
    ]).state;
    const { state, effects } = run([event], held);
    expect(state.session).toEqual({ kind: "on", pid: 11 });
    expect(effects).toEqual([{ type: "retake", key: A, count: 2 }]);
  });

  it("keeps a retaken claim and loses one another process took meanwhile", () => {
    const held = run([
      { type: "answered", key: A, granted: true, pid: 10 },
      { type: "answered", key: B, granted: true, pid: 10 },
      { type: "checked", pid: 11 },
    ]).state;
    const { state, effects } = run(
      [
        { type: "retaken", key: A, ok: true },
        { type: "retaken", key: B, ok: false },
      ],
      held,
    );
    expect(counts(state)).toEqual({ [claimIdOf(A)]: 1 });
    expect(effects).toEqual([{ type: "lost", key: B }]);
  });

  it("ignores a failed retake of a claim released meanwhile", () => {
    const { effects } = run([{ type: "retaken", key: A, ok: false }]);
    expect(effects).toEqual([]);
  });
});
