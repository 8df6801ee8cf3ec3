// npm test: everything CI checks, in stages. Lint, the type checks and the builds `npm start` needs
// run side by side, since none of them keeps both cores busy alone; the unit suite, the archive's
// suite (PGlite and PostgreSQL side by side, scripts/test-archive.mjs) and e2e each fill the cores
// by themselves and run one after another. A failed stage stops the run; every step of it reports.
// Lines of steps that run together carry the step's name; the end prints each step's time.
//
//   npm test
//   npm test -- --from unit    # skip the stages before the one holding that step
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { buildReason } from "./start/build-check.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const NEXT = fileURLToPath(import.meta.resolve("next/dist/bin/next"));
const ARCHIVE_BUILD = fileURLToPath(new URL("../archive/build.mjs", import.meta.url));

// One command; `prefix` tags its lines when other steps print beside it.
function run(command, args, prefix) {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? "1" },
    stdio: ["ignore", prefix ? "pipe" : "inherit", prefix ? "pipe" : "inherit"],
  });
  if (prefix) {
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on("line", (line) => console.log(`[${prefix}] ${line}`));
    }
  }
  return new Promise((resolve) => {
    child.on("error", (error) => {
      console.error(`${prefix ?? command}: ${error.message}`);
      resolve(1);
    });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const npmRun = (script) => (prefix) => run("npm", ["run", "-s", script], prefix);

// The dashboard's production build (when a source changed since the last one) and the archive's
// bundle, so that e2e's `npm start` finds both ready.
async function build(prefix) {
  const reason = await buildReason(root);
  if (reason) {
    console.log(`[${prefix}] Building the dashboard: ${reason}.`);
    const code = await run(process.execPath, [NEXT, "build"], prefix);
    if (code !== 0) return code;
  }
  return run(process.execPath, [ARCHIVE_BUILD, "--if-changed"], prefix);
}

const STAGES = [
  [
    ["lint", npmRun("lint")],
    ["typecheck", npmRun("typecheck")],
    ["build", build],
  ],
  [["unit", npmRun("test:unit")]],
  [["archive", npmRun("test:archive")]],
  [["e2e", npmRun("test:e2e")]],
];

function stagesFrom(name) {
  if (!name) return STAGES;
  const at = STAGES.findIndex((stage) => stage.some(([step]) => step === name));
  if (at < 0) {
    console.error(
      `No step named "${name}": ${STAGES.flat()
        .map(([step]) => step)
        .join(", ")}.`,
    );
    process.exit(2);
  }
  return STAGES.slice(at);
}

const fromAt = process.argv.indexOf("--from");
const stages = stagesFrom(fromAt >= 0 ? process.argv[fromAt + 1] : undefined);
const times = [];
let failed = false;

for (const stage of stages) {
  const together = stage.length > 1;
  const results = await Promise.all(
    stage.map(async ([name, step]) => {
      const started = performance.now();
      if (!together) console.log(`\n> ${name}`);
      const code = await step(together ? name : undefined);
      const seconds = Math.round((performance.now() - started) / 1000);
      times.push({ name, seconds, code });
      console.log(`${name}: ${code === 0 ? "passed" : `failed (exit ${code})`} in ${seconds} s`);
      return code;
    }),
  );
  if (results.some((code) => code !== 0)) {
    failed = true;
    break;
  }
}

console.log(
  `\n${times.map(({ name, seconds, code }) => `${name} ${seconds} s${code === 0 ? "" : " (failed)"}`).join(", ")}`,
);
process.exit(failed ? 1 : 0);
