// npx tsx scripts/bench-fixity.ts – fixity audit throughput against sha256sum over the same files.
// Starts an embedded archive as a child process on a fresh data folder with an unlimited read
// budget and an audit interval of about a second, preserves BENCH_OBJECTS objects of
// BENCH_OBJECT_MIB MiB each, waits until the archive has audited them all, and reads the audit rate
// from RetrieveFixityReport (bytes re-read and re-hashed over the time spent reading). Then times
// `sha256sum` over the very blob files. Both read from the page cache (the files were just
// written), so the ratio compares the hashing paths, not the disk. Prints a markdown table.
// Settings: BENCH_OBJECTS (32), BENCH_OBJECT_MIB (7: a PreservePO body stays under 10 MiB), BENCH_PORT (4460).
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { childToken, startChildArchive } from "@scriptorium/archive/testing";

const OBJECTS = Number(process.env.BENCH_OBJECTS ?? 32);
const OBJECT_MIB = Number(process.env.BENCH_OBJECT_MIB ?? 7);
const PORT = Number(process.env.BENCH_PORT ?? 4460);
const MiB = 1024 * 1024;

type Report = { checked: number; bytesChecked: number; throughputMiBps?: number };

async function call(base: string, token: string, op: string, body: unknown) {
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

async function blobFiles(dataDir: string): Promise<string[]> {
  const root = path.join(dataDir, "blobs", "sha256");
  const files: string[] = [];
  for (const prefix of await readdir(root)) {
    for (const name of await readdir(path.join(root, prefix)))
      files.push(path.join(root, prefix, name));
  }
  return files;
}

const dataDir = await mkdtemp("/tmp/bench-fixity-");
const archive = await startChildArchive({
  port: PORT,
  dataDir,
  env: {
    ARCHIVE_FIXITY_INTERVAL_HOURS: "0.0003",
    ARCHIVE_FIXITY_BUDGET_MIBPS: "0",
    ARCHIVE_FIXITY_PAUSE_MS: "0",
  },
});
try {
  const archivist = await childToken(archive.url);
  const admin = await childToken(archive.url, "demo-admin", "demo-admin-secret");
  for (let i = 0; i < OBJECTS; i++) {
    await call(archive.url, archivist, "PreservePO", {
      pro: "urn:scriptorium:profile:general:1.0",
      po: [
        {
          id: `bench-${i}.bin`,
          binaryData: { value: randomBytes(OBJECT_MIB * MiB).toString("base64") },
        },
      ],
    });
  }
  let report: Report | undefined;
  const deadline = Date.now() + 600_000;
  for (;;) {
    const answer = await call(archive.url, admin, "RetrieveFixityReport", {});
    report = answer.report as Report;
    if (report.checked >= OBJECTS && report.bytesChecked >= OBJECTS * OBJECT_MIB * MiB) break;
    if (Date.now() > deadline)
      throw new Error("The archive did not audit every object in 10 minutes.");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const files = (await blobFiles(dataDir)).filter((f) => !f.includes(".tmp"));
  const bytes = OBJECTS * OBJECT_MIB * MiB;
  const runs: number[] = [];
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    execFileSync("sha256sum", files, { stdio: "ignore" });
    runs.push(performance.now() - started);
  }
  const sha256sum = bytes / MiB / (Math.min(...runs) / 1000);
  const audit = report.throughputMiBps ?? 0;
  console.log(`| measure | value |`);
  console.log(`| --- | --- |`);
  console.log(`| data audited | ${OBJECTS} objects × ${OBJECT_MIB} MiB |`);
  console.log(`| fixity audit (archive, unlimited budget) | ${audit.toFixed(0)} MiB/s |`);
  console.log(`| sha256sum over the same files (best of 3) | ${sha256sum.toFixed(0)} MiB/s |`);
  console.log(`| ratio (goal ≥ 0.8) | ${(audit / sha256sum).toFixed(2)} |`);
  if (audit / sha256sum < 0.8) process.exitCode = 1;
} catch (error) {
  console.error(archive.output().slice(-3000));
  throw error;
} finally {
  await archive.kill("SIGTERM");
  await rm(dataDir, { recursive: true, force: true });
}
