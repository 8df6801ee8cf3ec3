// Two status hubs as two dashboard processes would have them, each with its own relay and database
// connections, on a real PostgreSQL server (ARCHIVE_TEST_DATABASE_URL, see scripts/ci-postgres.sh).
import { randomBytes, randomUUID } from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDashboardDb, type OpenedDashboardDb } from "@/lib/db/client";
import type { IngestResponse } from "@scriptorium/contract/ingest/schemas";
import { createStatusHub, type SipKey, type StatusHub } from "../status-hub";
import { createPgRelay, lockOf, type PgRelay } from "./pg-relay";
import type { WatchEvent } from "./snapshot";

const adminUrl = process.env.ARCHIVE_TEST_DATABASE_URL;
const pacing = { minMs: 50, maxMs: 200, factor: 2 };

interface Instance {
  hub: StatusHub;
  relay: PgRelay;
  opened: OpenedDashboardDb;
  changes: string[];
}

let databaseUrl = "";
let databaseName = "";
const instances: Instance[] = [];

async function startInstance(): Promise<Instance> {
  const opened = await openDashboardDb({ databaseUrl });
  const relay = createPgRelay({ db: async () => opened.db, databaseUrl, sessionCheckMs: 200 });
  const changes: string[] = [];
  const hub = createStatusHub({
    pacing,
    claimRetryMs: 200,
    relay,
    onChange: (_, s) => void changes.push(s.status ?? ""),
  });
  const instance = { hub, relay, opened, changes };
  instances.push(instance);
  return instance;
}

function upstream(key: SipKey) {
  const state = { status: "PENDING", reports: [] as NonNullable<IngestResponse["pluginReports"]> };
  const pollFor = () =>
    vi.fn(async (_signal: AbortSignal): Promise<IngestResponse> => ({
      packageId: key.packageId,
      name: key.submissionName,
      status: state.status,
      submissionDate: "2025-01-01T10:00:00.000Z",
      pluginReports: state.reports,
    }));
  return { state, pollFor };
}

function watcher(poll: (signal: AbortSignal) => Promise<IngestResponse>) {
  const events: WatchEvent[] = [];
  return { events, poll, onEvent: (e: WatchEvent) => events.push(e) };
}

const statuses = (events: WatchEvent[]) =>
  events.flatMap((e) => (e.type === "snapshot" ? [e.snapshot.status] : []));

async function until(condition: () => boolean | Promise<boolean>, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const newKey = (): SipKey => ({
  tenant: "demo",
  packageId: `pkg-${randomUUID()}`,
  submissionName: "sip-1",
});

// The server processes holding the claim on `key` in the test database, one entry per holder.
// Only this SIP's lock: a test that failed earlier may have left its own SIP's claim behind.
async function claimHolders(key: SipKey): Promise<number[]> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    // A bigint advisory lock shows as its high half in classid and its low half in objid.
    const rows = await sql<{ pid: number }[]>`
      select l.pid from pg_locks l join pg_database d on d.oid = l.database
      where l.locktype = 'advisory' and l.granted and l.objsubid = 1 and d.datname = ${databaseName}
        and ((l.classid::bigint << 32) | l.objid::bigint) = ${lockOf(key)}::bigint`;
    return rows.map((r) => r.pid);
  } finally {
    await sql.end();
  }
}

const claims = async (key: SipKey) => (await claimHolders(key)).length;

// How many times each poll was called during the next `ms`.
async function pollsDuring(ms: number, ...polls: { mock: { calls: unknown[] } }[]) {
  const before = polls.map((p) => p.mock.calls.length);
  await sleep(ms);
  return polls.map((p, i) => p.mock.calls.length - before[i]!);
}

describe.skipIf(!adminUrl)("status hubs of two processes on PostgreSQL", () => {
  beforeAll(async () => {
    databaseName = `scriptorium_test_${randomBytes(6).toString("hex")}`;
    const admin = postgres(adminUrl!, { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(`CREATE DATABASE ${databaseName}`);
    } finally {
      await admin.end();
    }
    const url = new URL(adminUrl!);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }, 30_000);

  afterAll(async () => {
    for (const instance of instances) {
      await instance.relay.close();
      await instance.opened.close();
    }
    if (!databaseName) return;
    const admin = postgres(adminUrl!, { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  }, 30_000);

  it("polls the upstream from one process only, and both processes' watchers see every change", async () => {
    const [a, b] = [await startInstance(), await startInstance()];
    const key = newKey();
    const sip = upstream(key);
    const [pollA, pollB] = [sip.pollFor(), sip.pollFor()];
    const [onA, onB] = [watcher(pollA), watcher(pollB)];
    const leave = [a.hub.watch(key, onA), b.hub.watch(key, onB)];
    try {
      const seen = (status: string) => () =>
        statuses(onA.events).includes(status) && statuses(onB.events).includes(status);
      // Both watchers have the first answer: one process polled it, the other heard it.
      await until(seen("PENDING"));
      // One claim between the two processes, held by the one that polls.
      expect(await claims(key)).toBe(1);
      // A few rounds with nothing new, so the follower had every chance to poll too.
      await until(() => pollA.mock.calls.length + pollB.mock.calls.length > 3);
      sip.state.status = "PROCESSING";
      await until(seen("PROCESSING"));
      sip.state.status = "INGESTED";
      await until(seen("INGESTED"));

      const [leader, follower] = pollA.mock.calls.length > 0 ? [a, b] : [b, a];
      expect(pollA.mock.calls.length === 0 || pollB.mock.calls.length === 0).toBe(true);
      expect(leader.hub.stats().polls).toBeGreaterThan(3);
      expect(follower.hub.stats().polls).toBe(0);
      for (const w of [onA, onB])
        expect(statuses(w.events)).toEqual(["PENDING", "PROCESSING", "INGESTED"]);
      expect(leader.changes).toEqual(["PENDING", "PROCESSING", "INGESTED"]);
      expect(follower.changes).toEqual([]);
      // The poller lets go at the terminal status.
      await until(async () => (await claims(key)) === 0);
    } finally {
      for (const stop of leave) stop();
    }
  }, 20_000);

  it("hands polling over when the polling process's watchers leave", async () => {
    const [a, b] = [await startInstance(), await startInstance()];
    const key = newKey();
    const sip = upstream(key);
    const [pollA, pollB] = [sip.pollFor(), sip.pollFor()];
    const leaveA = a.hub.watch(key, watcher(pollA));
    const onB = watcher(pollB);
    let leaveB = () => {};
    try {
      await until(() => pollA.mock.calls.length > 0);
      leaveB = b.hub.watch(key, onB);
      await until(() => statuses(onB.events).length === 1);
      await sleep(500);
      expect(pollB).not.toHaveBeenCalled();

      leaveA();
      const left = Date.now();
      await until(() => pollB.mock.calls.length > 0, 3_000);
      // Within about one claim retry (200 ms here; room left for a busy machine).
      expect(Date.now() - left).toBeLessThan(2_000);
      const callsOfA = pollA.mock.calls.length;
      sip.state.status = "PROCESSING";
      await until(() => statuses(onB.events).includes("PROCESSING"));
      expect(pollA).toHaveBeenCalledTimes(callsOfA);
      expect(b.changes).toEqual(["PROCESSING"]);
    } finally {
      leaveA();
      leaveB();
    }
    await until(() => b.hub.stats().sips === 0);
  }, 20_000);

  it("takes over from a process whose connection is gone, and relays snapshots larger than a notification", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const [a, b] = [await startInstance(), await startInstance()];
      const key = newKey();
      const sip = upstream(key);
      sip.state.reports = Array.from({ length: 40 }, (_, i) => ({
        pluginName: `plugin-${i}`,
        status: "SUCCESS",
        message: "x".repeat(400),
        executionDate: "2025-01-01T10:00:01.000Z",
      }));
      const [pollA, pollB] = [sip.pollFor(), sip.pollFor()];
      const leaveA = a.hub.watch(key, watcher(pollA));
      await until(() => pollA.mock.calls.length > 0);
      const onB = watcher(pollB);
      const leaveB = b.hub.watch(key, onB);
      await until(() => onB.events.length > 0);
      sip.state.status = "PROCESSING";
      await until(() => statuses(onB.events).includes("PROCESSING"));
      const big = onB.events.findLast((e) => e.type === "snapshot");
      expect(big?.type === "snapshot" && big.snapshot.pluginReports).toHaveLength(40);
      expect(JSON.stringify(big).length).toBeGreaterThan(8_000);
      expect(pollB).not.toHaveBeenCalled();

      // As if A's process died: its connections close, and the lock goes with them.
      await a.relay.close();
      await until(() => pollB.mock.calls.length > 0, 2_000);
      leaveA();
      leaveB();
      // A's release fails on its closed connection, and says so; not in this test's output.
      await sleep(200);
    } finally {
      errors.mockRestore();
    }
  }, 20_000);

  it("keeps one poller when the polling process's connection is cut and comes back", async () => {
    const [a, b] = [await startInstance(), await startInstance()];
    const key = newKey();
    const sip = upstream(key);
    const [pollA, pollB] = [sip.pollFor(), sip.pollFor()];
    const leave = [a.hub.watch(key, watcher(pollA))];
    try {
      await until(() => pollA.mock.calls.length > 0);
      const [holder] = await claimHolders(key);
      leave.push(b.hub.watch(key, watcher(pollB)));
      const admin = postgres(databaseUrl, { max: 1, onnotice: () => {} });
      try {
        await admin`select pg_terminate_backend(${holder!})`;
      } finally {
        await admin.end();
      }
      // Either B claims first and A steps down when it sees its new connection, or A takes its
      // lock again first and B keeps following: one poller in the end. How soon depends on the
      // session check (200 ms here), the reconnection and a busy machine: wait for a whole second
      // in which one process holds the claim and only one asks the upstream.
      let polled: number[] = [];
      await until(async () => {
        polled = await pollsDuring(1_000, pollA, pollB);
        return polled.filter((n) => n > 0).length === 1 && (await claims(key)) === 1;
      }, 15_000);
      // And it stays so: the same process goes on alone.
      const next = await pollsDuring(1_000, pollA, pollB);
      expect(next.map((n) => n > 0)).toEqual(polled.map((n) => n > 0));
      expect(await claims(key)).toBe(1);
    } finally {
      for (const stop of leave) stop();
    }
  }, 30_000);
});
