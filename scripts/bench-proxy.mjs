// What the dashboard's proxy adds to a call: RetrieveInfo and SIP status, each called directly on
// the archive and through the dashboard's /api routes, with the same concurrency, and the
// difference of their latency percentiles printed as a markdown table.
//
//   npm run bench:proxy                       # starts its own archive and dashboard
//   DASHBOARD_URL=http://localhost:3300 ARCHIVE_URL=http://localhost:4510 CONNECTIONS=50 \
//     REQUESTS=2000 npm run bench:proxy
//
// Without DASHBOARD_URL and ARCHIVE_URL it starts an embedded archive (:4720) and `next start`
// (:3620; built first when sources changed) on a temp folder /tmp/proxy-bench-*, and stops them
// again. Given either, it uses the running ones (the other defaults to :3000 or :4000). Signs in to
// the dashboard as BENCH_USER (archivist) through its real sign-in (next-auth + the archive's
// form), and calls the archive directly with the dashboard's own client-credentials token
// (OIDC_CLIENT_ID / OIDC_CLIENT_SECRET, as in service mode).
import { mkdtemp, rm } from "node:fs/promises";
import { performance } from "node:perf_hooks";
import { buildIfChanged, startArchive, startDashboard, stopAll } from "./bench-support.mjs";
import { signIn } from "./bench-sign-in.mjs";

const OWN_PORTS = { archive: 4720, dashboard: 3620 };
const running = Boolean(process.env.DASHBOARD_URL || process.env.ARCHIVE_URL);
const DASHBOARD = running
  ? (process.env.DASHBOARD_URL || "http://localhost:3000").replace(/\/$/, "")
  : `http://localhost:${OWN_PORTS.dashboard}`;
const ARCHIVE = running
  ? (process.env.ARCHIVE_URL || "http://localhost:4000").replace(/\/$/, "")
  : `http://localhost:${OWN_PORTS.archive}`;
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const REQUESTS = Number(process.env.REQUESTS ?? 2000);
const WARMUP = Number(process.env.WARMUP ?? 200);
const USER = process.env.BENCH_USER ?? "archivist";
const PASSWORD = process.env.BENCH_PASSWORD ?? USER;
const CLIENT_ID = process.env.OIDC_CLIENT_ID ?? "scriptorium";
const CLIENT_SECRET = process.env.OIDC_CLIENT_SECRET ?? "scriptorium-secret";
const TENANT_HEADER = process.env.TENANT_HEADER ?? "X-Vendor-Repository";
const TENANT = process.env.BENCH_TENANT ?? "demo";
// BENCH_CASES=RetrieveInfo (or "SIP status") measures only those operations, e.g. under a profiler.
const ONLY = process.env.BENCH_CASES?.split(",").map((name) => name.trim());

async function serviceToken() {
  const response = await fetch(`${ARCHIVE}/oidc/token`, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials",
  });
  const body = await response.json();
  if (!response.ok) throw new Error(`The archive refused ${CLIENT_ID}: ${JSON.stringify(body)}`);
  return body.access_token;
}

// Ingests one small document through the dashboard so that the SIP status has something to read.
async function aSubmission(cookie) {
  const response = await fetch(`${DASHBOARD}/api/ingest/document`, {
    method: "PUT",
    headers: { cookie, origin: DASHBOARD, "content-type": "application/json" },
    body: JSON.stringify({
      profile: "default",
      packageId: `bench-${Date.now()}`,
      document: {
        type: "BINARY",
        name: "bench.txt",
        content: Buffer.from("bench").toString("base64"),
      },
      metadatas: [{ schema: "http://purl.org/dc/elements/1.1/", metadata: { title: "Bench" } }],
    }),
  });
  const body = await response.json();
  if (response.status !== 201)
    throw new Error(`Ingest through the dashboard: ${JSON.stringify(body)}`);
  return { packageId: body.packageId, name: body.name };
}

// `total` calls of `send` over `connections` concurrent loops; latencies in ms, failures counted.
async function load(send, total, connections) {
  const latencies = [];
  let failures = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < total) {
        next += 1;
        const t0 = performance.now();
        const response = await send();
        await response.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (!response.ok) failures += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pick = (p) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  return { p50: pick(50), p95: pick(95), p99: pick(99), rps: total / seconds, failures };
}

const ms = (v) => v.toFixed(1);
const plus = (v) => `${v >= 0 ? "+" : ""}${v.toFixed(1)}`;

async function measure() {
  const cookie = await signIn({
    dashboard: DASHBOARD,
    archive: ARCHIVE,
    user: USER,
    password: PASSWORD,
  });
  const token = await serviceToken();
  const sip = await aSubmission(cookie);
  const sipPath = `/sip/${encodeURIComponent(sip.packageId)}/${encodeURIComponent(sip.name)}`;
  const direct = { authorization: `Bearer ${token}`, [TENANT_HEADER]: TENANT };
  const proxied = { cookie, origin: DASHBOARD };
  const json = { "content-type": "application/json" };
  const cases = [
    {
      name: "RetrieveInfo",
      archive: () =>
        fetch(`${ARCHIVE}/preservation/RetrieveInfo`, {
          method: "POST",
          headers: { ...direct, ...json },
          body: "{}",
        }),
      dashboard: () =>
        fetch(`${DASHBOARD}/api/preservation/RetrieveInfo`, {
          method: "POST",
          headers: { ...proxied, ...json },
          body: "{}",
        }),
    },
    {
      name: "SIP status",
      archive: () => fetch(`${ARCHIVE}/ingest${sipPath}`, { headers: direct }),
      dashboard: () => fetch(`${DASHBOARD}/api/ingest${sipPath}`, { headers: proxied }),
    },
  ];
  const rows = [];
  for (const c of cases.filter((c) => !ONLY || ONLY.includes(c.name))) {
    await load(c.archive, WARMUP, CONNECTIONS);
    await load(c.dashboard, WARMUP, CONNECTIONS);
    const a = await load(c.archive, REQUESTS, CONNECTIONS);
    const d = await load(c.dashboard, REQUESTS, CONNECTIONS);
    rows.push(
      `| ${c.name} | archive | ${ms(a.p50)} | ${ms(a.p95)} | ${ms(a.p99)} | ${a.rps.toFixed(0)} | ${a.failures} |`,
    );
    rows.push(
      `| ${c.name} | dashboard | ${ms(d.p50)} | ${ms(d.p95)} | ${ms(d.p99)} | ${d.rps.toFixed(0)} | ${d.failures} |`,
    );
    rows.push(
      `| ${c.name} | **added** | **${plus(d.p50 - a.p50)}** | **${plus(d.p95 - a.p95)}** | **${plus(d.p99 - a.p99)}** | **ratio ${(d.rps / a.rps).toFixed(2)}** | |`,
    );
  }
  console.log(
    `\n${REQUESTS} requests per target, ${CONNECTIONS} connections, after ${WARMUP} warm-up requests.\n`,
  );
  console.log("| operation | via | p50 ms | p95 ms | p99 ms | req/s | non-2xx |");
  console.log("|---|---|---:|---:|---:|---:|---:|");
  for (const row of rows) console.log(row);
  console.log(
    '\n"added" is the difference of the percentiles, not a percentile of differences; "ratio" is the throughput through the dashboard over the throughput straight to the archive, same run.',
  );
}

async function main() {
  if (running) return measure();
  const dir = await mkdtemp("/tmp/proxy-bench-");
  try {
    await buildIfChanged();
    await startArchive({ port: OWN_PORTS.archive, dashboardUrl: DASHBOARD, dir });
    await startDashboard({ port: OWN_PORTS.dashboard, archiveUrl: ARCHIVE, dir });
    await measure();
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
