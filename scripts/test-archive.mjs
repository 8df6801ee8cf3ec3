// npm run test:archive – the archive's black-box suite on PGlite and, when ARCHIVE_TEST_DATABASE_URL
// names a PostgreSQL server, on PostgreSQL at the same time: each run starts its own archive on a
// free port, and much of the suite waits on I/O, so the two share the cores well. Each line is
// prefixed with its backend; the exit code is non-zero when either run fails.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

const backends = ["pglite", ...(process.env.ARCHIVE_TEST_DATABASE_URL ? ["postgres"] : [])];
const extra = process.argv.slice(2);

function run(backend) {
  const child = spawn("npx", ["vitest", "run", "--project", "archive", ...extra], {
    env: {
      ...process.env,
      ARCHIVE_TEST_BACKEND: backend,
      FORCE_COLOR: process.env.FORCE_COLOR ?? "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on("line", (line) => console.log(`[${backend}] ${line}`));
  }
  return new Promise((resolve) =>
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0))),
  );
}

const codes = await Promise.all(backends.map(run));
for (const [i, code] of codes.entries()) {
  console.log(
    `archive suite on ${backends[i]}: ${code === 0 ? "passed" : `failed (exit ${code})`}`,
  );
}
process.exit(codes.every((code) => code === 0) ? 0 : 1);
