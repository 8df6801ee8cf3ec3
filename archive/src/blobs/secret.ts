// Secrets the archive generates once and keeps in its database, so that every process on the same
// database (and every restart) signs and checks with the same key.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { ArchiveDb } from "../db/client";
import { archiveSecrets } from "../db/schema";

// The secret called `name`, created (32 random bytes) by whichever process asks first.
export async function loadOrCreateSecret(db: ArchiveDb, name: string): Promise<Buffer> {
  await db
    .insert(archiveSecrets)
    .values({ name, value: randomBytes(32).toString("base64") })
    .onConflictDoNothing();
  const [row] = await db.select().from(archiveSecrets).where(eq(archiveSecrets.name, name));
  if (!row) throw new Error(`The archive secret "${name}" could not be stored.`);
  return Buffer.from(row.value, "base64");
}
