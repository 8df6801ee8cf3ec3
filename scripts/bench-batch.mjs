// npm run bench -- batch – 1,000 documents of 10 KB with a metadata spreadsheet, sent to INGESTED
// by the batch page in Chromium against the same folder sent by `npm run ingest` from the
// terminal. Goals: browser time / terminal time ratio ≥ 0.8 (terminal seconds over browser
// seconds), the longest main-thread task while sending ≤ 200 ms (a PerformanceObserver of
// `longtask` in the page), the JS heap before and after.
//
// Starts an embedded archive (:4730, BENCH_ARCHIVE_PORT) and `next start` (:3630,
// BENCH_DASHBOARD_PORT; built first when sources changed); temp files in /tmp/batch-bench-*.
// BENCH_BATCH_FILES and BENCH_BATCH_KB change the sizes.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
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
  const { metrics } = await cdp.send("Performance.getMetrics");
  const used = metrics.find((m) => m.name === "JSHeapUsedSize")?.value ?? 0;
  return used / 1024 / 1024;
}

async function browserRun(browser, folder) {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(600_000);
  // Long tasks of the page's main thread, from the moment it loads.
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
    }).observe({ type: "longtask", buffered: true });
  });
  await signIn(page);
  await page.goto(`${DASHBOARD}/batch`);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable");
  await page.getByLabel("Folder to send").setInputFiles(folder);
  const send = page.getByRole("button", { name: `Send ${FILES} packages` });
  await send.waitFor();
  await page.waitForFunction((label) => {
    const b = [...document.querySelectorAll("button")].find((x) => x.textContent === label);
    return b && !b.disabled;
  }, `Send ${FILES} packages`);
  const heapBefore = await heapMb(cdp);
  await page.evaluate(() => (window.__longTasks = []));
  const started = performance.now();
  await send.click();
  await page.waitForFunction(
    (n) => {
      const dt = [...document.querySelectorAll("dt")].find((d) => d.textContent === "Ingested");
      return dt?.nextElementSibling?.textContent === String(n);
    },
    FILES,
    { timeout: 1_800_000, polling: 500 },
  );
  const seconds = (performance.now() - started) / 1000;
  const longTasks = await page.evaluate(() => window.__longTasks);
  const heapAfter = await heapMb(cdp);
  const failed = await page.locator('dt:text-is("Failed") + dd').textContent();
  await context.close();
  return { seconds, longTasks, heapBefore, heapAfter, failed };
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
    const terminal = await terminalRun(folder, path.join(temp, "report.csv"));
    const browser = await chromium.launch({
      executablePath: chromiumPath,
      args: ["--no-sandbox", "--disable-gpu"],
    });
    const inBrowser = await browserRun(browser, folder);
    await browser.close();
    const longest = Math.max(0, ...inBrowser.longTasks);
    const ratio = terminal.seconds / inBrowser.seconds;
    console.log(`| measure | value |
|---|---|
| batch | ${FILES} documents of ${KB} KB, one package each, titles from a CSV |
| load average (1, 5, 15 min) at the start / at the end | ${loadAtStart} / ${loadAverage()} |
| terminal (\`npm run ingest\`, 3 at a time): start to all INGESTED | ${terminal.seconds.toFixed(1)} s |
| browser (batch page, 3 at a time): click to all INGESTED | ${inBrowser.seconds.toFixed(1)} s (${inBrowser.failed} failed) |
| **browser / terminal speed** | **${ratio.toFixed(2)}** (goal ≥ 0.8) |
| longest main-thread task while sending | ${longest.toFixed(0)} ms over ${inBrowser.longTasks.length} long tasks (goal ≤ 200 ms) |
| JS heap before / after (after GC) | ${inBrowser.heapBefore.toFixed(1)} MB / ${inBrowser.heapAfter.toFixed(1)} MB |`);
  } finally {
    await stopAll();
    await rm(temp, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
