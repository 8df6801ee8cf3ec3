// When a dashboard session stops being valid. Pure, so the rules are tested without a clock.

export interface SessionLimits {
  // Longest pause between two requests.
  idleMs: number;
  // Longest life of a sign-in, however active.
  absoluteMs: number;
}

export interface SessionTimes {
  createdAt: Date;
  lastSeenAt: Date;
  endedAt: Date | null;
}

export type SessionVerdict =
  | { active: true; expiresAt: Date; touch: boolean }
  | { active: false; reason: "ended" | "idle" | "expired" };

// last_seen_at is written at most this often, so a busy page does not write on every request.
// The visits in between are not recorded, so the last activity may be up to this much later than
// last_seen_at: a session is refused only once it has been idle for the limit plus this slack, so
// an active session is never refused early and an idle one ends at most these seconds late.
export const TOUCH_INTERVAL_MS = 5_000;

export const ADMIN_ROLE = "admin";

// Limits from the configured minutes and hours.
export function sessionLimits(idleMinutes: number, absoluteHours: number): SessionLimits {
  return { idleMs: idleMinutes * 60_000, absoluteMs: absoluteHours * 3_600_000 };
}

// Decides whether a session may serve a request made at `now`.
export function judgeSession(
  session: SessionTimes,
  now: Date,
  limits: SessionLimits,
): SessionVerdict {
  if (session.endedAt) return { active: false, reason: "ended" };
  const t = now.getTime();
  const hardEnd = session.createdAt.getTime() + limits.absoluteMs;
  if (t >= hardEnd) return { active: false, reason: "expired" };
  const sinceSeen = t - session.lastSeenAt.getTime();
  if (sinceSeen >= limits.idleMs + TOUCH_INTERVAL_MS) return { active: false, reason: "idle" };
  const touch = sinceSeen >= TOUCH_INTERVAL_MS;
  // Only a recorded visit moves the idle deadline; other instances judge from the same row.
  const seen = touch ? t : session.lastSeenAt.getTime();
  return { active: true, touch, expiresAt: new Date(Math.min(hardEnd, idleEnd(seen, limits))) };
}

// When a session last recorded at `seenMs` lapses for want of activity.
function idleEnd(seenMs: number, limits: SessionLimits): number {
  return seenMs + limits.idleMs + TOUCH_INTERVAL_MS;
}

// The moment a session seen at `lastSeenAt` lapses if nothing else happens.
export function sessionDeadline(session: SessionTimes, limits: SessionLimits): Date {
  return new Date(
    Math.min(
      session.createdAt.getTime() + limits.absoluteMs,
      idleEnd(session.lastSeenAt.getTime(), limits),
    ),
  );
}
