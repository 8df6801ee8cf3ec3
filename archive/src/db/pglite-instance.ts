// How the archive runs PGlite: the settings it opens a database with, and where a new database is
// created. PGlite is PostgreSQL compiled to WebAssembly: its buffer cache
// lives in the WebAssembly heap, where every page it ever touched stays resident, and creating a
// database runs initdb in a second WebAssembly instance whose memory the process keeps until a
// full garbage collection.
import { access } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";

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

// Opens (creating it if needed) the PGlite database in `dir`.
export async function openPglite(dir: string): Promise<PGlite> {
  if (!(await databaseExists(dir))) await createInWorker(dir);
  const client = new PGlite(dir, { startParams: [...START_PARAMS] });
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
