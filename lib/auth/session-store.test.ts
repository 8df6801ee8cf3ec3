// The idle limit as a request sees it: checkSession against a real dashboard database (PGlite in
// memory), with the request times given rather than waited for.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDashboardDb, type OpenedDashboardDb } from "@/lib/db/client";
import { sessions } from "@/lib/db/schema";
import { sessionLimits } from "./session-rules";
import { checkSession, createSession } from "./session-store";

let opened: OpenedDashboardDb;
beforeAll(async () => {
  opened = await openDashboardDb({});
  // Creating a PGlite database takes seconds, more on a busy machine.
}, 120_000);
afterAll(() => opened?.close());

// SESSION_IDLE_MINUTES=1
const oneMinute = sessionLimits(1, 8);

async function signIn(): Promise<{ id: string; signedInAt: number }> {
  const id = await createSession(
    opened.db,
    { sub: "ada", name: "Ada Archivist", roles: ["archivist"], tenants: ["demo"], tenant: "demo" },
    undefined,
  );
  const [row] = await opened.db.select().from(sessions).where(eq(sessions.id, id));
  return { id, signedInAt: row!.lastSeenAt.getTime() };
}

const after = (start: number, seconds: number) => new Date(start + seconds * 1000);

describe("checkSession with a one-minute idle limit", () => {
  it("keeps a session that makes a request every 15 s for three minutes", async () => {
    const { id, signedInAt } = await signIn();
    for (let second = 15; second <= 180; second += 15) {
      const checked = await checkSession(opened.db, id, oneMinute, after(signedInAt, second));
      expect(checked, `request at ${second} s`).not.toBeNull();
    }
  });

  it("ends a session left alone for a minute and a few seconds, and says why", async () => {
    const { id, signedInAt } = await signIn();
    expect(await checkSession(opened.db, id, oneMinute, after(signedInAt, 30))).not.toBeNull();
    expect(await checkSession(opened.db, id, oneMinute, after(signedInAt, 89))).not.toBeNull();
    expect(await checkSession(opened.db, id, oneMinute, after(signedInAt, 155))).toBeNull();
    const [row] = await opened.db.select().from(sessions).where(eq(sessions.id, id));
    expect(row).toMatchObject({ endReason: "idle" });
    // Once ended, it stays ended.
    expect(await checkSession(opened.db, id, oneMinute, after(signedInAt, 156))).toBeNull();
  });

  it("writes the visit every few seconds at most, not on every request", async () => {
    const { id, signedInAt } = await signIn();
    const seen = new Set<number>();
    for (let tenth = 1; tenth <= 100; tenth++) {
      await checkSession(opened.db, id, oneMinute, after(signedInAt, tenth / 10));
      const [row] = await opened.db.select().from(sessions).where(eq(sessions.id, id));
      seen.add(row!.lastSeenAt.getTime());
    }
    // 100 requests over 10 s: the row moved at most a handful of times.
    expect(seen.size).toBeLessThanOrEqual(3);
  });
});
