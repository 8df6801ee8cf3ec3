// How the archive runs PGlite: the settings it opens a database with, where a new database is
// created, and how queries reach it. PGlite is PostgreSQL compiled to WebAssembly: its buffer cache
// lives in the WebAssembly heap, where every page it ever touched stays resident, and creating a
// database runs initdb in a second WebAssembly instance whose memory the process keeps until a
// full garbage collection.
import { randomUUID } from "node:crypto";
import { access, cp, mkdir, rename, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";
import {
  PGlite,
  types,
  type QueryOptions,
  type Results,
  type Transaction,
} from "@electric-sql/pglite";

// PostgreSQL's buffer cache: 16 MB instead of the 128 MB initdb writes into postgresql.conf. The
// archive's hot rows fit, and a page read beyond them comes from the operating system's file cache
// (PGlite reads the data folder through Node's fs). Set at every start, so an existing database
// gets it too.
export const SHARED_BUFFERS = "16MB";

const START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams,
  "-c",
  `shared_buffers=${SHARED_BUFFERS}`,
];

// The types drizzle's PGlite driver reads as text (its column types convert them): dates,
// timestamps, intervals, numeric[] and their arrays. It passes these parsers with every query, and
// PGlite merges them into its ~300 default parsers each time: an object spread that cost more than
// a simple query itself (340 against 470 µs measured here). They are set once on the instance
// instead, and a query whose parsers are exactly these leaves them out.
const TEXT_TYPES: readonly number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];
const asText = (value: string) => value;

function withoutTextParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  const parsers = options?.parsers;
  if (!parsers) return options;
  const keys = Object.keys(parsers);
  if (keys.length !== TEXT_TYPES.length || !keys.every((k) => TEXT_TYPES.includes(Number(k))))
    return options;
  const { parsers: _same, ...rest } = options;
  return rest;
}

// PGlite as drizzle uses it: queries, in or out of a transaction, without the per-query parsers.
export class ArchivePGlite extends PGlite {
  // PGlite sets a parser for every array type it finds when it starts (and again when asked to):
  // the text ones go over them, as drizzle's did when merged into each query.
  override async _initArrayTypes(options?: { force?: boolean }): Promise<void> {
    await super._initArrayTypes(options);
    for (const type of TEXT_TYPES) this.parsers[type] = asText;
  }

  override query<T>(query: string, params?: unknown[], options?: QueryOptions) {
    return super.query<T>(query, params, withoutTextParsers(options));
  }

  override transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return super.transaction((tx) => {
      const inner: Transaction = Object.create(tx);
      inner.query = <R>(query: string, params?: unknown[], options?: QueryOptions) =>
        tx.query<R>(query, params, withoutTextParsers(options)) as Promise<Results<R>>;
      return callback(inner);
    });
  }
}

// Opens (creating it if needed) the PGlite database in `dir`.
export async function openPglite(dir: string): Promise<ArchivePGlite> {
  if (!(await databaseExists(dir))) await createDatabase(dir);
  const client = new ArchivePGlite(dir, { startParams: [...START_PARAMS] });
  await client.waitReady;
  return client;
}

async function databaseExists(dir: string): Promise<boolean> {
  try {
    await access(path.join(dir, "PG_VERSION"));
    return true;
  } catch {
    return false;
  }
}

// Test suites start dozens of archives on new folders, and initdb costs seconds of CPU each time:
// with ARCHIVE_PGLITE_TEMPLATE naming a folder, the first new database is copied there as initdb
// left it (before any migration) and later ones are copies of it.
async function createDatabase(dir: string): Promise<void> {
  const template = process.env.ARCHIVE_PGLITE_TEMPLATE;
  if (template && (await databaseExists(template))) {
    await cp(template, dir, { recursive: true });
    return;
  }
  await createInWorker(dir);
  if (template) {
    await mkdir(path.dirname(template), { recursive: true });
    // Copied aside and renamed, so an archive starting beside this one never copies half of it.
    const partial = `${template}.${randomUUID()}`;
    await cp(dir, partial, { recursive: true });
    await rename(partial, template).catch(() => rm(partial, { recursive: true, force: true }));
  }
}

// Runs in the worker: PGlite's CommonJS build, so the code needs no loader of the caller's.
const CREATE = `
const { workerData } = require("node:worker_threads");
const { PGlite } = require(workerData.pglite);
const db = new PGlite(workerData.dir, { startParams: workerData.startParams });
db.waitReady.then(() => db.close());
`;

// Creates the database in a worker thread: when the worker ends, its isolate goes with everything
// initdb allocated (about 380 MB), instead of staying in this process until a full collection.
function createInWorker(dir: string): Promise<void> {
  const pglite = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  return new Promise((resolve, reject) => {
    const worker = new Worker(CREATE, {
      eval: true,
      workerData: { dir, pglite, startParams: [...START_PARAMS] },
    });
    worker.once("error", reject);
    worker.once("exit", (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`Creating the database in ${dir} failed (worker exit code ${code}).`)),
    );
  });
}
