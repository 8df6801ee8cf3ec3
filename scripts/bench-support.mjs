// What the benchmarks that bring their own servers share: an embedded archive and a `next start`
// dashboard on private ports with their data in a temp folder, each child logging to a file there,
// and stopping them all again however the benchmark ends.
import { spawn, spawnSync } from "node:child_process";
import { createWriteStream } from "node:fs";
import { readFile } from "node:fs/promises";
import { loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildReason } from "./start/build-check.mjs";
import { portIsFree, waitForHealth } from "./start/ports.mjs";

export const root = fileURLToPath(new URL("..", import.meta.url));
const NEXT = path.join(root, "node_modules/next/dist/bin/next");
const TSX = path.join(root, "node_modules/tsx/dist/cli.mjs");
const children = [];

// The machine's load average over 1, 5 and 15 minutes, as `uptime` prints it: the figures of a
// benchmark are read against it.
export const loadAverage = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(", ");

const lastLines = (text, count = 20) => text.trimEnd().split("\n").slice(-count).join("\n");

// `node args` from the repository root, its output in `logDir/name.log`; stopAll() ends it.
export function start(name, args, env, logDir) {
  const logFile = path.join(logDir, `${name}.log`);
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  let done = false;
  const ended = new Promise((resolve) => {
    const end = () => {
      done = true;
      resolve();
    };
    child.once("error", end);
    child.once("exit", end);
  });
  const proc = {
    name,
    child,
    logFile,
    exited: () => done,
    // SIGTERM, then SIGKILL if it is still there after `graceMs`.
    async stop(graceMs = 10_000) {
      if (done) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      await ended;
      clearTimeout(timer);
    },
  };
  children.push(proc);
  return proc;
}

// The temp folder and its logs go away at the end, so a failure quotes the log's last lines.
export async function healthy(proc, url) {
  const state = await waitForHealth(url, { timeoutMs: 240_000, exited: proc.exited });
  if (state === "healthy") return;
  const log = await readFile(proc.logFile, "utf8").catch(() => "");
  throw new Error(`The ${proc.name} did not come up (${state}); its log ends:\n${lastLines(log)}`);
}

// Another server already on the port would answer the health check in place of ours.
async function mustBeFree(port, what) {
  if (!(await portIsFree(port)))
    throw new Error(`Port ${port}, the benchmark's ${what}, is taken: stop what listens there.`);
}

// `next start` serves the last build: build first when there is none or a source is newer.
export async function buildIfChanged() {
  const reason = await buildReason(root);
  if (!reason) return;
  console.error(`Building the dashboard first: ${reason}.`);
  const build = spawnSync(process.execPath, [NEXT, "build"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (build.status !== 0)
    throw new Error(`next build failed:\n${lastLines(`${build.stdout}${build.stderr}`)}`);
}

// BENCH_CPU_PROF_DIR=<dir>: the servers write V8 CPU profiles into <dir>/<name> when they stop
// (open them in Chrome's DevTools, Performance panel). Node refuses --cpu-prof in NODE_OPTIONS,
// and tsx's CLI would run the archive in a child without it: tsx is loaded as a hook instead.
function cpuProfileArgs(name) {
  const dir = process.env.BENCH_CPU_PROF_DIR;
  return dir ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(dir, name)}`] : [];
}

const tsxArgs = (name) =>
  process.env.BENCH_CPU_PROF_DIR ? [...cpuProfileArgs(name), "--import", "tsx"] : [TSX];

// The embedded archive on `port`, its data in `dir/archive`; its sign-in returns to `dashboardUrl`.
export async function startArchive({ port, dashboardUrl, dir, env = {} }) {
  await mustBeFree(port, "archive");
  const proc = start(
    "archive",
    [...tsxArgs("archive"), "archive/src/main.ts"],
    {
      ARCHIVE_PORT: String(port),
      ARCHIVE_DATA_DIR: path.join(dir, "archive"),
      ARCHIVE_DASHBOARD_URL: dashboardUrl,
      ...env,
    },
    dir,
  );
  await healthy(proc, `http://127.0.0.1:${port}/health`);
  return proc;
}

// `next start` on `port` against the archive at `archiveUrl` (its ingest API at `ingestUrl`, for a
// pass-through in between), its database in `dir/dashboard`. Started again on the same `dir` it
// keeps the sessions: same database, same secret.
export async function startDashboard({
  port,
  archiveUrl,
  ingestUrl = `${archiveUrl}/ingest`,
  dir,
  log = "dashboard",
}) {
  await mustBeFree(port, "dashboard");
  const url = `http://localhost:${port}`;
  const proc = start(
    log,
    [...cpuProfileArgs(log), NEXT, "start", "-p", String(port)],
    {
      APP_URL: url,
      AUTH_URL: url,
      AUTH_TRUST_HOST: "true",
      AUTH_SECRET: process.env.AUTH_SECRET ?? "bench-dashboard-secret-0123456789abcdef",
      INGEST_API_URL: ingestUrl,
      PRESERVATION_API_URL: `${archiveUrl}/preservation`,
      OIDC_ISSUER: `${archiveUrl}/oidc`,
      DASHBOARD_DATA_DIR: path.join(dir, "dashboard"),
    },
    dir,
  );
  await healthy(proc, `${url}/api/health`);
  return proc;
}

// Every child started here, stopped together.
export async function stopAll() {
  await Promise.all(children.splice(0).map((proc) => proc.stop()));
}
