// Reads the upstream tokens the dashboard holds, so a spec can look for them in the browser.
// PostgreSQL (DATABASE_URL) is queried directly; PGlite allows one process per database, so a
// copy of its folder is opened instead (the server keeps running on the original).
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import { E2E_DATA_DIR } from "./auth";

export interface HeldToken {
  key: string;
  accessToken: string;
  refreshToken: string | null;
}

const QUERY = "select key, access_token, refresh_token from upstream_tokens";

type Row = { key: string; access_token: string; refresh_token: string | null };

function toHeld(rows: Row[]): HeldToken[] {
  return rows.map((r) => ({
    key: r.key,
    accessToken: r.access_token,
    refreshToken: r.refresh_token,
  }));
}

// Every access and refresh token in the dashboard database right now.
export async function readHeldTokens(): Promise<HeldToken[]> {
  if (process.env.DATABASE_URL) {
    const sql = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
    try {
      return toHeld(await sql.unsafe<Row[]>(QUERY));
    } finally {
      await sql.end();
    }
  }
  const copy = await mkdtemp(path.join(tmpdir(), "scriptorium-e2e-db-"));
  try {
    await cp(path.resolve(E2E_DATA_DIR, "dashboard", "db"), copy, { recursive: true });
    await rm(path.join(copy, "postmaster.pid"), { force: true });
    const db = new PGlite(copy);
    try {
      return toHeld((await db.query<Row>(QUERY)).rows);
    } finally {
      await db.close();
    }
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
}
