import "server-only";
// Whether a user has finished or dismissed the first-run tour, kept per user in the dashboard
// database's settings table so it follows them to another browser.
import { eq } from "drizzle-orm";
import type { DashboardDb } from "@/lib/db";
import { settings } from "@/lib/db/schema";

// The settings key of one user's tour state; user ids are the identity provider's `sub`.
export function tourSettingKey(userId: string): string {
  return `tour.dismissed:${userId}`;
}

// True once the user has finished or dismissed the tour.
export async function readTourDismissed(db: DashboardDb, userId: string): Promise<boolean> {
  const [row] = await db
    .select()
    .from(settings)
    .where(eq(settings.key, tourSettingKey(userId)));
  return row?.value === true;
}

// Remembers (or forgets) that the user has seen the tour.
export async function writeTourDismissed(
  db: DashboardDb,
  userId: string,
  dismissed: boolean,
): Promise<void> {
  await db
    .insert(settings)
    .values({ key: tourSettingKey(userId), value: dismissed })
    .onConflictDoUpdate({ target: settings.key, set: { value: dismissed, updatedAt: new Date() } });
}
