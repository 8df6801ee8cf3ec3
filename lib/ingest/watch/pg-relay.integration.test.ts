// Two status hubs as two dashboard processes would have them, each with its own relay and database
// connections, on a real PostgreSQL server (ARCHIVE_TEST_DATABASE_URL, see scripts/ci-postgres.sh).
import { randomBytes, randomUUID } from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDashboardDb, type OpenedDashboardDb } from "@/lib/db/client";
import type { IngestResponse } from "@/lib/ingest/schemas";
import { createStatusHub, type SipKey, type StatusHub } from "../status-hub";
import { createPgRelay, type PgRelay } from "./pg-relay";
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

async function until(condition: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
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

// The server processes holding advisory locks in the test database, one entry per lock.
async function advisoryLockHolders(): Promise<number[]> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql<{ pid: number }[]>`
      select l.pid from pg_locks l join pg_database d on d.oid = l.database
      where l.locktype = 'advisory' and l.granted and d.datname = ${databaseName}`;
    return rows.map((r) => r.pid);
  } finally {
    await sql.end();
  }
}

const advisoryLocks = async () => (await advisoryLockHolders()).length;

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
    await sleep(800);
    // One claim between the two processes, held by the one that polls.
    expect(await advisoryLocks()).toBe(1);
    sip.state.status = "PROCESSING";
    await until(() => statuses(onA.events).length === 2 && statuses(onB.events).length === 2);
    sip.state.status = "INGESTED";
    await until(
      () => statuses(onA.events).includes("INGESTED") && statuses(onB.events).includes("INGESTED"),
    );

    const [leader, follower] = pollA.mock.calls.length > 0 ? [a, b] : [b, a];
    expect(pollA.mock.calls.length === 0 || pollB.mock.calls.length === 0).toBe(true);
    expect(leader.hub.stats().polls).toBeGreaterThan(3);
    expect(follower.hub.stats().polls).toBe(0);
    for (const w of [onA, onB])
      expect(statuses(w.events)).toEqual(["PENDING", "PROCESSING", "INGESTED"]);
    expect(leader.changes).toEqual(["PENDING", "PROCESSING", "INGESTED"]);
    expect(follower.changes).toEqual([]);
    // The poller let go at the terminal status.
    let locks = await advisoryLocks();
    for (const end = Date.now() + 2_000; locks > 0 && Date.now() < end;) {
      await sleep(50);
      locks = await advisoryLocks();
    }
    expect(locks).toBe(0);
    for (const stop of leave) stop();
  }, 20_000);

  it("hands polling over when the polling process's watchers leave", async () => {
    const [a, b] = [await startInstance(), await startInstance()];
    const key = newKey();
    const sip = upstream(key);
    const [pollA, pollB] = [sip.pollFor(), sip.pollFor()];
    const leaveA = a.hub.watch(key, watcher(pollA));
    await until(() => pollA.mock.calls.length > 0);
    const onB = watcher(pollB);
    const leaveB = b.hub.watch(key, onB);
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
    leaveB();
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
    await until(() => pollA.mock.calls.length > 0);
    leave.push(b.hub.watch(key, watcher(pollB)));
    await sleep(300);
    const [holder] = await advisoryLockHolders();
    const admin = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      await admin`select pg_terminate_backend(${holder!})`;
    } finally {
      await admin.end();
    }
    // Either B claims first and A steps down when it sees its new connection, or A takes its
    // lock again first and B keeps following: one poller in the end.
    await sleep(1_500);
    const before = [pollA.mock.calls.length, pollB.mock.calls.length];
    await sleep(1_000);
    const polled = [pollA.mock.calls.length - before[0]!, pollB.mock.calls.length - before[1]!];
    expect(polled.filter((n) => n > 0)).toHaveLength(1);
    expect(await advisoryLocks()).toBe(1);
    for (const stop of leave) stop();
  }, 20_000);
});
