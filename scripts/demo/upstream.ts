// The demo's access to the archive: client-credentials tokens of the demo scripts' clients (one
// per demo user), renewed before they lapse, and the users the journal attributes work to.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { requestToken } from "@/lib/auth/oidc-client";
import { env } from "@/lib/env";
import type { Actor } from "./types";

// The embedded archive's script clients (archive/README.md, "Clients").
const CLIENTS: Record<Actor, { clientId: string; clientSecret: string }> = {
  archivist: { clientId: "demo-archivist", clientSecret: "demo-archivist-secret" },
  admin: { clientId: "demo-admin", clientSecret: "demo-admin-secret" },
};

// Renew with this much left: tokens live five minutes, and a wave may take a while.
const MARGIN_MS = 60_000;

export interface DemoUser {
  id: string;
  name: string;
}

// Bearer tokens per actor, fetched on first use and renewed before expiry.
export function createTokens(): (actor: Actor) => Promise<string> {
  const held = new Map<Actor, Promise<{ token: string; expiresAt: number }>>();
  const fetchToken = async (actor: Actor) => {
    const grant = await requestToken(
      { issuer: env.OIDC_ISSUER, ...CLIENTS[actor], timeoutMs: env.UPSTREAM_TIMEOUT_MS },
      { grant_type: "client_credentials" },
    );
    return { token: grant.accessToken, expiresAt: grant.expiresAt.getTime() };
  };
  return async (actor) => {
    let entry = held.get(actor);
    if (!entry || (await entry).expiresAt - Date.now() < MARGIN_MS) {
      entry = fetchToken(actor);
      held.set(actor, entry);
      entry.catch(() => held.delete(actor));
    }
    return (await entry).token;
  };
}

// The demo users' ids and names from archive/config/identities.json, so /ingests shows their work to them.
export async function demoUsers(): Promise<Record<Actor, DemoUser> & { admin2: DemoUser }> {
  const file = path.join(process.env.ARCHIVE_CONFIG_DIR || "archive/config", "identities.json");
  const { users } = JSON.parse(await readFile(file, "utf8")) as {
    users: { username: string; name: string }[];
  };
  const find = (username: string): DemoUser => {
    const user = users.find((u) => u.username === username);
    if (!user)
      throw new Error(
        `${file} has no user "${username}"; the demo attributes its work to the demo users.`,
      );
    return { id: user.username, name: user.name };
  };
  return { archivist: find("archivist"), admin: find("admin"), admin2: find("admin2") };
}
