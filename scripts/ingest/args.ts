// The command line of `npm run ingest`: a folder, and options with their defaults.
import { parseArgs } from "node:util";
import type { Grouping } from "@/lib/batch/plan";

export interface IngestArgs {
  folder: string;
  csv: string | null;
  profile: string;
  tenant: string;
  schema: string | null;
  grouping: Grouping | null;
  concurrency: number;
  report: string | null;
  wait: boolean;
  dryRun: boolean;
}

export const USAGE = `npm run ingest -- <folder> [options]

Sends every file of <folder> to the archive as packages, planned and checked like the batch page
(one package per file, per subfolder, or all in one), with metadata from a spreadsheet.

  --csv <file>          the metadata spreadsheet (default: metadata.csv in the folder, if any)
  --profile <id>        the ingest profile (default: default)
  --tenant <name>       the tenant (repository) to send to (default: demo)
  --schema <uri>        the metadata schema the spreadsheet's columns fill (default: the best match)
  --grouping <mode>     file, folder or one (default: what the folder's shape suggests)
  --concurrency <n>     packages sent at a time, 1 to 32 (default: 3)
  --report <file>       where the CSV report goes (default: <folder>-report.csv)
  --no-wait             stop once every package is accepted, without waiting for INGESTED
  --dry-run             plan and check only; send nothing

The archive and the token come from the environment, as for the dashboard: INGEST_API_URL,
OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET (a client with the client-credentials grant),
TENANT_HEADER, UPSTREAM_TIMEOUT_MS; .env.local is read too.`;

export class UsageError extends Error {}

export function parseIngestArgs(argv: readonly string[]): IngestArgs {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      csv: { type: "string" },
      profile: { type: "string", default: "default" },
      tenant: { type: "string", default: "demo" },
      schema: { type: "string" },
      grouping: { type: "string" },
      concurrency: { type: "string", default: "3" },
      report: { type: "string" },
      "no-wait": { type: "boolean", default: false },
      "dry-run": { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) throw new UsageError(USAGE);
  const [folder, ...extra] = positionals;
  if (!folder) throw new UsageError(`Name the folder to send.\n\n${USAGE}`);
  if (extra.length > 0) {
    throw new UsageError(`One folder at a time: ${extra.join(", ")} is one too many.`);
  }
  const grouping = values.grouping ?? null;
  if (grouping !== null && grouping !== "file" && grouping !== "folder" && grouping !== "one") {
    throw new UsageError(`--grouping must be file, folder or one, not "${grouping}".`);
  }
  const concurrency = Number(values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 32) {
    throw new UsageError(
      `--concurrency must be a whole number from 1 to 32, not "${values.concurrency}".`,
    );
  }
  return {
    folder,
    csv: values.csv ?? null,
    profile: values.profile,
    tenant: values.tenant,
    schema: values.schema ?? null,
    grouping,
    concurrency,
    report: values.report ?? null,
    wait: !values["no-wait"],
    dryRun: values["dry-run"],
  };
}
