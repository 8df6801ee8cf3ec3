// `npm start` (next start) and `npm run dev` (next dev): the embedded archive and the dashboard
// together, one Ctrl-C stops both; an archive that crashes is restarted while the dashboard runs
// on. With upstream URLs pointing elsewhere, the dashboard alone.
import { fileURLToPath } from "node:url";
import nextEnv from "@next/env";
import { buildReason } from "./start/build-check.mjs";
import { embeddedUrls, startPlan } from "./start/config.mjs";
import { portIsFree, waitForHealth } from "./start/ports.mjs";
import { describeExit, run, runToEnd, say } from "./start/processes.mjs";
import { ensureAuthSecret } from "./start/secret.mjs";
import { superviseArchive } from "./start/supervise.mjs";

const dev = process.argv.includes("--dev");
// `npm start -- --demo`: fill the archive with the demo data before the dashboard starts (the
// demo writes the dashboard's PGlite database, which only one process may hold).
const demo = process.argv.includes("--demo");
const root = fileURLToPath(new URL("..", import.meta.url));
const bin = (specifier) => fileURLToPath(import.meta.resolve(specifier));
// PGlite creates its database on first start, which takes a while on a small machine.
const ARCHIVE_START_TIMEOUT_MS = 180_000;
// V8's young generation grows to 2 x 16 MB per process by default (Node 20), resident from then
// on; 2 x 4 MB costs more frequent, shorter scavenges of the short-lived objects of each request.
const ARCHIVE_NODE_FLAGS = ["--max-semi-space-size=4"];

// The embedded archive's build script and the bundle it makes, or null when its workspace is not
// installed (an install of the dashboard alone, e.g. `npm ci --omit=dev`).
function archiveEntry() {
  try {
    const manifest = import.meta.resolve("@scriptorium/archive/package.json");
    return {
      build: fileURLToPath(new URL("./build.mjs", manifest)),
      bundle: fileURLToPath(new URL("./dist/main.mjs", manifest)),
    };
  } catch {
    return null;
  }
}

function fail(message) {
  say(message);
  process.exit(1);
}

async function main() {
  process.chdir(root);
  // The same .env files, in the same order, that Next.js reads.
  nextEnv.loadEnvConfig(root, dev, { info: () => {}, error: console.error });
  const env = process.env;
  const plan = startPlan(env);

  if (!(await portIsFree(plan.dashboardPort))) {
    fail(`Port ${plan.dashboardPort} is in use: stop the other process or set PORT.`);
  }
  const entry = plan.embedded ? archiveEntry() : null;
  if (plan.embedded && !entry) {
    fail(
      "The embedded archive (@scriptorium/archive, archive/) is not installed: run `npm ci`, or point PRESERVATION_API_URL, INGEST_API_URL and OIDC_ISSUER at an archive.",
    );
  }
  if (plan.embedded && !(await portIsFree(plan.archivePort))) {
    fail(
      `Port ${plan.archivePort} is in use (is the archive already running?): stop the other process or set ARCHIVE_PORT.`,
    );
  }

  const { secret, created, file } = await ensureAuthSecret(env, plan.dataDir);
  if (created)
    say(`Created AUTH_SECRET in ${file} (kept for later starts; set AUTH_SECRET to use your own).`);
  const dashboardEnv = {
    ...env,
    // The embedded archive on another port: point the dashboard's upstreams at it.
    ...(plan.embedded && plan.archivePort !== 4000 ? embeddedUrls(plan.archivePort) : {}),
    // Demo sign-in hints and the first-run tour belong to the embedded archive, on any port.
    EMBEDDED_ARCHIVE: plan.embedded ? "true" : "false",
    AUTH_SECRET: secret,
    // next-auth builds its callback URL from AUTH_URL; behind a proxy the Host header would differ.
    AUTH_URL: env.AUTH_URL || plan.appUrl,
    APP_URL: plan.appUrl,
    AUTH_TRUST_HOST: env.AUTH_TRUST_HOST || "true",
    PORT: String(plan.dashboardPort),
  };

  if (!dev) {
    const reason = await buildReason(root);
    if (reason) {
      say(`Building the dashboard: ${reason}.`);
      await runToEnd("build", process.execPath, [bin("next/dist/bin/next"), "build"], dashboardEnv);
    }
  }

  const children = [];
  let stopping = false;
  async function stopAll(exitCode) {
    if (stopping) return;
    stopping = true;
    await Promise.all(children.map((child) => child.stop()));
    process.exit(exitCode);
  }
  // Ctrl-C reaches the children too (same process group); wait for them, then leave.
  process.on("SIGINT", () => void stopAll(0));
  process.on("SIGTERM", () => void stopAll(0));

  function watch(child, other) {
    void child.exited.then((exit) => {
      if (stopping) return;
      const rest = other ? `; stopping the ${other} too` : "";
      say(`The ${child.name} ${describeExit(exit)}${rest}.`);
      void stopAll(exit.code === 0 && !exit.signal ? 0 : 1);
    });
  }

  if (plan.embedded) {
    // The archive runs as bundled JavaScript (archive/build.mjs), rebuilt when a source changed.
    await runToEnd("build", process.execPath, [entry.build, "--if-changed"], env);
    say(`Starting the embedded archive on http://localhost:${plan.archivePort} ...`);
    const archiveEnv = {
      ...env,
      ARCHIVE_PORT: String(plan.archivePort),
      // The identity provider sends browsers back to the dashboard's own address.
      ARCHIVE_DASHBOARD_URL: env.ARCHIVE_DASHBOARD_URL || plan.appUrl,
    };
    // One process (no wrapper around it), so the process watched is the archive itself.
    const archive = superviseArchive({
      start: () =>
        run("archive", process.execPath, [...ARCHIVE_NODE_FLAGS, entry.bundle], archiveEnv),
      healthUrl: `http://127.0.0.1:${plan.archivePort}/health`,
      timeoutMs: ARCHIVE_START_TIMEOUT_MS,
      say,
      onFatal: (sentence) => {
        say(sentence);
        void stopAll(1);
      },
    });
    children.push(archive);
    const health = await archive.ready;
    if (stopping || health === "exited") return;
    if (health === "timeout") {
      say(
        `The archive did not answer /health within ${ARCHIVE_START_TIMEOUT_MS / 1000} s; stopping.`,
      );
      return stopAll(1);
    }
  } else {
    say(
      `Using the configured archive (${plan.customUpstreams.join(", ")} set): starting the dashboard alone.`,
    );
  }

  if (demo) {
    const demoArgs = ["--conditions=react-server", "scripts/demo.ts", "--from-start"];
    if (process.argv.includes("--allow-remote")) demoArgs.push("--allow-remote");
    await runToEnd("demo", process.execPath, [bin("tsx/cli"), ...demoArgs], dashboardEnv).catch(
      (error) => say(`The demo data could not be loaded (${error.message}); starting anyway.`),
    );
    if (stopping) return;
  }

  const nextArgs = [
    bin("next/dist/bin/next"),
    dev ? "dev" : "start",
    "-p",
    String(plan.dashboardPort),
  ];
  const dashboard = run("dashboard", process.execPath, nextArgs, dashboardEnv);
  children.push(dashboard);
  watch(dashboard, plan.embedded ? "archive" : null);
  const ready = await waitForHealth(`http://127.0.0.1:${plan.dashboardPort}/api/health`, {
    timeoutMs: ARCHIVE_START_TIMEOUT_MS,
    exited: dashboard.hasExited,
  });
  // Another server answering on the port would look healthy too: the child must still run.
  if (ready === "healthy" && !dashboard.hasExited()) {
    const mode = dev ? "development" : "production";
    say(`Scriptorium is ready at ${plan.appUrl} (${mode} mode). Ctrl-C stops everything.`);
  }
}

main().catch((error) => fail(error instanceof Error ? error.message : String(error)));
