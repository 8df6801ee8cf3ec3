// npm run bench -- memory: what `npm start -- --demo` holds in memory at rest. Runs scripts/start.mjs
// on a fresh data folder and private ports, records the archive's resident memory when it first
// answers /health (right after creating its database), waits until the demo data is loaded, the
// dashboard's first catalogue sync has run and both processes are idle, then prints the resident
// memory (RSS, with child processes such as esbuild's service) of the archive and of the
// dashboard, and their sum.
//
//   npm run bench -- memory
//   BENCH_DASHBOARD_PORT=3631 BENCH_ARCHIVE_PORT=4731 npm run bench -- memory
import { spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { root } from "./bench-support.mjs";
import { portIsFree } from "./start/ports.mjs";

const DASHBOARD_PORT = Number(process.env.BENCH_DASHBOARD_PORT ?? 3631);
const ARCHIVE_PORT = Number(process.env.BENCH_ARCHIVE_PORT ?? 4731);
// At rest: neither process used more than this much CPU over the last IDLE_WINDOW_MS.
const IDLE_CPU_MS = 50;
const IDLE_WINDOW_MS = 10_000;
// The dashboard's first catalogue sync runs a minute after it starts and opens its database (the
// one of a dashboard that is already at rest): measured after it, not before.
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 75_000);
const START_TIMEOUT_MS = 600_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const mib = (bytes) => `${(bytes / 1024 ** 2).toFixed(0)} MiB`;

async function processes() {
  const list = [];
  for (const name of await readdir("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = await readFile(`/proc/${name}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const cmdline = (await readFile(`/proc/${name}/cmdline`, "utf8")).replaceAll("\0", " ");
      const status = await readFile(`/proc/${name}/status`, "utf8");
      const rss = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
      // utime + stime, in clock ticks (100 per second on Linux).
      const cpuMs = (Number(fields[11]) + Number(fields[12])) * 10;
      list.push({ pid: Number(name), ppid: Number(fields[1]), cmdline, rss, cpuMs });
    } catch {
      // The process ended while it was being read.
    }
  }
  return list;
}

// RSS and CPU time of `pid` and all its descendants.
function tree(list, pid) {
  const members = [];
  const queue = [pid];
  while (queue.length > 0) {
    const current = queue.shift();
    const proc = list.find((p) => p.pid === current);
    if (proc) members.push(proc);
    for (const child of list.filter((p) => p.ppid === current)) queue.push(child.pid);
  }
  return {
    rss: members.reduce((sum, p) => sum + p.rss, 0),
    cpuMs: members.reduce((sum, p) => sum + p.cpuMs, 0),
    members,
  };
}

// The archive and dashboard processes among the children of `npm start`.
async function servers(startPid) {
  const list = await processes();
  const children = list.filter((p) => p.ppid === startPid);
  const archive = children.find((p) => /archive\/(src|dist)\/main\./.test(p.cmdline));
  const dashboard = children.find((p) =>
    /next(\/dist\/bin\/next)? start|next-server/.test(p.cmdline),
  );
  return {
    archive: archive ? tree(list, archive.pid) : null,
    dashboard: dashboard ? tree(list, dashboard.pid) : null,
  };
}

async function answers(url) {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

async function main() {
  for (const port of [DASHBOARD_PORT, ARCHIVE_PORT]) {
    if (!(await portIsFree(port)))
      throw new Error(`Port ${port} is taken: stop what listens there.`);
  }
  const dir = await mkdtemp("/tmp/memory-bench-");
  const appUrl = `http://localhost:${DASHBOARD_PORT}`;
  const start = spawn(process.execPath, ["scripts/start.mjs", "--demo"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(DASHBOARD_PORT),
      APP_URL: appUrl,
      AUTH_URL: appUrl,
      ARCHIVE_PORT: String(ARCHIVE_PORT),
      ARCHIVE_DASHBOARD_URL: appUrl,
      ARCHIVE_DATA_DIR: path.join(dir, "archive"),
      DASHBOARD_DATA_DIR: path.join(dir, "dashboard"),
      AUTH_SECRET: "memory-bench-secret-0123456789abcdef",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  start.stdout.on("data", (chunk) => (log += chunk));
  start.stderr.on("data", (chunk) => (log += chunk));
  const stop = async () => {
    if (start.exitCode !== null) return;
    start.kill("SIGTERM");
    await new Promise((resolve) => start.once("exit", resolve));
  };
  try {
    const deadline = Date.now() + START_TIMEOUT_MS;
    const alive = () => {
      if (start.exitCode !== null) throw new Error(`npm start ended early:\n${log.slice(-2000)}`);
      if (Date.now() > deadline)
        throw new Error(`npm start was not ready in time:\n${log.slice(-2000)}`);
    };
    let created = null;
    while (!(await answers(`http://127.0.0.1:${ARCHIVE_PORT}/health`))) {
      alive();
      await sleep(200);
    }
    created = (await servers(start.pid)).archive;
    while (!(await answers(`http://127.0.0.1:${DASHBOARD_PORT}/api/health`))) {
      alive();
      await sleep(500);
    }
    const settled = Date.now() + SETTLE_MS;
    while (Date.now() < settled) {
      alive();
      await sleep(1_000);
    }
    // At rest: both trees idle over a whole window.
    let previous = await servers(start.pid);
    let rest = null;
    while (!rest) {
      alive();
      await sleep(IDLE_WINDOW_MS);
      const now = await servers(start.pid);
      const busy = ["archive", "dashboard"].some(
        (side) => now[side].cpuMs - previous[side].cpuMs > IDLE_CPU_MS,
      );
      if (!busy) rest = now;
      previous = now;
    }
    const rows = [
      ["archive, right after creating its database", created ? mib(created.rss) : "?"],
      ["archive at rest (demo data loaded)", mib(rest.archive.rss)],
      ["dashboard at rest", mib(rest.dashboard.rss)],
      ["**both at rest**", `**${mib(rest.archive.rss + rest.dashboard.rss)}**`],
    ];
    console.log("| process | resident memory (RSS, with child processes) |\n|---|---:|");
    for (const row of rows) console.log(`| ${row.join(" | ")} |`);
    const detail = (side) =>
      rest[side].members.map((p) => `${p.cmdline.slice(0, 60).trim()} ${mib(p.rss)}`).join("; ");
    console.log(`\narchive: ${detail("archive")}\ndashboard: ${detail("dashboard")}`);
  } finally {
    await stop();
    await rm(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
