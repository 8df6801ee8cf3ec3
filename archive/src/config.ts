// Configuration of the embedded archive, read once from the environment.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SHARED_CONFIG_DIR } from "@scriptorium/contract/config";
import { z } from "zod";

// The archive's own configuration (identities.json, preservation-profiles.json), beside src/, so
// the archive finds it from whatever folder it is started in.
export const ARCHIVE_DEFAULT_CONFIG_DIR = fileURLToPath(new URL("../config", import.meta.url));

const flag = z
  .enum(["0", "1", "true", "false"])
  .default("0")
  .transform((v) => v === "1" || v === "true");

const schema = z.object({
  ARCHIVE_PORT: z.coerce.number().int().min(1).max(65535).default(4000),
  ARCHIVE_HOST: z.string().default("127.0.0.1"),
  // The origin callers use to reach the archive; the issuer and upload URLs are built from it.
  ARCHIVE_PUBLIC_URL: z.url().optional(),
  ARCHIVE_DATA_DIR: z.string().default(".data/archive"),
  ARCHIVE_DATABASE_URL: z.string().startsWith("postgres").optional(),
  // A folder holding all four configuration files. Unset: the archive's own files from
  // ARCHIVE_DEFAULT_CONFIG_DIR, and the ingest profiles and metadata schemas it shares with the
  // dashboard from the contract package (SHARED_CONFIG_DIR).
  ARCHIVE_CONFIG_DIR: z.string().optional(),
  ARCHIVE_TOKEN_TTL: z.coerce.number().int().min(5).max(86_400).default(300),
  ARCHIVE_TENANT_HEADER: z.string().default("X-Vendor-Repository"),
  // The dashboard's origin: the identity provider redirects back to it after sign-in and sign-out.
  ARCHIVE_DASHBOARD_URL: z.url().default("http://localhost:3000"),
  ARCHIVE_ALLOW_PRIVATE_URLS: flag,
  // How often the ingest pipeline looks for queued jobs when it is idle, in milliseconds.
  ARCHIVE_JOB_POLL_MS: z.coerce.number().int().min(10).default(500),
  // How long an expired upload URL's row and bytes are kept before the sweep forgets them, in hours.
  ARCHIVE_UPLOAD_RETENTION_HOURS: z.coerce.number().min(0).max(87_600).default(24),
  // How old a blob no row names must be before the orphan sweep removes it, in hours; younger
  // ones may belong to a writer whose row is not committed yet.
  ARCHIVE_ORPHAN_MIN_AGE_HOURS: z.coerce.number().min(1).max(87_600).default(24),
  // Zip bomb limits of a bag (PUT /sip): entries in its zip, and unpacked bytes per compressed byte.
  ARCHIVE_BAG_MAX_ENTRIES: z.coerce.number().int().min(1).max(10_000_000).default(100_000),
  ARCHIVE_BAG_MAX_RATIO: z.coerce.number().min(2).max(100_000).default(100),
  // Evidence renewal (RFC 4998 5.2): time-stamps older than this many days get a new one (0: only
  // for a weak algorithm), and records whose last chain hashes with a weak algorithm a new chain.
  ARCHIVE_EVIDENCE_RENEWAL_DAYS: z.coerce.number().min(0).max(36_500).default(730),
  ARCHIVE_EVIDENCE_WEAK_ALGORITHMS: z.string().default("sha1"),
  // Fixity audits: every object is re-read and re-hashed once per interval (0: never), reading at
  // most the budget (MiB/s, 0: unlimited) and pausing between objects, so ingest keeps the disk.
  ARCHIVE_FIXITY_INTERVAL_HOURS: z.coerce.number().min(0).max(87_600).default(168),
  ARCHIVE_FIXITY_BUDGET_MIBPS: z.coerce.number().min(0).max(100_000).default(50),
  ARCHIVE_FIXITY_PAUSE_MS: z.coerce.number().int().min(0).max(60_000).default(10),
  // The multipart upload extension (POST /ingest/uploads ...); off, the archive offers one PUT per
  // file, as the vendor's does by default.
  ARCHIVE_MULTIPART: z
    .enum(["0", "1", "true", "false"])
    .default("true")
    .transform((v) => v === "1" || v === "true"),
  // An external RFC 3161 time-stamp authority instead of the archive's own key: its URL, a PEM file
  // with its certificate chain (its own certificate first), and how long to wait for an answer.
  ARCHIVE_TSA_URL: z.url().optional(),
  ARCHIVE_TSA_CERTS: z.string().optional(),
  ARCHIVE_TSA_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
});

export interface ArchiveConfig {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl?: string;
  // identities.json and preservation-profiles.json.
  configDir: string;
  // ingest-profiles.json and metadata-schemas/, the configuration the dashboard reads too.
  sharedConfigDir: string;
  tokenTtlSeconds: number;
  tenantHeader: string;
  // Optional so hand-built configs (tests) may leave it out; defaults to http://localhost:3000.
  dashboardUrl?: string;
  allowPrivateUrls: boolean;
  jobPollMs: number;
  uploadRetentionHours: number;
  orphanMinAgeHours: number;
  // Optional so hand-built configs may leave them out; see DEFAULT_BAG_LIMITS.
  bagMaxEntries?: number;
  bagMaxRatio?: number;
  // Optional so hand-built configs may leave them out; see DEFAULT_SCHEDULES.
  evidenceRenewalDays?: number;
  weakDigestAlgorithms?: string[];
  fixityIntervalHours?: number;
  fixityBudgetMiBps?: number;
  fixityPauseMs?: number;
  // Optional so hand-built configs may leave it out; multipart uploads are offered unless false.
  multipart?: boolean;
  // Optional: unset, the archive time-stamps with its own key (keys/tsa.json).
  externalTsa?: { url: string; certificatesFile: string; timeoutMs: number };
}

// Every variable the archive reads (archive/README.md lists each in its Configuration table).
export const ARCHIVE_VARIABLES = Object.keys(schema.shape);

// The schedules of a config that leaves them out: renewal after two years, a weekly fixity audit.
export const DEFAULT_SCHEDULES = {
  evidenceRenewalDays: 730,
  weakDigestAlgorithms: ["sha1"],
  fixityIntervalHours: 168,
  fixityBudgetMiBps: 50,
  fixityPauseMs: 10,
} as const;

export function loadArchiveConfig(env: NodeJS.ProcessEnv = process.env): ArchiveConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? "environment");
    throw new Error(
      `The archive cannot start: ${name} is invalid (${issue?.message ?? "bad value"}).`,
    );
  }
  const e = parsed.data;
  if (e.ARCHIVE_TSA_URL && !e.ARCHIVE_TSA_CERTS)
    throw new Error(
      "The archive cannot start: ARCHIVE_TSA_URL needs ARCHIVE_TSA_CERTS, a PEM file with the time-stamp authority's certificate chain.",
    );
  return {
    port: e.ARCHIVE_PORT,
    host: e.ARCHIVE_HOST,
    publicUrl: (e.ARCHIVE_PUBLIC_URL ?? `http://localhost:${e.ARCHIVE_PORT}`).replace(/\/$/, ""),
    dataDir: path.resolve(e.ARCHIVE_DATA_DIR),
    databaseUrl: e.ARCHIVE_DATABASE_URL,
    configDir: e.ARCHIVE_CONFIG_DIR
      ? path.resolve(e.ARCHIVE_CONFIG_DIR)
      : ARCHIVE_DEFAULT_CONFIG_DIR,
    sharedConfigDir: e.ARCHIVE_CONFIG_DIR ? path.resolve(e.ARCHIVE_CONFIG_DIR) : SHARED_CONFIG_DIR,
    tokenTtlSeconds: e.ARCHIVE_TOKEN_TTL,
    tenantHeader: e.ARCHIVE_TENANT_HEADER,
    dashboardUrl: e.ARCHIVE_DASHBOARD_URL.replace(/\/$/, ""),
    allowPrivateUrls: e.ARCHIVE_ALLOW_PRIVATE_URLS,
    jobPollMs: e.ARCHIVE_JOB_POLL_MS,
    uploadRetentionHours: e.ARCHIVE_UPLOAD_RETENTION_HOURS,
    orphanMinAgeHours: e.ARCHIVE_ORPHAN_MIN_AGE_HOURS,
    bagMaxEntries: e.ARCHIVE_BAG_MAX_ENTRIES,
    bagMaxRatio: e.ARCHIVE_BAG_MAX_RATIO,
    evidenceRenewalDays: e.ARCHIVE_EVIDENCE_RENEWAL_DAYS,
    weakDigestAlgorithms: e.ARCHIVE_EVIDENCE_WEAK_ALGORITHMS.split(",")
      .map((a) => a.trim().toLowerCase())
      .filter(Boolean),
    fixityIntervalHours: e.ARCHIVE_FIXITY_INTERVAL_HOURS,
    fixityBudgetMiBps: e.ARCHIVE_FIXITY_BUDGET_MIBPS,
    fixityPauseMs: e.ARCHIVE_FIXITY_PAUSE_MS,
    multipart: e.ARCHIVE_MULTIPART,
    ...(e.ARCHIVE_TSA_URL && e.ARCHIVE_TSA_CERTS
      ? {
          externalTsa: {
            url: e.ARCHIVE_TSA_URL,
            certificatesFile: path.resolve(e.ARCHIVE_TSA_CERTS),
            timeoutMs: e.ARCHIVE_TSA_TIMEOUT_MS,
          },
        }
      : {}),
  };
}
