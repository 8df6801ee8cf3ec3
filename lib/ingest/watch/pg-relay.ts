import "server-only";
// The status relay for dashboard processes sharing one PostgreSQL database. The claim on a SIP is
// a session-level advisory lock held on one connection per process, so it ends with the process
// or its connection. The poller stores each snapshot in status_snapshots and NOTIFYs the
// others: the event itself when it fits in a notification, else only the key to read it by.
import { createHash } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import postgres from "postgres";
import * as v from "valibot";
import type { DashboardDb } from "@/lib/db/client";
import { statusSnapshots } from "@/lib/db/schema";
import type { SipKey } from "./hub-types";
import {
  claimIdOf,
  noClaims,
  transition as transitionClaims,
  type ClaimsEffect,
  type ClaimsEvent,
} from "./pg-claims";
import type { StatusRelay } from "./relay";
import { SipSnapshot, WatchEvent } from "./snapshot";

const CHANNEL = "scriptorium_sip_status";
// PostgreSQL refuses notifications of 8000 bytes or more.
const MAX_NOTIFY_BYTES = 7_900;
// Rows of SIPs nobody watched for this long are removed when a process starts publishing.
const KEEP_DAYS = 30;

export interface PgRelayOptions {
  // The dashboard database, with its migrations applied (they create status_snapshots).
  db: () => Promise<DashboardDb>;
  // Its connection string: the relay opens one connection for the claims and one to listen.
  databaseUrl: string;
  // How often a process holding claims checks that its connection (and so its locks) is the same.
  sessionCheckMs?: number;
}

export interface PgRelay extends StatusRelay {
  close(): Promise<void>;
}

interface Follower {
  onEvent: (event: WatchEvent) => void;
  onLost: () => void;
}

// A 64-bit lock number per SIP: a collision would leave one of two SIPs without a poller.
// Exported for tests, which look the claim up in pg_locks.
export function lockOf(key: SipKey): string {
  const digest = createHash("sha256")
    .update(`scriptorium sip status\0${claimIdOf(key)}`)
    .digest();
  return digest.readBigInt64BE(0).toString();
}

function keyOf(value: unknown): SipKey | null {
  if (!Array.isArray(value) || value.length !== 3) return null;
  if (!value.every((part) => typeof part === "string")) return null;
  const [tenant, packageId, submissionName] = value as [string, string, string];
  return { tenant, packageId, submissionName };
}

export function createPgRelay(options: PgRelayOptions): PgRelay {
  // A client of one connection, used for the locks alone; listen() opens its own. Not a reserved
  // connection: postgres.js crashes the process when one is used after the server dropped it,
  // where this client reconnects. Not recycled either (postgres.js retires connections after 30 to
  // 60 minutes by default): the locks would go with it.
  const client = postgres(options.databaseUrl, {
    max: 1,
    idle_timeout: 0,
    max_lifetime: null,
    onnotice: () => {},
  });
  const followers = new Map<string, Set<Follower>>();
  let claims = noClaims();
  // LISTEN is started by the first follower or claim, and again after it failed.
  let listening: { kind: "idle" } | { kind: "listening"; ready: Promise<unknown> } = {
    kind: "idle",
  };
  let pruned = false;
  // Notifications are handed on in the order they came, even when one needs a read first.
  let delivery: Promise<void> = Promise.resolve();

  // Moves the claims to their next state and carries out what that asks for.
  async function note(event: ClaimsEvent): Promise<void> {
    const { state, effects } = transitionClaims(claims, event);
    claims = state;
    for (const effect of effects) await perform(effect);
  }

  async function perform(effect: ClaimsEffect): Promise<void> {
    switch (effect.type) {
      case "retake": {
        const [row] = await client<{ ok: boolean }[]>`
          select bool_and(pg_try_advisory_lock(${lockOf(effect.key)}::bigint)) as ok
          from generate_series(1, ${effect.count}::int)`;
        return note({ type: "retaken", key: effect.key, ok: row?.ok === true });
      }
      case "lost":
        for (const follower of [...(followers.get(claimIdOf(effect.key)) ?? [])]) {
          follower.onLost();
        }
        return;
      case "unlock":
        await client`select pg_advisory_unlock(${lockOf(effect.key)}::bigint)`;
        return;
    }
  }

  const sessionCheck = setInterval(() => {
    if (claims.held.size === 0) return;
    client<{ pid: number }[]>`select pg_backend_pid() as pid`
      .then(([row]) => row && note({ type: "checked", pid: row.pid }))
      .catch((error: unknown) => console.error("the status claims could not be checked", error));
  }, options.sessionCheckMs ?? 5_000);
  sessionCheck.unref();

  async function latest(key: SipKey): Promise<SipSnapshot | null> {
    const db = await options.db();
    const [row] = await db
      .select({ snapshot: statusSnapshots.snapshot })
      .from(statusSnapshots)
      .where(
        and(
          eq(statusSnapshots.tenant, key.tenant),
          eq(statusSnapshots.packageId, key.packageId),
          eq(statusSnapshots.submissionName, key.submissionName),
        ),
      );
    const parsed = v.safeParse(SipSnapshot, row?.snapshot);
    return parsed.success ? parsed.output : null;
  }

  async function deliver(payload: string): Promise<void> {
    let message: { k?: unknown; e?: unknown };
    try {
      message = JSON.parse(payload) as typeof message;
    } catch {
      return;
    }
    const key = keyOf(message.k);
    const listeners = key && followers.get(claimIdOf(key));
    if (!key || !listeners?.size) return;
    let event: WatchEvent | null = null;
    if (message.e === undefined) {
      const snapshot = await latest(key);
      if (snapshot) event = { type: "snapshot", snapshot };
    } else {
      const parsed = v.safeParse(WatchEvent, message.e);
      if (parsed.success) event = parsed.output;
    }
    if (event) for (const listener of [...listeners]) listener.onEvent(event);
  }

  function listen(): Promise<unknown> {
    if (listening.kind === "listening") return listening.ready;
    const ready = client
      .listen(CHANNEL, (payload) => {
        delivery = delivery
          .then(() => deliver(payload))
          .catch((error: unknown) => console.error("a status notification was lost", error));
      })
      .catch((error: unknown) => {
        listening = { kind: "idle" };
        throw error;
      });
    listening = { kind: "listening", ready };
    return ready;
  }

  async function notify(key: SipKey, event: WatchEvent | undefined): Promise<void> {
    const payload = JSON.stringify({
      k: [key.tenant, key.packageId, key.submissionName],
      e: event,
    });
    if (Buffer.byteLength(payload) > MAX_NOTIFY_BYTES) {
      // Only snapshots grow (plugin reports); the others are dropped rather than cut.
      if (event?.type === "snapshot") await notify(key, undefined);
      return;
    }
    const db = await options.db();
    await db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
  }

  return {
    follow(key, onEvent, onLost) {
      const id = claimIdOf(key);
      let listeners = followers.get(id);
      if (!listeners) followers.set(id, (listeners = new Set()));
      const follower = { onEvent, onLost };
      listeners.add(follower);
      void listen().catch((error: unknown) =>
        console.error("status notifications could not be heard", error),
      );
      return () => {
        listeners.delete(follower);
        if (listeners.size === 0 && followers.get(id) === listeners) followers.delete(id);
      };
    },

    latest,

    async claim(key) {
      // Listening first: what the poller publishes after this is heard.
      await listen();
      const [row] = await client<{ ok: boolean; pid: number }[]>`
        select pg_try_advisory_lock(${lockOf(key)}::bigint) as ok, pg_backend_pid() as pid`;
      if (!row) return false;
      await note({ type: "answered", key, granted: row.ok, pid: row.pid });
      return row.ok;
    },

    release: (key) => note({ type: "released", key }),

    async publish(key, event) {
      if (event.type === "snapshot") {
        const db = await options.db();
        if (!pruned) {
          pruned = true;
          await db
            .delete(statusSnapshots)
            .where(lt(statusSnapshots.updatedAt, sql`now() - make_interval(days => ${KEEP_DAYS})`));
        }
        const row = { ...key, snapshot: event.snapshot, updatedAt: new Date() };
        await db
          .insert(statusSnapshots)
          .values(row)
          .onConflictDoUpdate({
            target: [
              statusSnapshots.tenant,
              statusSnapshots.packageId,
              statusSnapshots.submissionName,
            ],
            set: { snapshot: row.snapshot, updatedAt: row.updatedAt },
          });
      }
      await notify(key, event);
    },

    async close() {
      followers.clear();
      claims = noClaims();
      clearInterval(sessionCheck);
      await client.end({ timeout: 5 });
    },
  };
}
