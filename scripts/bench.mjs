// npm run bench – runs every benchmark in turn and prints their markdown tables.
// Each benchmark starts what it needs (archive, dashboard, browser) and stops it again; the figures
// recorded in the README come from this command on the reference machine (2 cores, 24 GB).
// `npm run bench -- archive proxy` runs only the named ones.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const BENCHMARKS = [
  {
    name: "archive",
    what: "upload URL throughput, memory, ingests per second",
    file: "scripts/bench-archive.ts",
  },
  {
    name: "preservation",
    what: "PreservePO + RetrievePO round trips",
    file: "scripts/bench-preservation.ts",
  },
  {
    name: "fixity",
    what: "fixity audit throughput against sha256sum",
    file: "scripts/bench-fixity.ts",
  },
  { name: "proxy", what: "proxy overhead against the archive", file: "scripts/bench-proxy.ts" },
  {
    name: "memory",
    what: "resident memory of `npm start -- --demo` at rest",
    file: "scripts/bench-memory.mjs",
  },
  {
    name: "ingest-ui",
    what: "browser upload against curl, status fan-out",
    file: "scripts/bench-ingest-ui.ts",
  },
  {
    name: "catalogue",
    what: "holdings search on 100,000 rows (PGlite, PostgreSQL), sync of 5,000 objects",
    file: "scripts/bench-catalogue.ts",
    // It reuses the dashboard's server modules.
    nodeArgs: ["--conditions=react-server"],
  },
  {
    name: "batch",
    what: "1,000 documents by the batch page against the terminal command",
    file: "scripts/bench-batch.ts",
  },
  {
    name: "pages",
    what: "Lighthouse (desktop) on every page, signed in, with the demo data",
    file: "scripts/bench-pages.mjs",
  },
];

const wanted = process.argv.slice(2);
const chosen = BENCHMARKS.filter((b) => wanted.length === 0 || wanted.includes(b.name));
if (chosen.length === 0) {
  console.error(
    `No benchmark named ${wanted.join(", ")}; known: ${BENCHMARKS.map((b) => b.name).join(", ")}.`,
  );
  process.exit(2);
}

let failed = 0;
for (const bench of chosen) {
  const file = [bench.file, bench.file.replace(/\.ts$/, ".mjs")].find((f) => existsSync(f));
  console.log(`\n## ${bench.name}: ${bench.what}\n`);
  if (!file) {
    console.log(`(not available: ${bench.file} is missing)`);
    continue;
  }
  const run = spawnSync(process.execPath, [...(bench.nodeArgs ?? []), "--import", "tsx", file], {
    stdio: "inherit",
    env: process.env,
  });
  if (run.status !== 0) {
    failed += 1;
    console.log(`\n${bench.name} failed (exit ${run.status ?? run.signal}).`);
  }
}
process.exit(failed === 0 ? 0 : 1);
