// npm run bench:ingest-ui – two figures of the ingest pages, printed as a markdown table:
//  1. A 1 GiB file uploaded by the real wizard in Chromium (each part's SHA-256 read ahead in a
//     worker once the file is chosen, as while a person fills in the form; a multipart upload of
//     parallel part PUTs straight to the archive, completion included) against `curl -T` of the
//     same file in one PUT to a fresh upload URL, its digest known beforehand too. Goals: browser
//     throughput at least curl's (1.0), the archive's memory growing by at most 64 MiB meanwhile.
//     BENCH_READ_AHEAD=0 sends at once, the reading ahead still under way.
//  2. Status fan-out: 200 browsers' worth of server-sent event streams on one SIP, and how many
//     times the dashboard asked the archive for that SIP's status meanwhile (goal: once per interval).
//
// Starts what it needs and stops it again: an embedded archive (:4710), `next start` (:3600; built
// first when sources changed) pointed straight at it for the uploads, then restarted with its ingest
// API behind a counting pass-through (:4711) for the fan-out, and a slow file server (:4712) that
// keeps one SIP in progress. Temp files live in /tmp/ingestpages-bench-*. BENCH_UPLOAD_MB and
// BENCH_WATCHERS change the sizes (BENCH_WATCHERS=0 leaves the fan-out out); BENCH_DASHBOARD_PORT
// and BENCH_ARCHIVE_PORT (with the two ports after it) the ports. BENCH_PROFILE=<file> writes a CPU
// profile of the page's main thread during the wizard's upload, BENCH_TRACE=<file> a Chromium
// trace of it (both open in DevTools).
import { spawn } from "node:child_process";
import { createHash, randomFillSync } from "node:crypto";
import { openSync, closeSync, readdirSync, readFileSync, writeSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import { availableParallelism } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { chromium } from "@playwright/test";
import {
  buildIfChanged,
  loadAverage,
  startArchive,
  startDashboard,
  stopAll,
} from "./bench-support.mjs";

const UPLOAD_MB = Number(process.env.BENCH_UPLOAD_MB ?? 1024);
const WATCHERS = Number(process.env.BENCH_WATCHERS ?? 200);
const SLOW_SECONDS = Number(process.env.BENCH_SLOW_SECONDS ?? 40);
// BENCH_ARCHIVE_PORT moves the archive; the pass-through and the slow server take the two after it.
const ARCHIVE_PORT = Number(process.env.BENCH_ARCHIVE_PORT ?? 4710);
const PORTS = {
  archive: ARCHIVE_PORT,
  counter: ARCHIVE_PORT + 1,
  slow: ARCHIVE_PORT + 2,
  dashboard: Number(process.env.BENCH_DASHBOARD_PORT ?? 3600),
};
const ARCHIVE = `http://localhost:${PORTS.archive}`;
const COUNTED = `http://localhost:${PORTS.counter}`;
const DASHBOARD = `http://localhost:${PORTS.dashboard}`;
const chromiumPath = process.env.PLAYWRIGHT_CHROMIUM_PATH || "/usr/bin/chromium";

// Forwards everything to the archive and counts the SIP status reads, with their times.
function countingPassThrough() {
  const reads = [];
  const server = http.createServer((req, res) => {
    if (req.method === "GET" && req.url.startsWith("/ingest/sip/"))
      reads.push({ path: req.url, at: performance.now() });
    const upstream = http.request(
      {
        host: "127.0.0.1",
        port: PORTS.archive,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve) =>
    server.listen(PORTS.counter, "127.0.0.1", () => resolve({ server, reads })),
  );
}

// A file the archive fetches at ~1 KB per 100 ms, so its SIP stays in progress for a while.
function slowFileServer() {
  const server = http.createServer((req, res) => {
    const chunks = SLOW_SECONDS * 10;
    res.writeHead(200, {
      "Content-Type": "application/octet-stream",
      "Content-Length": String(chunks * 1024),
    });
    let sent = 0;
    const timer = setInterval(() => {
      res.write(Buffer.alloc(1024, sent % 251));
      if (++sent === chunks) {
        clearInterval(timer);
        res.end();
      }
    }, 100);
    res.on("close", () => clearInterval(timer));
  });
  return new Promise((resolve) => server.listen(PORTS.slow, "127.0.0.1", () => resolve(server)));
}

// Random bytes on disk and their SHA-256, written in 16 MiB pieces.
function makeFile(file, mib) {
  const hash = createHash("sha256");
  const piece = Buffer.alloc(16 * 1024 * 1024);
  const fd = openSync(file, "w");
  for (let written = 0; written < mib; written += 16) {
    const part = piece.subarray(0, Math.min(16, mib - written) * 1024 * 1024);
    randomFillSync(part);
    hash.update(part);
    writeSync(fd, part);
  }
  closeSync(fd);
  return hash.digest("hex");
}

async function signIn(page) {
  await page.goto(`${DASHBOARD}/sign-in?callbackUrl=%2F`);
  await page.getByRole("button", { name: /^Sign in with / }).click();
  await page.getByLabel("Username").fill("archivist");
  await page.getByLabel("Password").fill("archivist");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((url) => url.origin === DASHBOARD && !url.pathname.startsWith("/sign-in"), {
    timeout: 120_000,
  });
}

// The wizard sends the file; timed from the first PUT of its bytes to the moment the archive
// holds the file under its key (the single PUT answered, or a multipart upload's completion
// answered), from the page's own request events. Counts the PUTs: one, or one per part.
// The wizard gets the file, and reads its parts ahead while a person would fill in the form: the
// seconds from choosing the file to "Ready to upload" (null with BENCH_READ_AHEAD=0, which sends
// at once, the reading still under way).
async function chooseFile(page, file, name) {
  await page.goto(`${DASHBOARD}/ingest`);
  await page.getByLabel("Profile").selectOption("default");
  // The drop zone's input is disabled until the page is hydrated.
  await page
    .locator('input[aria-label="Files to ingest"]:not([disabled])')
    .waitFor({ state: "attached" });
  const chosen = performance.now();
  await page.getByLabel("Files to ingest").setInputFiles(file);
  await page.getByText(`${name} (`).first().waitFor();
  if (process.env.BENCH_READ_AHEAD === "0") return null;
  await page.getByText("Ready to upload").waitFor({ timeout: 600_000 });
  return (performance.now() - chosen) / 1000;
}

async function browserUpload(page) {
  let firstPut = null;
  let lastPutEnd = null;
  let completed = null;
  let puts = 0;
  let refused = null;
  // CPU of every process at the first PUT and at the latest answer: the upload's own CPU.
  let cpuAtFirst = null;
  let cpuAtLast = null;
  const onRequest = (r) => {
    if (r.method() === "PUT" && r.url().includes("/uploads/") && firstPut === null) {
      firstPut = performance.now();
      cpuAtFirst = treeCpu(process.pid);
    }
  };
  const onFinished = async (r) => {
    const url = new URL(r.url());
    if (r.method() === "PUT" && url.pathname.startsWith("/uploads/")) {
      const status = (await r.response())?.status();
      if (status !== 200) refused = status;
      puts++;
      lastPutEnd = performance.now();
      cpuAtLast = treeCpu(process.pid);
    } else if (url.pathname.startsWith("/api/ingest/uploads/") && r.method() !== "PUT") {
      // The completion, or a look at its state while the archive still assembles the file.
      completed = performance.now();
      cpuAtLast = treeCpu(process.pid);
    }
  };
  // What goes wrong says so on stderr: a failed request, a page or worker error, a long stall.
  const onFailed = (r) =>
    console.error(`request failed: ${r.method()} ${r.url()} ${r.failure()?.errorText}`);
  const onError = (error) => console.error(`page error: ${error.message}`);
  const onConsole = (m) => m.type() === "error" && console.error(`console: ${m.text()}`);
  page.on("request", onRequest);
  page.on("requestfinished", onFinished);
  page.on("requestfailed", onFailed);
  page.on("pageerror", onError);
  page.on("console", onConsole);
  let lastPuts = -1;
  const stall = setInterval(() => {
    if (puts === lastPuts) console.error(`no part PUT answered in the last 60 s (${puts} so far)`);
    lastPuts = puts;
  }, 60_000);
  const profiler = process.env.BENCH_PROFILE ? await page.context().newCDPSession(page) : null;
  if (profiler) {
    await profiler.send("Profiler.enable");
    await profiler.send("Profiler.start");
  }
  if (process.env.BENCH_TRACE)
    await page
      .context()
      .browser()
      .startTracing(page, { path: process.env.BENCH_TRACE, screenshots: false });
  const clicked = performance.now();
  await page.getByRole("button", { name: "Send to the archive" }).click();
  try {
    await page.waitForURL(/\/ingests\/.+\/sip-\d+$/, { timeout: 1_800_000 });
  } finally {
    clearInterval(stall);
    page.off("request", onRequest);
    page.off("requestfinished", onFinished);
    page.off("requestfailed", onFailed);
    page.off("pageerror", onError);
    page.off("console", onConsole);
  }
  if (process.env.BENCH_TRACE) await page.context().browser().stopTracing();
  if (profiler) {
    const { profile } = await profiler.send("Profiler.stop");
    await writeFile(process.env.BENCH_PROFILE, JSON.stringify(profile));
  }
  if (refused !== null) throw new Error(`A PUT of the browser's upload answered ${refused}.`);
  const stored = Math.max(lastPutEnd ?? 0, completed ?? 0);
  const result = {
    putSeconds: (stored - firstPut) / 1000,
    totalSeconds: (stored - clicked) / 1000,
    // Where the time went: until the first PUT (the first part's digest), the PUTs, the completion.
    beforeFirstPut: (firstPut - clicked) / 1000,
    partsSeconds: ((lastPutEnd ?? firstPut) - firstPut) / 1000,
    completionSeconds: (stored - (lastPutEnd ?? stored)) / 1000,
    puts,
    cpu: cpuAtFirst && cpuAtLast ? cpuBetween(cpuAtFirst, cpuAtLast) : null,
  };
  // The archive then hashes and stores the gigabyte: wait, so that it does not slow the next curl.
  await page.getByRole("status", { name: "Status: INGESTED" }).waitFor({ timeout: 1_800_000 });
  return result;
}

// The resident memory of a process and its descendants (the archive runs under tsx), in bytes.
function treeRss(pid) {
  let total = 0;
  const visit = (id) => {
    try {
      const status = readFileSync(`/proc/${id}/status`, "utf8");
      total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
      for (const task of readdirSync(`/proc/${id}/task`)) {
        const children = readFileSync(`/proc/${id}/task/${task}/children`, "utf8").trim();
        for (const child of children ? children.split(/\s+/) : []) visit(Number(child));
      }
    } catch {
      // The process ended meanwhile.
    }
  };
  visit(pid);
  return total;
}

// The processes of a tree, with the CPU seconds each has used, named by role: Chromium's by its
// --type (the browser itself, renderer, utility: the network service, gpu-process), the archive,
// the dashboard. Linux only; an empty list elsewhere.
function treeCpu(pid) {
  const tick = 100;
  const rows = [];
  const visit = (id) => {
    try {
      const stat = readFileSync(`/proc/${id}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const seconds = (Number(fields[11]) + Number(fields[12])) / tick;
      const cmdline = readFileSync(`/proc/${id}/cmdline`, "utf8");
      const type = /--type=([a-z-]+)/.exec(cmdline)?.[1];
      const role = cmdline.includes("chromium")
        ? `Chromium ${type ?? "browser"}`
        : cmdline.includes("archive/src/main.ts")
          ? "archive"
          : cmdline.includes("next")
            ? "dashboard"
            : cmdline.includes("curl")
              ? "curl"
              : "the bench";
      rows.push({ id, role, seconds });
      for (const task of readdirSync(`/proc/${id}/task`)) {
        const children = readFileSync(`/proc/${id}/task/${task}/children`, "utf8").trim();
        for (const child of children ? children.split(/\s+/) : []) visit(Number(child));
      }
    } catch {
      // The process ended meanwhile.
    }
  };
  visit(pid);
  return rows;
}

// CPU seconds each role of this process's tree (Chromium's processes, the archive, the dashboard)
// used while `work` ran: "Chromium renderer 12.3 s, archive 8.1 s".
async function cpuDuring(work) {
  const before = treeCpu(process.pid);
  const result = await work();
  return { result, ...cpuBetween(before, treeCpu(process.pid)) };
}

// The CPU seconds each role used between two readings of treeCpu, as text, and their total.
function cpuBetween(before, after) {
  const start = new Map(before.map((r) => [r.id, r.seconds]));
  const used = new Map();
  for (const r of after)
    used.set(r.role, (used.get(r.role) ?? 0) + r.seconds - (start.get(r.id) ?? 0));
  const text = [...used]
    .filter(([, seconds]) => seconds >= 0.05)
    .sort((a, b) => b[1] - a[1])
    .map(([role, seconds]) => `${role} ${seconds.toFixed(1)} s`)
    .join(", ");
  return { text, total: [...used.values()].reduce((sum, seconds) => sum + seconds, 0) };
}

// Samples the archive's memory while `work` runs: the growth of its peak over its start.
async function rssGrowth(pid, work) {
  const before = treeRss(pid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, treeRss(pid))), 100);
  try {
    const result = await work();
    return { result, growth: peak - before };
  } finally {
    clearInterval(timer);
  }
}

// Chromium's own ceiling: a bare XHR PUT of the same file from the same page, none of the wizard.
async function bareXhr(page, file) {
  await page.goto(`${DASHBOARD}/ingest`);
  await page.evaluate(() => {
    const input = document.createElement("input");
    input.type = "file";
    input.id = "bench-bare-file";
    input.setAttribute("aria-label", "Bench file");
    document.body.append(input);
  });
  await page.getByLabel("Bench file").setInputFiles(file);
  return page.evaluate(async () => {
    const { url } = await (await fetch("/api/ingest/url")).json();
    const input = document.getElementById("bench-bare-file");
    const started = performance.now();
    await new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open("PUT", url);
      xhr.setRequestHeader("Content-Type", "application/octet-stream");
      xhr.upload.onprogress = () => {};
      xhr.onload = () =>
        xhr.status === 200 ? resolve() : reject(new Error(`bare PUT answered ${xhr.status}`));
      xhr.onerror = () => reject(new Error("bare PUT failed"));
      xhr.send(input.files[0]);
    });
    return (performance.now() - started) / 1000;
  });
}

// Not spawnSync: the counting pass-through lives in this process and must keep forwarding.
function curlUpload(url, file, sha256) {
  const args = [
    "-sS",
    "-T",
    file,
    "-H",
    "Expect:",
    "-H",
    "Content-Type: application/octet-stream",
    "-H",
    `x-checksum-sha256: ${sha256}`,
    "-o",
    "/dev/null",
    "-w",
    "%{http_code} %{time_total}",
    url,
  ];
  return new Promise((resolve, reject) => {
    const curl = spawn("curl", args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    curl.stdout.on("data", (d) => (out += d));
    curl.stderr.on("data", (d) => (err += d));
    curl.once("error", reject);
    curl.once("close", () => {
      const [code, seconds] = out.trim().split(" ");
      if (code === "200") resolve(Number(seconds));
      else reject(new Error(`curl -T answered ${code}: ${err}`));
    });
  });
}

// WATCHERS event streams on one SIP; resolves when each has seen the final status.
async function fanOut(cookie, sip, reads) {
  const events = `${DASHBOARD}/api/ingests/${encodeURIComponent(sip.packageId)}/${encodeURIComponent(sip.name)}/events`;
  const own = `/ingest/sip/${encodeURIComponent(sip.packageId)}/${encodeURIComponent(sip.name)}`;
  const before = reads.length;
  const started = performance.now();
  const watch = async () => {
    const response = await fetch(events, { headers: { cookie, accept: "text/event-stream" } });
    const text = await response.text();
    return /"terminal":true/.test(text);
  };
  const finals = await Promise.all(Array.from({ length: WATCHERS }, watch));
  const seconds = (performance.now() - started) / 1000;
  const mine = reads.slice(before).filter((r) => r.path.startsWith(own));
  const gaps = mine.slice(1).map((r, i) => ((r.at - mine[i].at) / 1000).toFixed(1));
  return { seconds, calls: mine.length, gaps, sawFinal: finals.filter(Boolean).length };
}

async function main() {
  const temp = await mkdtemp("/tmp/ingestpages-bench-");
  try {
    await buildIfChanged();
    // After the build, which loads the machine itself.
    const loadAtStart = loadAverage();
    const { server: counter, reads } = await countingPassThrough();
    const slow = await slowFileServer();
    const archive = await startArchive({
      port: PORTS.archive,
      dashboardUrl: DASHBOARD,
      dir: temp,
      env: { ARCHIVE_ALLOW_PRIVATE_URLS: "1" },
    });
    // The same dashboard twice (same database and secret, so the session survives the restart):
    // uploads straight to the archive, then its status reads through the counting pass-through.
    const dashboard = await startDashboard({
      port: PORTS.dashboard,
      archiveUrl: ARCHIVE,
      dir: temp,
    });

    const name = `bench-${UPLOAD_MB}mib.bin`;
    const file = path.join(temp, name);
    const sha256 = makeFile(file, UPLOAD_MB);
    const browser = await chromium.launch({
      executablePath: chromiumPath,
      args: ["--no-sandbox", "--disable-gpu"],
    });
    const context = await browser.newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(120_000);
    await signIn(page);
    // curl before and after the browser, each to a fresh upload URL, and the browser compared with
    // their mean: the machine's load drifts, and neither side should get the quieter moment.
    const curlOnce = async () =>
      curlUpload(
        (await (await context.request.get(`${DASHBOARD}/api/ingest/url`)).json()).url,
        file,
        sha256,
      );
    const { result: curlBefore, text: curlCpuBefore } = await cpuDuring(curlOnce);
    const { result: bareSeconds, text: bareCpu } = await cpuDuring(() => bareXhr(page, file));
    const { result: readAheadSeconds, text: readAheadCpu } = await cpuDuring(() =>
      chooseFile(page, file, name),
    );
    const {
      result: { result: inBrowser, growth },
      text: uploadCpu,
    } = await cpuDuring(() => rssGrowth(archive.child.pid, () => browserUpload(page)));
    const { result: curlAfter, text: curlCpuAfter } = await cpuDuring(curlOnce);
    const curlSeconds = (curlBefore + curlAfter) / 2;

    let fanRows = "";
    if (WATCHERS > 0) {
      await dashboard.stop();
      await startDashboard({
        port: PORTS.dashboard,
        archiveUrl: ARCHIVE,
        ingestUrl: `${COUNTED}/ingest`,
        dir: temp,
        log: "dashboard-counted",
      });
      const cookie = (await context.cookies(DASHBOARD))
        .map((c) => `${c.name}=${c.value}`)
        .join("; ");
      const accepted = await context.request.put(`${DASHBOARD}/api/ingest/document`, {
        data: {
          profile: "default",
          document: {
            type: "URL",
            content: `http://127.0.0.1:${PORTS.slow}/slow.bin`,
            name: "slow.bin",
          },
          metadatas: [],
        },
      });
      if (accepted.status() !== 201)
        throw new Error(`The slow SIP was refused: ${await accepted.text()}`);
      const fan = await fanOut(cookie, await accepted.json(), reads);
      fanRows = `
| status watchers of one SIP (server-sent events) | ${WATCHERS} |
| watched for (until the SIP ended) | ${fan.seconds.toFixed(1)} s |
| upstream status calls for that SIP | ${fan.calls} (${(fan.calls / WATCHERS).toFixed(3)} per watcher) |
| seconds between the calls (back-off) | ${fan.gaps.join(", ")} |
| watchers that saw the final status | ${fan.sawFinal} of ${WATCHERS} |`;
    }
    await browser.close();

    const mbps = (s) => ((UPLOAD_MB * 1.048576) / s).toFixed(0);
    const ratio = curlSeconds / inBrowser.putSeconds;
    console.log(`| measure | value |
|---|---|
| file | ${UPLOAD_MB} MiB of random bytes |
| load average (1, 5, 15 min) at the start / at the end | ${loadAtStart} / ${loadAverage()} |
| browser: first PUT to file stored under its key (Chromium, the wizard's uploader; ${inBrowser.puts} PUT(s)${inBrowser.puts > 1 ? ", multipart, completion included" : ""}) | ${inBrowser.putSeconds.toFixed(1)} s, ${mbps(inBrowser.putSeconds)} MB/s |
| browser: the file's parts read ahead (file chosen to "Ready to upload", while a person fills in the form; SHA-256 of each part in a worker) | ${readAheadSeconds === null ? "not waited for (BENCH_READ_AHEAD=0)" : `${readAheadSeconds.toFixed(1)} s; CPU ${readAheadCpu || "not measured"}`} |
| browser: click to stored | ${inBrowser.totalSeconds.toFixed(1)} s |
| of which: click to first PUT, first PUT to last PUT answered, then the completion | ${inBrowser.beforeFirstPut.toFixed(1)} s, ${inBrowser.partsSeconds.toFixed(1)} s, ${inBrowser.completionSeconds.toFixed(1)} s |
| archive's RSS growth during the browser's upload (peak over start) | ${(growth / 1048576).toFixed(0)} MiB (goal ≤ 64 MiB) |
| curl -T to a fresh upload URL (before, after the browser) | ${curlBefore.toFixed(1)} s, ${curlAfter.toFixed(1)} s; mean ${mbps(curlSeconds)} MB/s |
| **browser / curl throughput** | **${ratio.toFixed(2)}** (goal ≥ 1.0) |
| Chromium's ceiling: bare XHR PUT from the same page | ${bareSeconds.toFixed(1)} s, ${mbps(bareSeconds)} MB/s; ${(curlSeconds / bareSeconds).toFixed(2)} of curl |
| the wizard's uploader / bare XHR | ${(bareSeconds / inBrowser.putSeconds).toFixed(2)} |
| CPU used from the wizard's first PUT to stored | ${inBrowser.cpu ? `${inBrowser.cpu.text}; ${inBrowser.cpu.total.toFixed(1)} s in all` : "not measured"} |
| CPU used during each curl -T (curl's own not counted: it has ended before the reading) | ${curlCpuBefore || "not measured"}; ${curlCpuAfter || "not measured"} |
| CPU the machine has in curl's mean time (${availableParallelism()} cores) | ${(availableParallelism() * curlSeconds).toFixed(1)} s |
| CPU used during the wizard's upload (click to INGESTED) | ${uploadCpu || "not measured"} |
| CPU used during the bare XHR PUT | ${bareCpu || "not measured"} |${fanRows}`);
    counter.close();
    slow.close();
  } finally {
    await stopAll();
    await rm(temp, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
