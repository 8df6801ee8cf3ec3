// The token renewal as a pure state machine: every event in every state of both modes, then the
// decisions that matter (fresh or stale, rotated refresh tokens, ended or unavailable).
import { describe, expect, it } from "vitest";
import {
  isFresh,
  startRenewal,
  transition,
  type StoredToken,
  type TokenEvent,
  type TokenMode,
  type TokenPhase,
} from "./token-state";

const NOW = Date.parse("2025-01-01T10:00:00.000Z");
const rules = { marginMs: 30_000, now: NOW };

// A 5-minute token with `leftMs` to go.
const token = (leftMs: number, refreshToken: string | null = "refresh-0"): StoredToken => ({
  accessToken: "access-0",
  refreshToken,
  expiresAt: new Date(NOW + leftMs),
  renewedAt: new Date(NOW + leftMs - 300_000),
});

const grant = {
  accessToken: "access-1",
  refreshToken: "refresh-1",
  expiresAt: new Date(NOW + 300_000),
};

const PHASES: Record<string, TokenPhase> = {
  unread: { kind: "unread" },
  locking: { kind: "locking" },
  renewing: { kind: "renewing", refreshToken: "refresh-0" },
  valid: { kind: "valid", token: token(120_000) },
  ended: { kind: "ended", message: "The session has ended." },
  unavailable: { kind: "unavailable", message: "The identity provider is unreachable." },
};

const EVENTS: Record<string, TokenEvent> = {
  "fresh row": { type: "read", row: token(120_000), locked: false },
  "stale row": { type: "read", row: token(10_000), locked: false },
  "no row": { type: "read", row: undefined, locked: false },
  "fresh row, locked": { type: "read", row: token(120_000), locked: true },
  "stale row, locked": { type: "read", row: token(10_000), locked: true },
  "no row, locked": { type: "read", row: undefined, locked: true },
  granted: { type: "granted", grant, at: new Date(NOW) },
  refused: { type: "refused" },
  failed: { type: "failed", message: "The identity provider is unreachable." },
};

// The phase each event leads to from each phase (columns in the order of PHASES), per mode.
// prettier-ignore
const NEXT: Record<TokenMode, Record<string, string[]>> = {
  session: {
    "fresh row":         ["valid",   "locking",  "renewing",    "valid", "ended", "unavailable"],
    "stale row":         ["locking", "locking",  "renewing",    "valid", "ended", "unavailable"],
    "no row":            ["ended",   "locking",  "renewing",    "valid", "ended", "unavailable"],
    "fresh row, locked": ["unread",  "valid",    "renewing",    "valid", "ended", "unavailable"],
    "stale row, locked": ["unread",  "renewing", "renewing",    "valid", "ended", "unavailable"],
    "no row, locked":    ["unread",  "ended",    "renewing",    "valid", "ended", "unavailable"],
    granted:             ["unread",  "locking",  "valid",       "valid", "ended", "unavailable"],
    refused:             ["unread",  "locking",  "ended",       "valid", "ended", "unavailable"],
    failed:              ["unread",  "unavailable", "unavailable", "valid", "ended", "unavailable"],
  },
  service: {
    "fresh row":         ["valid",   "locking",  "renewing",    "valid", "ended", "unavailable"],
    "stale row":         ["locking", "locking",  "renewing",    "valid", "ended", "unavailable"],
    "no row":            ["locking", "locking",  "renewing",    "valid", "ended", "unavailable"],
    "fresh row, locked": ["unread",  "valid",    "renewing",    "valid", "ended", "unavailable"],
    "stale row, locked": ["unread",  "renewing", "renewing",    "valid", "ended", "unavailable"],
    "no row, locked":    ["unread",  "renewing", "renewing",    "valid", "ended", "unavailable"],
    granted:             ["unread",  "locking",  "valid",       "valid", "ended", "unavailable"],
    refused:             ["unread",  "locking",  "unavailable", "valid", "ended", "unavailable"],
    failed:              ["unread",  "unavailable", "unavailable", "valid", "ended", "unavailable"],
  },
};

const cases = (["session", "service"] as const).flatMap((mode) =>
  Object.entries(EVENTS).flatMap(([eventName, event]) =>
    Object.entries(PHASES).map(([phaseName, phase], column) => ({
      mode,
      eventName,
      phaseName,
      event,
      phase,
      expected: NEXT[mode][eventName]?.[column],
    })),
  ),
);

describe("the token renewal's transitions", () => {
  it.each(cases)(
    "$mode: $eventName in $phaseName leads to $expected",
    ({ mode, event, phase, expected }) => {
      expect(transition({ mode, phase }, event, rules).state.phase.kind).toBe(expected);
    },
  );
});

describe("a renewal", () => {
  it("hands out a fresh token without renewing, and locks the row for a stale one", () => {
    const fresh = transition(startRenewal("session"), EVENTS["fresh row"] as TokenEvent, rules);
    expect(fresh).toEqual({
      state: { mode: "session", phase: { kind: "valid", token: token(120_000) } },
      effects: [],
    });
    const stale = transition(startRenewal("session"), EVENTS["stale row"] as TokenEvent, rules);
    expect(stale.effects).toEqual([{ type: "lockAndRead" }]);
  });

  it("hands out the token another instance renewed while this one waited for the lock", () => {
    const step = transition(
      { mode: "session", phase: { kind: "locking" } },
      EVENTS["fresh row, locked"] as TokenEvent,
      rules,
    );
    expect(step.state.phase).toEqual({ kind: "valid", token: token(120_000) });
    expect(step.effects).toEqual([]);
  });

  it("renews with the stored refresh token, or client credentials in service mode", () => {
    const stale = EVENTS["stale row, locked"] as TokenEvent;
    const locking = { kind: "locking" } as const;
    expect(transition({ mode: "session", phase: locking }, stale, rules).effects).toEqual([
      { type: "refresh", refreshToken: "refresh-0" },
    ]);
    expect(transition({ mode: "service", phase: locking }, stale, rules).effects).toEqual([
      { type: "clientCredentials" },
    ]);
  });

  it("renews the service token's empty placeholder even when it would not have expired", () => {
    const placeholder = { ...token(120_000), accessToken: "" };
    const step = transition(
      { mode: "service", phase: { kind: "locking" } },
      { type: "read", row: placeholder, locked: true },
      rules,
    );
    expect(step.effects).toEqual([{ type: "clientCredentials" }]);
  });

  it("keeps the rotated refresh token, or the old one when none came", () => {
    const renewing = { mode: "session" as const, phase: PHASES.renewing as TokenPhase };
    const at = new Date(NOW);
    const rotated = transition(renewing, { type: "granted", grant, at }, rules);
    const stored = { accessToken: "access-1", expiresAt: grant.expiresAt, renewedAt: at };
    expect(rotated.effects).toEqual([
      { type: "store", token: { ...stored, refreshToken: "refresh-1" } },
    ]);
    const { refreshToken: _dropped, ...withoutRotation } = grant;
    const kept = transition(renewing, { type: "granted", grant: withoutRotation, at }, rules);
    expect(kept.effects).toEqual([
      { type: "store", token: { ...stored, refreshToken: "refresh-0" } },
    ]);
  });

  it("ends the session, recording why, when it cannot be renewed", () => {
    const locking = { mode: "session" as const, phase: { kind: "locking" } as const };
    const noRefresh = transition(
      locking,
      { type: "read", row: token(-1_000, null), locked: true },
      rules,
    );
    expect(noRefresh.state.phase).toEqual({
      kind: "ended",
      message: "The upstream token expired and the identity provider issues no refresh token.",
    });
    expect(noRefresh.effects).toEqual([{ type: "endSession", reason: "expired" }]);
    const refused = transition(
      { mode: "session", phase: PHASES.renewing as TokenPhase },
      { type: "refused" },
      rules,
    );
    expect(refused.state.phase).toEqual({
      kind: "ended",
      message: "The identity provider no longer accepts this sign-in.",
    });
    expect(refused.effects).toEqual([{ type: "endSession", reason: "refresh-failed" }]);
    const gone = transition(locking, EVENTS["no row, locked"] as TokenEvent, rules);
    expect(gone.effects).toEqual([]);
  });

  it("keeps the session when the identity provider is only unreachable", () => {
    const step = transition(
      { mode: "session", phase: PHASES.renewing as TokenPhase },
      EVENTS.failed as TokenEvent,
      rules,
    );
    expect(step.state.phase).toEqual({
      kind: "unavailable",
      message: "The identity provider is unreachable.",
    });
    expect(step.effects).toEqual([]);
  });
});

describe("freshness", () => {
  it("needs more than the margin left", () => {
    expect(isFresh(token(31_000), rules)).toBe(true);
    expect(isFresh(token(29_000), rules)).toBe(false);
  });

  it("needs only a quarter of the lifetime when that is shorter than the margin", () => {
    const short = (leftMs: number): StoredToken => ({
      ...token(leftMs),
      renewedAt: new Date(NOW + leftMs - 20_000),
    });
    expect(isFresh(short(15_000), rules)).toBe(true);
    expect(isFresh(short(4_000), rules)).toBe(false);
  });

  it("uses the plain margin when the lifetime is unknown", () => {
    expect(isFresh({ ...token(20_000), renewedAt: null }, rules)).toBe(false);
  });
});
