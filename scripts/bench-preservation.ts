// npx tsx scripts/bench-preservation.ts – PreservePO + RetrievePO round trips per second for small
// objects (one 1 KiB PO each: store, seal with evidence, retrieve with its evidence record).
// Against ARCHIVE_BASE_URL when set, else an embedded archive started on a fresh data folder.
// Prints a markdown table. Settings: BENCH_ROUNDS (300), BENCH_CONCURRENCY (4), BENCH_PORT (4450).
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import { childToken, startChildArchive, type ChildArchive } from "@scriptorium/archive/testing";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const PORT = Number(process.env.BENCH_PORT ?? 4450);
const PROFILE = process.env.BENCH_PROFILE ?? "urn:scriptorium:profile:general:1.0";

async function call(
  base: string,
  token: string,
  op: string,
  body: unknown,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${base}/preservation/${op}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown> & {
    result: { maj: string; msg?: { value: string } };
  };
  if (!json.result.maj.endsWith("Success"))
    throw new Error(`${op} failed: ${json.result.msg?.value ?? json.result.maj}`);
  return json;
}

// One round trip: preserve a fresh 1 KiB object, then retrieve it with its evidence and compare.
async function roundTrip(base: string, token: string): Promise<number> {
  const started = performance.now();
  const bytes = randomBytes(1024);
  const preserved = await call(base, token, "PreservePO", {
    pro: PROFILE,
    po: [{ id: "bench.bin", binaryData: { value: bytes.toString("base64") } }],
  });
  const retrieved = await call(base, token, "RetrievePO", { poId: preserved.poId });
  const po = retrieved.po as { id: string; binaryData?: { value: string } }[];
  if (po[0]?.binaryData?.value !== bytes.toString("base64") || po.length !== 2)
    throw new Error("RetrievePO answered other bytes");
  return performance.now() - started;
}

async function measure(base: string, token: string, rounds: number, concurrency: number) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < rounds) {
        next++;
        latencies.push(await roundTrip(base, token));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { seconds, rate: rounds / seconds, p50: at(0.5), p95: at(0.95) };
}

let archive: ChildArchive | undefined;
const dir = process.env.ARCHIVE_BASE_URL ? undefined : await mkdtemp("/tmp/pres-bench-");
try {
  let base = process.env.ARCHIVE_BASE_URL?.replace(/\/$/, "");
  if (!base) {
    archive = await startChildArchive({ port: PORT, dataDir: path.join(dir!, "archive") });
    base = archive.url;
  }
  const token = await childToken(base);
  await measure(base, token, Math.min(20, ROUNDS), 1); // warm-up: JIT, caches, first evidence
  const sequential = await measure(base, token, ROUNDS, 1);
  const parallel = await measure(base, token, ROUNDS, CONCURRENCY);
  const row = (label: string, r: typeof sequential, c: number) =>
    `| ${label} | ${ROUNDS} | ${c} | ${r.seconds.toFixed(1)} | **${r.rate.toFixed(1)}** | ${r.p50.toFixed(0)} | ${r.p95.toFixed(0)} |`;
  console.log(
    `\nPreservation API round trips (PreservePO + RetrievePO, 1 KiB object, evidence included) on ${archive ? "an embedded archive (PGlite)" : base}\n`,
  );
  console.log(
    "| measure | round trips | concurrency | seconds | round trips/s | p50 ms | p95 ms |",
  );
  console.log("|---|---|---|---|---|---|---|");
  console.log(row("sequential", sequential, 1));
  console.log(row("concurrent", parallel, CONCURRENCY));
} finally {
  await archive?.kill("SIGTERM");
  if (dir) await rm(dir, { recursive: true, force: true });
}
