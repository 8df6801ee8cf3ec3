// `npm run catalogue:sync`: one sync of the holdings catalogue with the archive, as the dashboard
// server's schedule runs it (lib/catalogue/sync.ts), printing a line per id prefix walked. A run
// that was killed resumes where its last written prefix ended.
//
// Options: --tenant=<t> (repeatable; default: every tenant of the dashboard's service token),
// --page-size=<n> (ids per step, default 500).
//
// Runs with `tsx --conditions=react-server`: it reuses the dashboard's server modules.
import { fileURLToPath } from "node:url";
import nextEnv from "@next/env";

const root = fileURLToPath(new URL("..", import.meta.url));
const say = (line: string) => console.log(`[catalogue:sync] ${line}`);

function option(name: string): string[] {
  return process.argv
    .slice(2)
    .filter((a) => a.startsWith(`--${name}=`))
    .map((a) => a.slice(name.length + 3));
}

async function main() {
  process.chdir(root);
  nextEnv.loadEnvConfig(root, false, { info: () => {}, error: console.error });
  const pageSize = option("page-size")[0];
  if (pageSize !== undefined && !/^[1-9]\d*$/.test(pageSize)) {
    throw new Error(`--page-size must be a whole number above 0, got '${pageSize}'.`);
  }
  const tenants = option("tenant");
  // Imported now: lib/env reads the environment settled above on first use.
  const [
    { env },
    { openDashboardDb },
    { createPreservationClient },
    { DEFAULT_UPSTREAM_SETTINGS },
  ] = await Promise.all([
    import("@/lib/env"),
    import("@/lib/db/client"),
    import("@/lib/preservation/client"),
    import("@/lib/api/upstream-fetch"),
  ]);
  const { runCatalogueSync } = await import("@/lib/catalogue/sync-runner");
  const opened = await openDashboardDb({
    ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
    dataDir: env.DASHBOARD_DATA_DIR,
  }).catch((error: unknown) => {
    throw new Error(
      `Could not open the dashboard database (${error instanceof Error ? error.message : String(error)}). ` +
        "With PGlite only one process may hold it: stop the dashboard, or sync from its admin page.",
    );
  });
  try {
    const summary = await runCatalogueSync({
      db: opened.db,
      client: createPreservationClient({
        ...DEFAULT_UPSTREAM_SETTINGS,
        baseUrl: env.PRESERVATION_API_URL,
        tenantHeader: env.TENANT_HEADER,
        timeoutMs: env.UPSTREAM_TIMEOUT_MS,
        tokenMode: "service",
      }),
      ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
      ...(tenants.length > 0 ? { tenants } : {}),
      ...(pageSize ? { pageSize: Number(pageSize) } : {}),
      onStep: (tenant, step) =>
        say(
          `${tenant}: prefix "${step.prefix}" written: ${step.counts.listed} listed, ` +
            `${step.counts.retrieved} read, ${step.counts.corrected} corrected, ` +
            `${step.counts.failed} failed; ${step.pending} prefixes left`,
        ),
    });
    if (summary.outcome === "busy") {
      say("Another dashboard instance is syncing this database now; nothing to do.");
      return;
    }
    for (const [tenant, run] of Object.entries(summary.tenants)) {
      say(
        "error" in run
          ? `${tenant}: stopped: ${run.error} (the next run resumes here)`
          : `${tenant}: done: ${run.listed} listed, ${run.retrieved} read, ${run.corrected} corrected, ${run.failed} failed`,
      );
    }
    if (summary.outcome !== "finished") process.exitCode = 1;
  } finally {
    await opened.close();
  }
}

main().catch((error: unknown) => {
  say(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
