// `npm run archive`: runs the embedded archive until Ctrl-C.
// `npm run archive -- renew-evidence ...`: renews evidence and exits (commands/renew-evidence.ts).
import { loadArchiveConfig } from "./config";
import { keepServingOnEscapedErrors } from "./last-resort";
import { startArchive } from "./server";

const [command, ...args] = process.argv.slice(2);
if (command === "renew-evidence") {
  try {
    const { runRenewEvidence } = await import("./commands/renew-evidence");
    process.exit(await runRenewEvidence(loadArchiveConfig(), args));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
} else if (command !== undefined) {
  console.error(`Unknown command "${command}". The archive runs without one, or: renew-evidence.`);
  process.exit(1);
}

try {
  const config = loadArchiveConfig();
  const archive = await startArchive(config);
  // Only once it serves: an error during start-up must still stop the process.
  keepServingOnEscapedErrors();
  console.log(`archive listening on ${archive.url} (data in ${config.dataDir})`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await archive.close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
