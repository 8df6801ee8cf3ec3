// npm run bench -- pages: Lighthouse (desktop preset, performance category) on every page of the
// dashboard, signed in as the admin, with the demo data loaded. Prints per page the performance
// score, CLS, LCP, TBT and the JavaScript the page loaded (compressed, from Lighthouse's network
// records of script resources), as a markdown table.
//
//   npm run bench -- pages
//   BENCH_RUNS=5 BENCH_PAGES=/,/ingests npm run bench -- pages
//   DASHBOARD_URL=http://localhost:3000 ARCHIVE_URL=http://localhost:4000 npm run bench -- pages
//
// Without DASHBOARD_URL it starts an embedded archive (BENCH_ARCHIVE_PORT, 4305), fills it and a
// fresh dashboard database with `npm run demo`'s packages, and serves the dashboard with
// `next start` (BENCH_DASHBOARD_PORT, 3305; built first when sources changed), on a temp folder
// /tmp/pages-bench-*, stopped and removed at the end. Given DASHBOARD_URL (and ARCHIVE_URL, the
// archive that signs users in) it measures those as they are: run `npm run demo` there first.
//
// Each page is measured BENCH_RUNS times (3), each run in a new Chromium (CHROME_PATH, else
// /usr/bin/chromium) with the session's cookies in its cookie jar; the run with the median score is reported, as Lighthouse advises. The CLS
// column also names the highest CLS of the runs when it differs. BENCH_REPORTS=<folder> keeps every
// run's JSON report there (<page>-<run>.json), for the audits behind the figures: layout-shifts,
// long-tasks, bootup-time.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { loadavg } from "node:os";
import path from "node:path";
import { launch } from "chrome-launcher";
import puppeteer from "puppeteer-core";
import {
  buildIfChanged,
  root,
  start,
  startArchive,
  startDashboard,
  stopAll,
} from "./bench-support.mjs";
import { signIn } from "./bench-sign-in.mjs";

const running = Boolean(process.env.DASHBOARD_URL);
const DASHBOARD_PORT = Number(process.env.BENCH_DASHBOARD_PORT ?? 3305);
const ARCHIVE_PORT = Number(process.env.BENCH_ARCHIVE_PORT ?? 4305);
const DASHBOARD = (process.env.DASHBOARD_URL || `http://localhost:${DASHBOARD_PORT}`).replace(
  /\/$/,
  "",
);
const ARCHIVE = (
  process.env.ARCHIVE_URL ||
  (running ? "http://localhost:4000" : `http://localhost:${ARCHIVE_PORT}`)
).replace(/\/$/, "");
const USER = process.env.BENCH_USER ?? "admin";
const PASSWORD = process.env.BENCH_PASSWORD ?? USER;
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const ONLY = process.env.BENCH_PAGES?.split(",").map((p) => p.trim());
const REPORTS = process.env.BENCH_REPORTS ? path.resolve(process.env.BENCH_REPORTS) : null;
const CHROME_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";
const CHROME_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu"];
const AUTH_SECRET = process.env.AUTH_SECRET ?? "bench-dashboard-secret-0123456789abcdef";
const LIGHTHOUSE = path.join(root, "node_modules/lighthouse/cli/index.js");

// A package of the demo that is ingested, preserved (its poId is its package id) and has metadata;
// sip-1 is its first submission.
const DEMO_PACKAGE = "demo-board-minutes-2024";
const DEMO_SUBMISSION = "sip-1";

// Every page under app/(dashboard), by the path a user opens; :pid is a profile of RetrieveInfo.
const PAGES = [
  { path: "/", page: "overview" },
  { path: "/profiles", page: "profiles" },
  { path: "/profiles/:pid", page: "a profile" },
  { path: "/ingest", page: "ingest wizard" },
  { path: "/ingest/sip", page: "SIP form" },
  { path: "/ingests", page: "ingest journal" },
  { path: "/ingests/:package/:submission", page: "a SIP's status" },
  { path: "/objects", page: "objects" },
  { path: "/objects/:package", page: "an object" },
  { path: "/objects/new", page: "preserve objects" },
  { path: "/packages/:package", page: "a package's metadata" },
  { path: "/batch", page: "batch ingest" },
  { path: "/admin", page: "admin" },
  { path: "/admin/audit", page: "audit log" },
  { path: "/admin/sessions", page: "sessions" },
  { path: "/admin/catalogue", page: "catalogue sync" },
  { path: "/admin/fixity", page: "fixity audits" },
];

const load = () =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(", ");

function waitForExit(proc) {
  return new Promise((resolve) => {
    if (proc.exited()) resolve(proc.child.exitCode);
    else proc.child.once("exit", (code) => resolve(code));
  });
}

// `npm run demo` against the archive on ARCHIVE_PORT and the dashboard database in `dir`.
async function fillDemo(dir) {
  const proc = start(
    "demo",
    ["--conditions=react-server", "--import", "tsx", "scripts/demo.ts"],
    {
      ARCHIVE_PORT: String(ARCHIVE_PORT),
      PORT: String(DASHBOARD_PORT),
      APP_URL: DASHBOARD,
      AUTH_SECRET,
      DASHBOARD_DATA_DIR: path.join(dir, "dashboard"),
    },
    dir,
  );
  const code = await waitForExit(proc);
  if (code !== 0) {
    const log = await readFile(proc.logFile, "utf8").catch(() => "");
    throw new Error(
      `npm run demo failed (exit ${code}):\n${log.trimEnd().split("\n").slice(-20).join("\n")}`,
    );
  }
}

// A profile id the archive answers in RetrieveInfo.
async function aProfile(cookie) {
  const response = await fetch(`${DASHBOARD}/api/preservation/RetrieveInfo`, {
    method: "POST",
    headers: { cookie, origin: DASHBOARD, "content-type": "application/json" },
    body: "{}",
  });
  const pid = (await response.json()).pro?.[0]?.pid;
  if (!pid) throw new Error("RetrieveInfo named no profile.");
  return pid;
}

// The session's cookies as the browser's own: given as an extra Cookie header instead, they were
// replaced on every request after the page wrote a cookie of its own (the time zone), so the page's
// calls to /api were answered 401 and the page measured its signed-out states.
async function launchSignedIn(cookies) {
  const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    await browser.setCookie(...cookies);
    await browser.disconnect();
    return chrome;
  } catch (error) {
    chrome.kill();
    throw error;
  }
}

async function lighthouse(url, cookies, outFile) {
  const chrome = await launchSignedIn(cookies);
  try {
    await new Promise((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [
          LIGHTHOUSE,
          url,
          "--preset=desktop",
          "--only-categories=performance",
          "--output=json",
          `--output-path=${outFile}`,
          `--port=${chrome.port}`,
          "--quiet",
        ],
        { cwd: root, env: { ...process.env, CHROME_PATH }, stdio: ["ignore", "ignore", "pipe"] },
      );
      let stderr = "";
      child.stderr.on("data", (chunk) => (stderr += chunk));
      child.once("error", reject);
      child.once("exit", (code) => {
        if (code === 0) resolve();
        else
          reject(new Error(`Lighthouse on ${url} failed (exit ${code}):\n${stderr.slice(-2000)}`));
      });
    });
  } finally {
    chrome.kill();
  }
}

// The figures of one Lighthouse report.
function figures(report) {
  const audits = report.audits;
  const requests = audits["network-requests"]?.details?.items ?? [];
  // The dashboard's own scripts: a PDF shown in a frame brings Chromium's viewer, hundreds of them.
  const origin = new URL(DASHBOARD).origin;
  const scripts = requests.filter(
    (r) => r.resourceType === "Script" && URL.canParse(r.url) && new URL(r.url).origin === origin,
  );
  return {
    score: report.categories.performance.score,
    cls: audits["cumulative-layout-shift"].numericValue,
    lcp: audits["largest-contentful-paint"].numericValue,
    tbt: audits["total-blocking-time"].numericValue,
    jsBytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    scripts: scripts.length,
    finalUrl: report.finalDisplayedUrl ?? report.finalUrl,
    error: report.runtimeError?.message,
  };
}

// Lighthouse now and then fails to find the navigation in Chromium's trace (NO_NAVSTART), more
// often on a busy machine: such a run is repeated, up to ATTEMPTS times.
const ATTEMPTS = 3;

async function oneRun(url, cookies, outFile) {
  for (let attempt = 1; ; attempt++) {
    try {
      await lighthouse(url, cookies, outFile);
      return figures(JSON.parse(await readFile(outFile, "utf8")));
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
      console.error(`${error.message.split("\n").slice(0, 2).join(" ")} – trying again.`);
    }
  }
}

// `/admin/audit` -> `admin-audit`, `/` -> `overview`: a report's file name.
const reportName = (pagePath) => pagePath.replace(/^\//, "").replace(/[/:]+/g, "-") || "overview";

async function measurePage(p, cookies, dir) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const outFile = path.join(dir, `lighthouse-${i}.json`);
    runs.push(await oneRun(p.url, cookies, outFile));
    if (REPORTS) await copyFile(outFile, path.join(REPORTS, `${reportName(p.path)}-${i + 1}.json`));
  }
  // A layout shift that happens in one run of three is still ours to find.
  const maxCls = Math.max(...runs.map((r) => r.cls));
  // The run with the median score (the lower middle one for an even count).
  runs.sort((a, b) => (a.score ?? 0) - (b.score ?? 0));
  return { ...runs[Math.floor((runs.length - 1) / 2)], maxCls };
}

async function measure(dir, restart) {
  if (!existsSync(CHROME_PATH)) throw new Error(`No Chromium at ${CHROME_PATH}: set CHROME_PATH.`);
  const cookie = await signIn({
    dashboard: DASHBOARD,
    archive: ARCHIVE,
    user: USER,
    password: PASSWORD,
  });
  const pid = await aProfile(cookie);
  const { hostname } = new URL(DASHBOARD);
  const cookies = cookie.split("; ").map((pair) => {
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1), domain: hostname, path: "/" };
  });
  const e = encodeURIComponent;
  const pages = PAGES.filter((p) => !ONLY || ONLY.includes(p.path)).map((p) => ({
    ...p,
    url:
      DASHBOARD +
      p.path
        .replace(":pid", e(pid))
        .replace(":package", e(DEMO_PACKAGE))
        .replace(":submission", e(DEMO_SUBMISSION)),
  }));

  if (REPORTS) await mkdir(REPORTS, { recursive: true });
  const before = load();
  // Rows as they are measured: a run over every page takes a while.
  console.log("| page | path | performance | CLS | LCP ms | TBT ms | JS KiB (files) |");
  console.log("|---|---|---:|---:|---:|---:|---:|");
  for (const p of pages) {
    // Chromium shows its error page when nothing answers: say that, not what Lighthouse makes of it.
    const health = await fetch(`${DASHBOARD}/api/health`).catch(() => null);
    if (!health?.ok) {
      if (!restart) throw new Error(`The dashboard at ${DASHBOARD} stopped answering.`);
      // Ours ended (on a shared machine something may end it): the same folder keeps the session.
      console.error(`The dashboard stopped answering before ${p.path}; starting it again.`);
      await restart();
    }
    const r = await measurePage(p, cookies, dir);
    // A page that sent Lighthouse elsewhere (sign-in, an error) measured something else.
    const landed = new URL(r.finalUrl).pathname === new URL(p.url).pathname;
    const note = r.error ?? (landed ? "" : `landed on ${r.finalUrl}`);
    const score = r.score === null ? "–" : r.score.toFixed(2);
    const js = `${(r.jsBytes / 1024).toFixed(0)} (${r.scripts})`;
    const cls =
      r.maxCls.toFixed(3) === r.cls.toFixed(3)
        ? r.cls.toFixed(3)
        : `${r.cls.toFixed(3)} (max ${r.maxCls.toFixed(3)})`;
    console.log(
      `| ${p.page} | \`${p.path}\` | ${score} | ${cls} | ${Math.round(r.lcp)} | ${Math.round(r.tbt)} | ${js}${note ? ` ${note}` : ""} |`,
    );
  }
  console.log(
    `\nLighthouse 12 (desktop preset, performance), signed in as ${USER}; median of ${RUNS} run${RUNS === 1 ? "" : "s"} per page. Load average ${before} before, ${load()} after. JS KiB: compressed bytes of the dashboard's scripts the page loaded (transfer size), and how many files.`,
  );
}

async function main() {
  const dir = await mkdtemp("/tmp/pages-bench-");
  try {
    if (!running) {
      await buildIfChanged();
      await startArchive({ port: ARCHIVE_PORT, dashboardUrl: DASHBOARD, dir });
      console.error("Loading the demo data ...");
      await fillDemo(dir);
    }
    const dashboard = () => startDashboard({ port: DASHBOARD_PORT, archiveUrl: ARCHIVE, dir });
    if (!running) await dashboard();
    await measure(dir, running ? null : dashboard);
  } finally {
    await stopAll();
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
