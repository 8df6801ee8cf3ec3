// The users and clients of the embedded identity provider, read from identities.json in the
// configuration folder (archive/config by default).
import { createHash, timingSafeEqual } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";

const grantType = z.enum(["authorization_code", "refresh_token", "client_credentials"]);
const names = z.array(z.string().min(1));

const userSchema = z.strictObject({
  username: z.string().min(1),
  password: z.string().min(1),
  name: z.string().min(1),
  email: z.email().optional(),
  roles: names,
  tenants: names.min(1),
});

const clientSchema = z.strictObject({
  clientId: z.string().min(1),
  clientSecret: z.string().min(8),
  name: z.string().min(1),
  grantTypes: z.array(grantType).min(1),
  redirectUris: z.array(z.string()).default([]),
  postLogoutRedirectUris: z.array(z.string()).default([]),
  // What a client-credentials token of this client carries; its subject is the client id.
  roles: names.default([]),
  tenants: names.default([]),
});

const fileSchema = z.strictObject({
  $comment: z.string().optional(),
  // Shows the demo users and their passwords on the sign-in page.
  demo: z.boolean().default(false),
  users: z.array(userSchema),
  clients: z.array(clientSchema).min(1),
});

export type IdentityUser = z.infer<typeof userSchema>;
export type IdentityClient = z.infer<typeof clientSchema>;

export interface Identities {
  demo: boolean;
  users: IdentityUser[];
  clients: IdentityClient[];
  findUser(username: string): IdentityUser | undefined;
  findClient(clientId: string): IdentityClient | undefined;
  // The user whose password matches, or undefined; takes the same time for unknown users.
  verifyPassword(username: string, password: string): IdentityUser | undefined;
}

// Parses an identities document; `{dashboardUrl}` in URIs becomes the dashboard's origin.
export function parseIdentities(raw: unknown, dashboardUrl: string): Identities {
  const parsed = fileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join(".") || "the document";
    throw new Error(`identities.json is invalid at ${where}: ${issue?.message ?? "bad value"}.`);
  }
  const origin = dashboardUrl.replace(/\/$/, "");
  const fill = (uris: string[]) => uris.map((uri) => uri.replaceAll("{dashboardUrl}", origin));
  const users = parsed.data.users;
  const clients = parsed.data.clients.map((client) => ({
    ...client,
    redirectUris: fill(client.redirectUris),
    postLogoutRedirectUris: fill(client.postLogoutRedirectUris),
  }));
  assertUnique(
    users.map((u) => u.username),
    "username",
  );
  assertUnique(
    clients.map((c) => c.clientId),
    "clientId",
  );

  const byName = new Map(users.map((u) => [u.username, u]));
  const byClient = new Map(clients.map((c) => [c.clientId, c]));
  return {
    demo: parsed.data.demo,
    users,
    clients,
    findUser: (username) => byName.get(username),
    findClient: (clientId) => byClient.get(clientId),
    verifyPassword(username, password) {
      const user = byName.get(username);
      // Compare against something even for unknown users so timing does not reveal which exist.
      const matches = secretsEqual(password, user?.password ?? "\u0000no-such-user");
      return user && matches ? user : undefined;
    },
  };
}

// Reads `${configDir}/identities.json`.
export async function loadIdentities(configDir: string, dashboardUrl: string): Promise<Identities> {
  const file = path.join(configDir, "identities.json");
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch {
    throw new Error(
      `The archive cannot start: ${file} is missing (copy it from the repository's config folder).`,
    );
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new Error(`The archive cannot start: ${file} is not valid JSON.`);
  }
  return parseIdentities(raw, dashboardUrl);
}

// Constant-time comparison of two secrets of any length (both are hashed to 32 bytes first).
export function secretsEqual(given: string, expected: string): boolean {
  const a = createHash("sha256").update(given, "utf8").digest();
  const b = createHash("sha256").update(expected, "utf8").digest();
  return timingSafeEqual(a, b);
}

function assertUnique(values: string[], field: string) {
  const seen = new Set<string>();
  for (const value of values) {
    if (seen.has(value)) throw new Error(`identities.json lists ${field} "${value}" twice.`);
    seen.add(value);
  }
}
