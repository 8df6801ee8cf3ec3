// Blob holds and removals made exclusive across archive processes that share one PostgreSQL, with
// session-level advisory locks: a hold takes a blob's key shared, a removal tries it exclusively
// and skips the blob when another process holds it. The locks live on one connection of their own,
// never in a pool transaction; if that connection is replaced its locks are gone, so a check every
// two seconds (or the next call, if sooner) takes the held ones again, and until that succeeds
// removals are refused.
//
// A query that fails is tried once more on a new client, not on the old one: when the socket is
// reset, the driver rejects the running query before it has taken the connection down, and a query
// sent in between waits forever on the dead socket. The same happens, bounded, to a query that does
// not answer within a while.
import postgres from "postgres";

export interface CrossProcessBlobLocks {
  // Takes the blob's key shared, waiting while a removal elsewhere has it; once per take.
  holdShared(sha256: string): Promise<void>;
  releaseShared(sha256: string): Promise<void>;
  // Takes the blob's key exclusively if no process holds it; false when it cannot be had now.
  tryExclusive(sha256: string): Promise<boolean>;
  releaseExclusive(sha256: string): Promise<void>;
  close(): Promise<void>;
}

// The class id of the two-key advisory locks ("SCRB"), apart from any other user of the database.
export const BLOB_LOCK_CLASS = 0x53435242;
// A removal holds a key for a reference check and an unlink: a hold waiting longer is stuck.
const HOLD_WAIT_MS = 30_000;
// A lock query answers in milliseconds; one taking this long is on a connection that is gone.
const QUERY_WAIT_MS = 10_000;
// While this process holds blobs, how often it checks that its lock connection (and so its locks)
// is still the same, and takes them again on a new one without waiting for its next lock call.
const SESSION_CHECK_MS = 2_000;

export interface PgBlobLockOptions {
  sessionCheckMs?: number;
  queryWaitMs?: number;
}

// The first four bytes of the digest as a signed int4. Two blobs sharing a key only make a removal
// wait for the other's hold.
export function blobLockKey(sha256: string): number {
  return Buffer.from(sha256.slice(0, 8), "hex").readInt32BE(0);
}

interface LockRow {
  pid: number;
  ok: boolean | null;
}

type LockFunction =
  | "pg_try_advisory_lock_shared"
  | "pg_try_advisory_lock"
  | "pg_advisory_unlock_shared"
  | "pg_advisory_unlock";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function openPgBlobLocks(
  url: string,
  options: PgBlobLockOptions = {},
): CrossProcessBlobLocks {
  const connect = () =>
    postgres(url, { max: 1, idle_timeout: 0, max_lifetime: null, onnotice: () => {} });
  let sql = connect();
  const queryWaitMs = options.queryWaitMs ?? QUERY_WAIT_MS;
  // Shared takes per key that this process wants to hold.
  const held = new Map<number, number>();
  // The backend whose session holds `held`; undefined until they are all taken there.
  let backend: number | undefined;
  let tail: Promise<unknown> = Promise.resolve();

  // One call at a time, so a call sees the state the previous one left.
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = tail.then(fn, fn);
    tail = run.catch(() => {});
    return run;
  };

  // Drops the client and its connection (and so this session's locks) for a new one.
  const replace = () => {
    const old = sql;
    sql = connect();
    void old.end({ timeout: 0 }).catch(() => {});
  };

  // One query on the current client, given up (with the client) when it does not answer in time.
  const bounded = async <T>(query: (db: postgres.Sql) => Promise<T>): Promise<T> => {
    const db = sql;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error("The blob lock connection did not answer.")),
        queryWaitMs,
      );
    });
    try {
      return await Promise.race([query(db), late]);
    } catch (error) {
      if (sql === db) replace();
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };

  // A query tried twice: the first use of a dropped connection fails, the second runs on a new one.
  const twice = <T>(query: (db: postgres.Sql) => Promise<T>) =>
    bounded(query).catch(() => bounded(query));

  // A lock function and the backend it ran on.
  const call = async (fn: LockFunction, key: number) => {
    const text = `select pg_backend_pid() as pid, ${fn}($1::int4, $2::int4) as ok`;
    const [row] = await twice((db) => db.unsafe<LockRow[]>(text, [BLOB_LOCK_CLASS, key]));
    if (!row) throw new Error("The advisory lock query answered no row.");
    return row;
  };

  // Makes the session of `pid` hold every take in `held`; throws when it cannot, leaving the
  // session without blob locks so that the next call tries again.
  const settle = async (pid: number) => {
    if (pid === backend) return;
    backend = undefined;
    const keys = [...held].flatMap(([key, takes]) => Array.from({ length: takes }, () => key));
    try {
      const [row] = await bounded(
        (db) => db<LockRow[]>`
          select pg_backend_pid() as pid, bool_and(pg_try_advisory_lock_shared(${BLOB_LOCK_CLASS}::int4, k)) as ok
          from unnest(${keys}::int4[]) as k`,
      );
      if (row?.pid !== pid || row.ok === false)
        throw new Error("The blob locks could not be taken again.");
      backend = pid;
    } catch (error) {
      await bounded((db) => db`select pg_advisory_unlock_all()`).catch(() => {});
      throw error;
    }
  };

  // A dropped connection takes its locks along: while any are held, look now and then.
  const checker = setInterval(() => {
    if (held.size === 0) return;
    void serial(async () => {
      const [row] = await twice((db) => db<{ pid: number }[]>`select pg_backend_pid() as pid`);
      if (row) await settle(row.pid);
    }).catch((error: unknown) =>
      console.error("checking the blob locks' connection failed", error),
    );
  }, options.sessionCheckMs ?? SESSION_CHECK_MS);
  checker.unref();

  const tryShared = (key: number) =>
    serial(async () => {
      const row = await call("pg_try_advisory_lock_shared", key);
      await settle(row.pid);
      if (!row.ok) return false;
      held.set(key, (held.get(key) ?? 0) + 1);
      return true;
    });

  return {
    async holdShared(sha256) {
      const key = blobLockKey(sha256);
      const started = Date.now();
      for (let pause = 5; ; pause = Math.min(pause * 2, 200)) {
        // Polled rather than waited on: a blocked wait would stall this process's only lock connection.
        if (await tryShared(key).catch(() => false)) return;
        if (Date.now() - started > HOLD_WAIT_MS)
          throw new Error(`The blob ${sha256} could not be held against removal.`);
        await sleep(pause);
      }
    },
    releaseShared(sha256) {
      const key = blobLockKey(sha256);
      return serial(async () => {
        const takes = (held.get(key) ?? 0) - 1;
        if (takes > 0) held.set(key, takes);
        else held.delete(key);
        const row = await call("pg_advisory_unlock_shared", key);
        await settle(row.pid);
      }).catch((error: unknown) => console.error("releasing a blob lock failed", error));
    },
    tryExclusive(sha256) {
      const key = blobLockKey(sha256);
      return serial(async () => {
        const row = await call("pg_try_advisory_lock", key);
        try {
          await settle(row.pid);
        } catch {
          return false;
        }
        return row.ok === true;
      }).catch(() => false);
    },
    releaseExclusive(sha256) {
      const key = blobLockKey(sha256);
      return serial(async () => {
        const row = await call("pg_advisory_unlock", key);
        await settle(row.pid);
      }).catch((error: unknown) => console.error("releasing a blob lock failed", error));
    },
    close: () => {
      clearInterval(checker);
      return serial(() => sql.end({ timeout: 5 }));
    },
  };
}
