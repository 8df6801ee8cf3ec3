import "server-only";
// The embedded archive's demo accounts, listed on the sign-in page so a fresh install can be
// tried at once. Only when the dashboard signs in against the embedded archive and its
// identities file says `"demo": true`; a real identity provider's users are never listed.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { env } from "@/lib/env";

const fileSchema = z.looseObject({
  demo: z.boolean().default(false),
  users: z.array(
    z.looseObject({
      username: z.string(),
      password: z.string(),
      name: z.string(),
      roles: z.array(z.string()).default([]),
      tenants: z.array(z.string()).default([]),
    }),
  ),
});

export type DemoUser = Pick<
  z.infer<typeof fileSchema>["users"][number],
  "username" | "password" | "name" | "roles" | "tenants"
>;

// The demo users, or none (not the embedded archive, not a demo, or no readable file).
export async function loadDemoUsers(): Promise<DemoUser[]> {
  if (!env.embeddedArchive) return [];
  // The archive reads the same folder (ARCHIVE_CONFIG_DIR, default archive/config/).
  const file = path.resolve(process.env.ARCHIVE_CONFIG_DIR ?? "archive/config", "identities.json");
  try {
    const parsed = fileSchema.safeParse(JSON.parse(await readFile(file, "utf8")));
    if (!parsed.success || !parsed.data.demo) return [];
    return parsed.data.users.map(({ username, password, name, roles, tenants }) => ({
      username,
      password,
      name,
      roles,
      tenants,
    }));
  } catch {
    return [];
  }
}
