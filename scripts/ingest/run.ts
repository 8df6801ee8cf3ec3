// `npm run ingest`: plans a folder (and its spreadsheet) with the batch planner, refuses to send
// anything while the plan has problems, sends the packages a few at a time, follows them to their
// final status and writes the batch report. Imported once the environment is settled.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { INGEST_LIMITS, isTerminalSipStatus } from "@scriptorium/contract/ingest/schemas";
import { DEFAULT_UPSTREAM_SETTINGS } from "@/lib/api/upstream-fetch";
import { requestToken } from "@/lib/auth/oidc-client";
import { autoMap } from "@/lib/batch/columns";
import { readCsv, type ParsedCsv } from "@/lib/batch/csv";
import { givenPackageIds, planBatch, suggestGrouping, type PlannedPackage } from "@/lib/batch/plan";
import { reportCsv, statusCounts, type ReportPackage } from "@/lib/batch/report";
import { chooseSchema } from "@/lib/batch/schema-choice";
import { env } from "@/lib/env";
import { createIngestClient } from "@/lib/ingest/client";
import { listIngestProfiles } from "@/lib/ingest/profiles";
import { schemasForProfile } from "@/lib/metadata/entry";
import { getMetadataRegistry, listSchemas } from "@/lib/metadata/registry";
import { createPreservationClient } from "@/lib/preservation/client";
import type { IngestArgs } from "./args";
import { findSpreadsheet, listFolder } from "./folder";
import { multipartOffered } from "./multipart";
import { sendPackage, type SendContext } from "./send";
import { takenInArchive } from "./taken-ids";

interface Outcome {
  pkg: PlannedPackage;
  packageId: string | null;
  submissionName: string | null;
  status: string;
  message: string;
}

const TOKEN_MARGIN_MS = 60_000;

// The archive the command sends to and how it signs in: from the environment, as the dashboard's.
export interface IngestTarget {
  ingestUrl: string;
  preservationUrl: string;
  tenantHeader: string;
  timeoutMs: number;
  oidc: { issuer: string; clientId: string; clientSecret: string };
}

export function targetFromEnv(): IngestTarget {
  return {
    ingestUrl: env.INGEST_API_URL,
    preservationUrl: env.PRESERVATION_API_URL,
    tenantHeader: env.TENANT_HEADER,
    timeoutMs: env.UPSTREAM_TIMEOUT_MS,
    oidc: {
      issuer: env.OIDC_ISSUER,
      clientId: env.OIDC_CLIENT_ID,
      clientSecret: env.OIDC_CLIENT_SECRET,
    },
  };
}

function clientCredentials(target: IngestTarget): () => Promise<string> {
  let held: Promise<{ token: string; expiresAt: number }> | null = null;
  return async () => {
    if (!held || (await held).expiresAt - Date.now() < TOKEN_MARGIN_MS) {
      held = requestToken(
        { ...target.oidc, timeoutMs: target.timeoutMs },
        { grant_type: "client_credentials" },
      ).then((grant) => ({ token: grant.accessToken, expiresAt: grant.expiresAt.getTime() }));
      held.catch(() => (held = null));
    }
    return (await held).token;
  };
}

async function pool<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>) {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
}

function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  return s < 90 ? `${s} s` : `${Math.round(s / 60)} min`;
}

// Runs the command; resolves with the exit code.
export async function runIngest(
  args: IngestArgs,
  log: (line: string) => void,
  target: IngestTarget = targetFromEnv(),
): Promise<number> {
  const profile = listIngestProfiles().find((p) => p.id === args.profile);
  if (!profile) {
    log(
      `There is no ingest profile "${args.profile}"; known: ${listIngestProfiles()
        .map((p) => p.id)
        .join(", ")}.`,
    );
    return 2;
  }
  const csvPath = args.csv ?? (await findSpreadsheet(args.folder));
  let csv: ParsedCsv | null = null;
  if (csvPath) {
    csv = readCsv(new Uint8Array(await readFile(csvPath)));
    log(
      `Spreadsheet ${csvPath}: ${csv.rows.length} rows, ${csv.encoding}, delimiter ${JSON.stringify(csv.delimiter)}.`,
    );
    for (const warning of csv.warnings) log(`  ${warning}`);
  }
  const files = await listFolder(args.folder, csvPath);
  const options = schemasForProfile(listSchemas(), profile.metadataSchemas);
  const choice = args.schema
    ? (() => {
        const option = options.find((o) => o.uri === args.schema);
        return option ? chooseSchema([option], csv?.headers ?? []) : null;
      })()
    : chooseSchema(options, csv?.headers ?? []);
  if (csv && !choice) {
    log(
      `The profile ${profile.id} offers no metadata schema${args.schema ? ` ${args.schema}` : ""} for the spreadsheet's columns.`,
    );
    return 2;
  }
  const suggestion = suggestGrouping(files);
  const grouping = args.grouping ?? suggestion.grouping;
  if (!args.grouping) log(suggestion.why);
  const mapping = csv && choice ? autoMap(csv.headers, choice.fields) : [];

  const upstream = { ...DEFAULT_UPSTREAM_SETTINGS, timeoutMs: target.timeoutMs };
  const token = clientCredentials(target);
  const ingest = createIngestClient({
    ...upstream,
    baseUrl: target.ingestUrl,
    tenantHeader: target.tenantHeader,
    tokenMode: "service",
  });
  const reach = { tenant: args.tenant, token };
  // What the archive must say before the plan can be clean: whether the given package ids are
  // taken, and, for a file past one PUT's limit, whether multipart uploads can carry it.
  let takenPackageIds: Set<string>;
  let multipart: boolean | null = null;
  try {
    const preservation = createPreservationClient({
      ...upstream,
      baseUrl: target.preservationUrl,
      tenantHeader: target.tenantHeader,
      tokenMode: "service",
    });
    takenPackageIds = await takenInArchive(
      { ...reach, preservation },
      givenPackageIds(csv, mapping),
    );
    if (files.some((f) => f.size > INGEST_LIMITS.uploadBytes)) {
      multipart = await multipartOffered({ ...reach, ingest });
    }
  } catch (error) {
    log(
      `Nothing was sent: the archive could not be asked about the plan (${error instanceof Error ? error.message : String(error)}).`,
    );
    return 1;
  }
  const plan = planBatch({
    files,
    csv,
    mapping,
    grouping,
    schemaUri: choice?.option.uri ?? null,
    fields: choice?.fields ?? [],
    // The archive's own check (the registry it validates ingests with).
    validate: choice
      ? (metadata) => getMetadataRegistry().validate(choice.option.uri, metadata)
      : () => [],
    takenPackageIds,
    ...(multipart === false ? { maxFileBytes: INGEST_LIMITS.uploadBytes } : {}),
  });
  log(
    `${files.length} files, ${plan.packages.length} packages (${grouping === "file" ? "one per file" : grouping === "folder" ? "one per subfolder" : "all in one"}).`,
  );
  if (!plan.ready) {
    log(
      plan.problems.length === 1
        ? "Nothing was sent: fix this problem first."
        : `Nothing was sent: fix these ${plan.problems.length} problems first.`,
    );
    for (const problem of plan.problems) log(`  ${problem.message}`);
    return 1;
  }
  if (args.dryRun) {
    log("The plan is clean. --dry-run: nothing was sent.");
    return 0;
  }

  const context: SendContext = {
    folder: args.folder,
    profile: profile.id,
    schemaUri: choice?.option.uri ?? null,
    ...reach,
    ingest,
    multipart,
  };
  const started = Date.now();
  const outcomes: Outcome[] = plan.packages.map((pkg) => ({
    pkg,
    packageId: pkg.packageId ?? null,
    submissionName: null,
    status: "not sent",
    message: "",
  }));
  let accepted = 0;
  let failed = 0;
  const progress = setInterval(() => {
    const done = accepted + failed;
    const left = done > 0 ? ((Date.now() - started) / done) * (outcomes.length - done) : 0;
    log(
      `sent ${accepted} of ${outcomes.length}${failed ? `, ${failed} refused` : ""}${done > 0 ? `, about ${duration(left)} left` : ""}`,
    );
  }, 2_000);
  try {
    await pool(outcomes, args.concurrency, async (outcome) => {
      try {
        const answer = await sendPackage(context, outcome.pkg);
        outcome.packageId = answer.packageId;
        outcome.submissionName = answer.name ?? null;
        outcome.status = answer.status ?? "PENDING";
        accepted++;
      } catch (error) {
        outcome.status = "not accepted";
        outcome.message = error instanceof Error ? error.message : String(error);
        failed++;
      }
    });
    clearInterval(progress);
    log(`Sent in ${duration(Date.now() - started)}: ${accepted} accepted, ${failed} refused.`);
    if (args.wait) await follow(context, outcomes, log);
  } finally {
    clearInterval(progress);
  }
  log(`Done in ${duration(Date.now() - started)}: ${statusCounts(outcomes)}.`);

  const reportPath = args.report ?? `${path.basename(path.resolve(args.folder))}-report.csv`;
  const report: ReportPackage[] = outcomes.map((o) => ({
    files: o.pkg.files.map((f) => f.path),
    packageId: o.packageId,
    status: o.status,
    message: o.message,
  }));
  await writeFile(reportPath, reportCsv(report));
  log(`Report: ${reportPath}`);
  return outcomes.every((o) => o.status === "INGESTED" || (!args.wait && o.submissionName)) ? 0 : 1;
}

// Polls the accepted SIPs, a few at a time, until each has a final status.
async function follow(context: SendContext, outcomes: Outcome[], log: (line: string) => void) {
  let open = outcomes.filter((o) => o.submissionName && !isTerminalSipStatus(o.status));
  let last = "";
  while (open.length > 0) {
    await pool(open, 6, async (o) => {
      try {
        const call = {
          token: await context.token(),
          tenant: context.tenant,
          enrichers: ["pluginreports" as const],
        };
        const { body } = await context.ingest.sipStatus(call, o.packageId!, o.submissionName!);
        if (body.status) o.status = body.status;
        if (body.status === "FAILED") {
          o.message = (body.pluginReports ?? [])
            .filter((r) => r.status === "FAILURE")
            .map((r) => `${r.pluginName ?? "plugin"}: ${r.message ?? ""}`)
            .join("; ");
        }
      } catch {
        // The last known status stays; asked again next round.
      }
    });
    open = open.filter((o) => !isTerminalSipStatus(o.status));
    const line = statusCounts(outcomes);
    if (line !== last) log(line);
    last = line;
    if (open.length > 0) await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}
