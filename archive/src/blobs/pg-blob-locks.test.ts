// Two archive processes on one PostgreSQL, played by two lock clients and two stores. The stores
// use separate folders holding the same bytes, so that only the advisory locks, not this
// process's in-memory holds, can keep one from removing what the other holds.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../test/support/postgres";
import { BLOB_LOCK_CLASS, openPgBlobLocks, type CrossProcessBlobLocks } from "./pg-blob-locks";
import { openBlobStore, type BlobStore } from "./store";

const url = process.env.ARCHIVE_TEST_DATABASE_URL;
const unused = async () => false;

describe.skipIf(!url)("blob locks across processes on PostgreSQL", () => {
  let database: TestDatabase;
  let admin: postgres.Sql;
  let dirs: string[];
  let locksA: CrossProcessBlobLocks;
  let locksB: CrossProcessBlobLocks;
  let storeA: BlobStore;
  let storeB: BlobStore;

  beforeAll(async () => {
    database = await createTestDatabase(url!);
    admin = postgres(database.url, { max: 1, onnotice: () => {} });
  });

  afterAll(async () => {
    await admin?.end();
    await database?.drop();
  });

  beforeEach(async () => {
    dirs = [
      await mkdtemp(path.join(tmpdir(), "blob-locks-a-")),
      await mkdtemp(path.join(tmpdir(), "blob-locks-b-")),
    ];
    // A's connection check is left to the one test about it; B's never runs within a test.
    locksA = openPgBlobLocks(database.url, { sessionCheckMs: 60_000 });
    locksB = openPgBlobLocks(database.url, { sessionCheckMs: 60_000 });
    storeA = await openBlobStore(dirs[0]!, { locks: locksA });
    storeB = await openBlobStore(dirs[1]!, { locks: locksB });
  });

  afterEach(async () => {
    await locksA.close();
    await locksB.close();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  // Stores `text` in both folders; A's copy is held by the hold it answers.
  async function heldByA(text: string) {
    const hold = storeA.hold();
    const fileA = path.join(dirs[0]!, "in.txt");
    await writeFile(fileA, text);
    const { sha256 } = await storeA.adopt(fileA, hold);
    const fileB = path.join(dirs[1]!, "in.txt");
    await writeFile(fileB, text);
    await storeB.adopt(fileB);
    return { hold, sha256 };
  }

  // The backends holding blob locks shared in this test's database (pg_locks lists the whole
  // server's, where other suites' archives may hold theirs at the same time).
  async function sharedHolders(): Promise<number[]> {
    const rows = await admin<{ pid: number }[]>`
      select pid from pg_locks
      where locktype = 'advisory' and classid = ${BLOB_LOCK_CLASS} and objsubid = 2 and mode = 'ShareLock'
        and database = (select oid from pg_database where datname = current_database())`;
    return [...new Set(rows.map((r) => r.pid))];
  }

  // Ends a backend as a server restart or a network cut would, and waits until it is gone.
  async function terminate(pid: number) {
    await admin`select pg_terminate_backend(${pid})`;
    for (let i = 0; i < 100; i += 1) {
      const [row] = await admin<
        { n: number }[]
      >`select count(*)::int as n from pg_stat_activity where pid = ${pid}`;
      if (row?.n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`The backend ${pid} did not end.`);
  }

  it("refuses a removal in one process while another holds the blob, and allows it after", async () => {
    const { hold, sha256 } = await heldByA("held by process A");
    expect(await storeB.removeUnlessUsed(sha256, unused)).toBe(false);
    expect(await storeB.exists(sha256)).toBe(true);
    await hold.release();
    expect(await storeB.removeUnlessUsed(sha256, unused)).toBe(true);
    expect(await storeB.exists(sha256)).toBe(false);
  });

  it("keeps a blob that a hold found, not placed, from a removal elsewhere", async () => {
    const { hold: first, sha256 } = await heldByA("found by process A");
    const second = storeA.hold();
    expect(await second.keep(sha256)).toBe(true);
    await first.release();
    expect(await storeB.removeUnlessUsed(sha256, unused)).toBe(false);
    await second.release();
    expect(await storeB.removeUnlessUsed(sha256, unused)).toBe(true);
  });

  it("takes its held locks again on its next lock call when its lock connection was replaced", async () => {
    const { hold, sha256 } = await heldByA("held across a reconnect");
    const [before] = await sharedHolders();
    expect(before).toBeDefined();
    await terminate(before!);
    expect(await sharedHolders()).toEqual([]);

    // Any lock call of A's: here a removal of a blob nobody holds.
    const other = await heldByA("another blob");
    await other.hold.release();
    const [after] = await sharedHolders();
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    expect(await storeB.removeUnlessUsed(sha256, unused)).toBe(false);
    expect(await storeB.exists(sha256)).toBe(true);

    await hold.release();
    expect(await sharedHolders()).toEqual([]);
    expect(await storeB.removeUnlessUsed(sha256, unused)).toBe(true);
  });

  it("takes its held locks again by itself, without a lock call, after its connection was replaced", async () => {
    await locksA.close();
    locksA = openPgBlobLocks(database.url, { sessionCheckMs: 100 });
    storeA = await openBlobStore(dirs[0]!, { locks: locksA });
    const { hold, sha256 } = await heldByA("held, lost, and taken again unasked");
    const [before] = await sharedHolders();
    await terminate(before!);
    let after: number | undefined;
    for (let i = 0; i < 100 && !after; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      [after] = await sharedHolders();
    }
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    expect(await storeB.removeUnlessUsed(sha256, unused)).toBe(false);
    await hold.release();
    expect(await storeB.removeUnlessUsed(sha256, unused)).toBe(true);
  });

  it("refuses removals while the held locks cannot be taken again", async () => {
    const { hold, sha256 } = await heldByA("held, then lost");
    const [before] = await sharedHolders();
    await terminate(before!);
    // B gets in while A's locks are gone, and keeps the key.
    expect(await locksB.tryExclusive(sha256)).toBe(true);

    const free = path.join(dirs[0]!, "free.txt");
    await writeFile(free, "nobody holds this");
    const { sha256: freeBlob } = await storeA.adopt(free);
    expect(await storeA.removeUnlessUsed(freeBlob, unused)).toBe(false);
    expect(await storeA.exists(freeBlob)).toBe(true);

    await locksB.releaseExclusive(sha256);
    expect(await storeA.removeUnlessUsed(freeBlob, unused)).toBe(true);
    expect(await locksB.tryExclusive(sha256)).toBe(false);
    await hold.release();
    expect(await locksB.tryExclusive(sha256)).toBe(true);
    await locksB.releaseExclusive(sha256);
  });

  it("gives up a lock connection that stops answering, and holds on a new one", async () => {
    // A's lock connections run through a relay that can stop passing the bytes of the ones open,
    // as a network that drops packets without a reset would; new connections still pass.
    const target = new URL(database.url);
    const sockets = new Set<net.Socket>();
    const silenced = new Set<net.Socket>();
    const relay = net.createServer((client) => {
      const server = net.connect(Number(target.port), target.hostname);
      for (const socket of [client, server]) {
        sockets.add(socket);
        socket.on("error", () => {});
        socket.on("close", () => sockets.delete(socket));
      }
      client.on("data", (chunk) => silenced.has(client) || server.write(chunk));
      server.on("data", (chunk) => silenced.has(client) || client.write(chunk));
      client.on("close", () => server.destroy());
      server.on("close", () => client.destroy());
    });
    await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
    const relayed = new URL(database.url);
    relayed.host = `127.0.0.1:${(relay.address() as net.AddressInfo).port}`;
    try {
      await locksA.close();
      locksA = openPgBlobLocks(relayed.toString(), { sessionCheckMs: 60_000, queryWaitMs: 500 });
      storeA = await openBlobStore(dirs[0]!, { locks: locksA });
      const first = await heldByA("held before the network went quiet");
      await first.hold.release();

      for (const socket of sockets) silenced.add(socket);
      const { hold, sha256 } = await heldByA("held after the network went quiet");
      expect(await storeB.removeUnlessUsed(sha256, unused)).toBe(false);
      await hold.release();
      expect(await storeB.removeUnlessUsed(sha256, unused)).toBe(true);
    } finally {
      await locksA.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => relay.close(resolve));
    }
  });
});
