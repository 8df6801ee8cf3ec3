// `npm run demo` (or `npm start -- --demo`): fills the embedded archive with a varied set of demo
// packages through its public APIs, and the dashboard's journal with their rows, so every page
// has something to show. Idempotent: fixed ids ("demo-...") are looked up first, a second run
// changes nothing. Refuses another archive unless --allow-remote is given.
//
// Runs with `tsx --conditions=react-server`: it reuses the dashboard's server modules.
import { fileURLToPath } from "node:url";
import nextEnv from "@next/env";
import { demoPlan } from "./demo/plan";

const args = new Set(process.argv.slice(2));
const root = fileURLToPath(new URL("..", import.meta.url));
// Under `npm start -- --demo` the start script prefixes every line already.
const say = (line: string) => console.log(args.has("--from-start") ? line : `[demo] ${line}`);

function fail(message: string): never {
  say(message);
  process.exit(1);
}

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

async function main() {
  if (args.has("--help")) {
    say(
      "npm run demo [-- --allow-remote]: sample packages into the archive and the dashboard's journal.",
    );
    return;
  }
  process.chdir(root);
  nextEnv.loadEnvConfig(root, false, { info: () => {}, error: console.error });
  const plan = demoPlan(process.env);
  if (!plan.embedded && !args.has("--allow-remote")) {
    fail(
      `${plan.custom.join(", ")} point${plan.custom.length === 1 ? "s" : ""} at another archive, not the embedded one. ` +
        "The demo would write sample packages into it; add --allow-remote if that is really what you want.",
    );
  }
  Object.assign(process.env, plan.upstreamUrls);

  // PGlite allows one process per database: a running dashboard holds it (npm start -- --demo
  // runs the demo before the dashboard starts, and says so with --from-start).
  if (!process.env.DATABASE_URL && !args.has("--from-start")) {
    if (await healthy(`http://127.0.0.1:${plan.dashboardPort}/api/health`)) {
      fail(
        `A dashboard answers on port ${plan.dashboardPort} and may hold the dashboard database (PGlite allows one process). ` +
          "Stop it (Ctrl-C), then run `npm run demo` again, or start everything with `npm start -- --demo`.",
      );
    }
  }

  let stopArchive: (() => Promise<void>) | null = null;
  if (plan.embedded && !(await healthy(`http://127.0.0.1:${plan.archivePort}/health`))) {
    say(`Starting the embedded archive on port ${plan.archivePort} for the demo ...`);
    const { loadArchiveConfig, startArchive } = await import("@scriptorium/archive/testing");
    const archive = await startArchive(
      loadArchiveConfig({ ...process.env, ARCHIVE_PORT: String(plan.archivePort) }),
    );
    stopArchive = () => archive.close();
  }

  // Imported now: lib/env reads the environment settled above on first use.
  const { runDemo } = await import("./demo/run");
  try {
    const ok = await runDemo(say);
    say(
      ok
        ? "Done: every demo package is in place."
        : "Done, but some steps did not end as expected (FAIL above).",
    );
    if (!ok) process.exitCode = 1;
  } finally {
    await stopArchive?.();
  }
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
