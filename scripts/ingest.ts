// `npm run ingest -- <folder> [--csv file] [--profile id] ...`: a batch from the terminal, for
// batches too large for a browser tab. Same planner and checks as the batch page; prints progress
// and writes the same CSV report. `--help` lists the options.
//
// Runs with `tsx --conditions=react-server`: it reuses the dashboard's server modules.
import { fileURLToPath } from "node:url";
import nextEnv from "@next/env";
import { parseIngestArgs, UsageError } from "./ingest/args";

const root = fileURLToPath(new URL("..", import.meta.url));

async function main(): Promise<number> {
  let args;
  try {
    args = parseIngestArgs(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return error instanceof UsageError && process.argv.includes("--help") ? 0 : 2;
  }
  nextEnv.loadEnvConfig(root, false, { info: () => {}, error: console.error });
  // The folder and report paths are the caller's; configuration is found from the repository.
  process.env.METADATA_SCHEMAS_DIR ??= `${root}packages/contract/config/metadata-schemas`;
  const { runIngest } = await import("./ingest/run");
  return runIngest(args, (line) => console.log(line));
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
