// npm run bench -- batch – 1,000 documents of 10 KB with a metadata spreadsheet, sent to INGESTED
// by the batch page in Chromium against the same folder sent by `npm run ingest` from the
// terminal. Goals: browser time / terminal time ratio ≥ 0.8 (terminal seconds over browser
// seconds), the longest main-thread task while sending ≤ 200 ms (a PerformanceObserver of
// `longtask` in the page, with the long animation frames' scripts saying what ran), the JS heap
// before, at its peak (sampled) and after; the same for the planning before the click.
//
// Starts an embedded archive (:4730, BENCH_ARCHIVE_PORT) and `next start` (:3630,
// BENCH_DASHBOARD_PORT; built first when sources changed); temp files in /tmp/batch-bench-*.
// BENCH_BATCH_FILES and BENCH_BATCH_KB change the sizes; BENCH_BATCH_TERMINAL=0 leaves the
// terminal's run out. To see where the time goes: BENCH_CPU_PROF_DIR=<dir> has both servers write
// CPU profiles there (bench-support.mjs), and the page's own profiles while planning and while
// sending are written to <dir>/planning.cpuprofile and <dir>/page.cpuprofile, the servers' logs
// beside them.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { chromium } from "@playwright/test";
import {
  buildIfChanged,
  loadAverage,
  root,
  startArchive,
  startDashboard,
  stopAll,
} from "./bench-support.mjs";

const FILES = Number(process.env.BENCH_BATCH_FILES ?? 1000);
const KB = Number(process.env.BENCH_BATCH_KB ?? 10);
const PORTS = {
  archive: Number(process.env.BENCH_ARCHIVE_PORT ?? 4730),
  dashboard: Number(process.env.BENCH_DASHBOARD_PORT ?? 3630),
};
const ARCHIVE = `http://localhost:${PORTS.archive}`;
const DASHBOARD = `http://localhost:${PORTS.dashboard}`;
const chromiumPath = process.env.PLAYWRIGHT_CHROMIUM_PATH || "/usr/bin/chromium";

async function makeFolder(dir) {
  const folder = path.join(dir, "bench-batch");
  await mkdir(folder);
  const rows = ["filename,dc.title,dc.date"];
  for (let i = 1; i <= FILES; i++) {
    const name = `doc-${String(i).padStart(5, "0")}.bin`;
    await writeFile(path.join(folder, name), randomBytes(KB * 1024));
    rows.push(`${name},Benchmark document ${i},2024-05-01`);
  }
  await writeFile(path.join(folder, "metadata.csv"), `${rows.join("\n")}\n`);
  return folder;
}

function terminalRun(folder, report) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(
      process.execPath,
      [
        path.join(root, "node_modules/tsx/dist/cli.mjs"),
        "--conditions=react-server",
        "scripts/ingest.ts",
        folder,
        "--report",
        report,
      ],
      {
        cwd: root,
        stdio: ["ignore", "pipe", "pipe"],
        env: {
          ...process.env,
          INGEST_API_URL: `${ARCHIVE}/ingest`,
          PRESERVATION_API_URL: `${ARCHIVE}/preservation`,
          OIDC_ISSUER: `${ARCHIVE}/oidc`,
        },
      },
    );
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("exit", (code) => {
      const seconds = (performance.now() - started) / 1000;
      if (code === 0) resolve({ seconds, output });
      else reject(new Error(`npm run ingest ended with ${code}:\n${output.slice(-2000)}`));
    });
  });
}

async function signIn(page) {
  await page.goto(`${DASHBOARD}/sign-in?callbackUrl=%2Fbatch`);
  await page.getByRole("button", { name: /^Sign in with / }).click();
  await page.getByLabel("Username").fill("archivist");
  await page.getByLabel("Password").fill("archivist");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((url) => url.origin === DASHBOARD && !url.pathname.startsWith("/sign-in"), {
    timeout: 120_000,
  });
}

async function heapMb(cdp) {
  await cdp.send("HeapProfiler.collectGarbage");
  return usedHeapMb(cdp);
}

async function usedHeapMb(cdp) {
  const { metrics } = await cdp.send("Performance.getMetrics");
  const used = metrics.find((m) => m.name === "JSHeapUsedSize")?.value ?? 0;
  return used / 1024 / 1024;
}

// The JS heap in use, sampled every 250 ms without forcing a GC, while `work` runs: its peak.
async function peakHeapDuring(cdp, work) {
  let peak = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await usedHeapMb(cdp).catch(() => 0));
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  const result = await work();
  sampling = false;
  await sampler;
  return { result, peak: Math.max(peak, await usedHeapMb(cdp).catch(() => 0)) };
}

// In the page: its long tasks, and its long animation frames with the scripts that ran in them
// (what a long task was: an event handler, a timer, a promise callback, React's scheduler).
function observeLongTasks() {
  window.__longTasks = [];
  window.__longFrames = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ at: e.startTime, ms: e.duration });
  }).observe({ type: "longtask", buffered: true });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        window.__longFrames.push({
          ms: e.duration,
          render: e.renderStart ? e.startTime + e.duration - e.renderStart : 0,
          scripts: e.scripts.map((x) => ({
            invoker: x.invoker,
            fn: x.sourceFunctionName,
            url: (x.sourceURL || "").split("/").pop(),
            ms: Math.round(x.duration),
          })),
        });
      }
    }).observe({ type: "long-animation-frame", buffered: true });
  } catch {
    // A browser without long animation frames: the long tasks alone.
  }
}

const longest = (tasks) => Math.max(0, ...tasks.map((t) => t.ms));

// The three longest frames with their longest scripts: "243 ms: 180 ms TimerHandler:setTimeout
// (page-abc.js), 40 ms style, layout and paint".
function describeFrames(frames) {
  return [...frames]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 3)
    .map((f) => {
      const scripts = [...f.scripts]
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 3)
        .map((x) => `${x.ms} ms ${x.invoker}${x.fn ? ` ${x.fn}` : ""} (${x.url})`);
      const render = `${Math.round(f.render)} ms style, layout and paint`;
      return `${Math.round(f.ms)} ms: ${[...scripts, render].join(", ")}`;
    })
    .join("; ");
}

// Chromium's own share of choosing the folder: the same folder set on a bare folder input of an
// empty page whose one script is an empty `change` listener. With a listener, Chromium builds the
// input's list of files, one File per file, in one task before it dispatches the event (measured:
// without a listener there is no long task, with an empty one a long task of about half a second).
async function bareChoice(browser, folder) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${DASHBOARD}/api/health`);
  await page.setContent('<input type="file" webkitdirectory multiple aria-label="Folder">');
  await page.evaluate(observeLongTasks);
  await page.evaluate(() => document.querySelector("input").addEventListener("change", () => {}));
  await page.getByLabel("Folder").setInputFiles(folder);
  await page.waitForFunction(() => document.querySelector("input").files.length > 0);
  await page.waitForTimeout(500);
  const taken = await takeLongTasks(page);
  await context.close();
  return taken;
}

const takeLongTasks = (page) =>
  page.evaluate(() => {
    const taken = { tasks: window.__longTasks, frames: window.__longFrames };
    window.__longTasks = [];
    window.__longFrames = [];
    return taken;
  });

async function browserRun(browser, folder) {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(600_000);
  await page.addInitScript(observeLongTasks);
  await signIn(page);
  await page.goto(`${DASHBOARD}/batch`);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable");
  const label = `Send ${FILES} packages`;
  await page.getByLabel("Folder to send").waitFor({ state: "attached" });
  await takeLongTasks(page);
  // Planning: the folder chosen, read, planned and checked, until the button can be pressed.
  const profileDir = process.env.BENCH_CPU_PROF_DIR;
  if (profileDir) {
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.start");
  }
  const planningStarted = performance.now();
  const { peak: planningPeak } = await peakHeapDuring(cdp, async () => {
    await page.getByLabel("Folder to send").setInputFiles(folder);
    await page.getByRole("button", { name: label }).waitFor();
    await page.waitForFunction((text) => {
      const b = [...document.querySelectorAll("button")].find((x) => x.textContent === text);
      return b && !b.disabled;
    }, label);
  });
  const planningSeconds = (performance.now() - planningStarted) / 1000;
  if (profileDir) {
    const { profile } = await cdp.send("Profiler.stop");
    await mkdir(profileDir, { recursive: true });
    await writeFile(path.join(profileDir, "planning.cpuprofile"), JSON.stringify(profile));
  }
  const planning = await takeLongTasks(page);
  const heapBefore = await heapMb(cdp);
  await takeLongTasks(page);
  if (profileDir) {
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.start");
  }
  const started = performance.now();
  const { peak } = await peakHeapDuring(cdp, async () => {
    await page.evaluate(() => (window.__clickedAt = performance.now()));
    await page.getByRole("button", { name: label }).click();
    // Polled every 100 ms so that the moment the last package was sent is known to within it.
    await page.waitForFunction(
      (n) => {
        const count = (label) =>
          [...document.querySelectorAll("dt")].find((d) => d.textContent === label)
            ?.nextElementSibling?.textContent;
        if (window.__allSentAt === undefined && count("Queued") === "0" && count("Sending") === "0")
          window.__allSentAt = performance.now();
        return count("Ingested") === String(n);
      },
      FILES,
      { timeout: 1_800_000, polling: 100 },
    );
  });
  const seconds = (performance.now() - started) / 1000;
  const sentSeconds = await page.evaluate(() => (window.__allSentAt - window.__clickedAt) / 1000);
  if (profileDir) {
    const { profile } = await cdp.send("Profiler.stop");
    await mkdir(profileDir, { recursive: true });
    await writeFile(path.join(profileDir, "page.cpuprofile"), JSON.stringify(profile));
  }
  const sending = await takeLongTasks(page);
  const heapAfter = await heapMb(cdp);
  const failed = await page.locator('dt:text-is("Failed") + dd').textContent();
  await context.close();
  return {
    seconds,
    sentSeconds,
    failed,
    planningSeconds,
    planning,
    sending,
    heapBefore,
    planningPeak,
    peak,
    heapAfter,
  };
}

async function main() {
  const temp = await mkdtemp("/tmp/batch-bench-");
  try {
    await buildIfChanged();
    // After the build, which loads the machine itself.
    const loadAtStart = loadAverage();
    await startArchive({ port: PORTS.archive, dashboardUrl: DASHBOARD, dir: temp });
    await startDashboard({ port: PORTS.dashboard, archiveUrl: ARCHIVE, dir: temp });
    const folder = await makeFolder(temp);
    // BENCH_BATCH_TERMINAL=0 leaves the terminal's run out (the page's figures alone).
    const terminal =
      process.env.BENCH_BATCH_TERMINAL === "0"
        ? null
        : await terminalRun(folder, path.join(temp, "report.csv"));
    const browser = await chromium.launch({
      executablePath: chromiumPath,
      args: ["--no-sandbox", "--disable-gpu"],
    });
    const run = await browserRun(browser, folder);
    const bare = await bareChoice(browser, folder);
    await browser.close();
    const ratio = terminal ? (terminal.seconds / run.seconds).toFixed(2) : "not measured";
    const terminalTime = terminal ? `${terminal.seconds.toFixed(1)} s` : "not run";
    const none = "none past 50 ms";
    console.log(`| measure | value |
|---|---|
| batch | ${FILES} documents of ${KB} KB, one package each, titles from a CSV |
| load average (1, 5, 15 min) at the start / at the end | ${loadAtStart} / ${loadAverage()} |
| terminal (\`npm run ingest\`, 3 at a time): start to all INGESTED | ${terminalTime} |
| browser (batch page, 3 at a time): click to all INGESTED | ${run.seconds.toFixed(1)} s (${run.failed} failed) |
| of which the last package sent: terminal / browser | ${terminal?.output.match(/Sent in ([^:]+):/)?.[1] ?? "not run"} / ${run.sentSeconds.toFixed(1)} s |
| **browser / terminal speed** | **${ratio}** (goal ≥ 0.8) |
| longest main-thread task while sending | ${longest(run.sending.tasks).toFixed(0)} ms over ${run.sending.tasks.length} long tasks (goal ≤ 200 ms) |
| the longest frames while sending | ${describeFrames(run.sending.frames) || none} |
| planning: folder chosen to Send enabled | ${run.planningSeconds.toFixed(1)} s, longest task ${longest(run.planning.tasks).toFixed(0)} ms over ${run.planning.tasks.length} long tasks |
| the longest frames while planning | ${describeFrames(run.planning.frames) || none} |
| the same folder set on a bare folder input with an empty \`change\` listener (Chromium's own work) | longest task ${longest(bare.tasks).toFixed(0)} ms over ${bare.tasks.length} long tasks |
| JS heap: before sending (after GC) / peak while sending / after (after GC) | ${run.heapBefore.toFixed(1)} MB / ${run.peak.toFixed(1)} MB / ${run.heapAfter.toFixed(1)} MB |
| JS heap: peak while planning | ${run.planningPeak.toFixed(1)} MB |`);
  } finally {
    await stopAll();
    const profileDir = process.env.BENCH_CPU_PROF_DIR;
    if (profileDir) {
      for (const log of ["archive.log", "dashboard.log"])
        await cp(path.join(temp, log), path.join(profileDir, log)).catch(() => {});
    }
    await rm(temp, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
