// `npm run archive`: runs the embedded archive until Ctrl-C.
import { loadArchiveConfig } from "./config";
import { startArchive } from "./server";

try {
  const config = loadArchiveConfig();
  const archive = await startArchive(config);
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
