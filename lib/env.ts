import "server-only";
import { z } from "zod";
import { getEnv } from "@/lib/server/container";

// The defaults point at the embedded archive, so `npm start` works on a fresh machine.
export const ENV_DEFAULTS = {
  APP_URL: "http://localhost:3000",
  PRESERVATION_API_URL: "http://localhost:4000/preservation",
  INGEST_API_URL: "http://localhost:4000/ingest",
  OIDC_ISSUER: "http://localhost:4000/oidc",
  OIDC_CLIENT_ID: "scriptorium",
  OIDC_CLIENT_SECRET: "scriptorium-secret",
  OIDC_SCOPES: "openid profile email",
  OIDC_ROLES_CLAIM: "roles",
  OIDC_TENANTS_CLAIM: "tenants",
  UPSTREAM_TOKEN_MODE: "user",
  TENANT_HEADER: "X-Vendor-Repository",
  UPSTREAM_TIMEOUT_MS: 15_000,
  DASHBOARD_DATA_DIR: ".data/dashboard",
  SESSION_IDLE_MINUTES: 30,
  SESSION_ABSOLUTE_HOURS: 8,
  METADATA_SCHEMAS_DIR: "packages/contract/config/metadata-schemas",
  CATALOGUE_SYNC_MINUTES: 60,
} as const;

const D = ENV_DEFAULTS;

function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
}

// Upstream paths are joined as `${base}/${operation}`; a trailing slash would double it.
const httpUrl = (fallback: string) =>
  z
    .string()
    .refine(isHttpUrl)
    .transform((v) => v.replace(/\/+$/, ""))
    .default(fallback);

const wholeNumber = (fallback: number, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/)
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .default(fallback);

// A comma-separated list of http(s) origins (scheme, host, port; no path), as an array.
const originList = z
  .string()
  .transform((v) =>
    v
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean),
  )
  .refine((origins) =>
    origins.every((o) => isHttpUrl(o) && new URL(o).origin === o.replace(/\/$/, "")),
  )
  .transform((origins) => origins.map((o) => new URL(o).origin))
  .default([]);

const untrimmed = (v: string) => v === v.trim();
const noSpaces = (fallback: string) => z.string().regex(/^\S+$/).default(fallback);
const folder = (fallback: string) => z.string().refine(untrimmed).default(fallback);

const schema = z.object({
  APP_URL: httpUrl(D.APP_URL),
  AUTH_SECRET: z.string().min(32).optional(),
  PRESERVATION_API_URL: httpUrl(D.PRESERVATION_API_URL),
  INGEST_API_URL: httpUrl(D.INGEST_API_URL),
  // Where the browser sends large files besides the ingest API's origin, e.g. a vendor's S3 bucket.
  UPLOAD_ORIGINS: originList,
  OIDC_ISSUER: httpUrl(D.OIDC_ISSUER),
  OIDC_CLIENT_ID: noSpaces(D.OIDC_CLIENT_ID),
  OIDC_CLIENT_SECRET: z.string().refine(untrimmed).default(D.OIDC_CLIENT_SECRET),
  OIDC_SCOPES: z
    .string()
    .transform((v) => v.trim().split(/\s+/).join(" "))
    .refine((v) => v.split(" ").includes("openid"))
    .default(D.OIDC_SCOPES),
  OIDC_ROLES_CLAIM: noSpaces(D.OIDC_ROLES_CLAIM),
  OIDC_TENANTS_CLAIM: noSpaces(D.OIDC_TENANTS_CLAIM),
  UPSTREAM_TOKEN_MODE: z.enum(["user", "service"]).default(D.UPSTREAM_TOKEN_MODE),
  // RFC 9110 token characters: anything else is rejected by fetch when the header is sent.
  TENANT_HEADER: z
    .string()
    .regex(/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/)
    .default(D.TENANT_HEADER),
  UPSTREAM_TIMEOUT_MS: wholeNumber(D.UPSTREAM_TIMEOUT_MS, 1_000, 600_000),
  DATABASE_URL: z
    .string()
    .refine((v) => /^postgres(ql)?:$/.test(URL.canParse(v) ? new URL(v).protocol : ""))
    .optional(),
  DASHBOARD_DATA_DIR: folder(D.DASHBOARD_DATA_DIR),
  SESSION_IDLE_MINUTES: wholeNumber(D.SESSION_IDLE_MINUTES, 1, 1_440),
  SESSION_ABSOLUTE_HOURS: wholeNumber(D.SESSION_ABSOLUTE_HOURS, 1, 720),
  METADATA_SCHEMAS_DIR: folder(D.METADATA_SCHEMAS_DIR),
  // How often the server syncs the holdings catalogue with the archive; 0 turns the schedule off.
  CATALOGUE_SYNC_MINUTES: wholeNumber(D.CATALOGUE_SYNC_MINUTES, 0, 10_080),
  // Set by `npm start` when it runs the embedded archive, which may listen on another port.
  EMBEDDED_ARCHIVE: z
    .enum(["true", "false"])
    .transform((v) => v === "true")
    .optional(),
});

type Variable = keyof z.input<typeof schema>;

// What each variable must be, phrased to follow "<NAME> must be ".
const EXPECTED: Record<Variable, string> = {
  APP_URL: "an http(s) URL",
  AUTH_SECRET: "at least 32 characters (create one with `openssl rand -base64 32`)",
  PRESERVATION_API_URL: "an http(s) URL",
  INGEST_API_URL: "an http(s) URL",
  UPLOAD_ORIGINS:
    "a comma-separated list of http(s) origins without paths, e.g. https://bucket.s3.eu-west-1.amazonaws.com",
  OIDC_ISSUER: "an http(s) URL",
  OIDC_CLIENT_ID: "a client id without spaces",
  OIDC_CLIENT_SECRET: "a secret without leading or trailing spaces",
  OIDC_SCOPES: "a space-separated list of scopes that includes openid",
  OIDC_ROLES_CLAIM: "a claim name without spaces, e.g. roles or realm_access.roles",
  OIDC_TENANTS_CLAIM: "a claim name without spaces, e.g. tenants",
  UPSTREAM_TOKEN_MODE: "user or service",
  TENANT_HEADER: "an HTTP header name, e.g. X-Vendor-Repository",
  UPSTREAM_TIMEOUT_MS: "a whole number of milliseconds from 1000 to 600000",
  DATABASE_URL: "a postgres:// or postgresql:// URL",
  DASHBOARD_DATA_DIR: "a folder path without leading or trailing spaces",
  SESSION_IDLE_MINUTES: "a whole number of minutes from 1 to 1440",
  SESSION_ABSOLUTE_HOURS: "a whole number of hours from 1 to 720",
  METADATA_SCHEMAS_DIR: "a folder path without leading or trailing spaces",
  CATALOGUE_SYNC_MINUTES: "a whole number of minutes from 0 (no schedule) to 10080",
  EMBEDDED_ARCHIVE: "true or false",
};

// Every variable the dashboard reads; docs and tests check themselves against this list.
export const ENV_VARIABLES = Object.keys(EXPECTED) as Variable[];

// Start-up logs are often shared in tickets: never echo a secret or a password.
function shown(name: Variable, value: string): string {
  if (name === "AUTH_SECRET" || name === "OIDC_CLIENT_SECRET") {
    return `a value of ${value.length} characters`;
  }
  if (name === "DATABASE_URL") {
    return URL.canParse(value) ? `a '${new URL(value).protocol}' URL` : "a value that is not a URL";
  }
  const short = value.length > 80 ? `${value.slice(0, 77)}...` : value;
  return `'${short}'`;
}

export type Env = z.output<typeof schema> & {
  // True when `npm start` runs the embedded archive (EMBEDDED_ARCHIVE), or, where that is not
  // said, when every upstream points at the embedded archive's defaults.
  embeddedArchive: boolean;
};

// Thrown when the environment is unusable; `problems` holds one sentence per bad variable.
export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(
      problems.length === 1
        ? `Scriptorium cannot start: ${problems[0]}.`
        : `Scriptorium cannot start, the configuration has ${problems.length} problems:\n` +
            problems.map((p) => `  - ${p}.`).join("\n"),
    );
    this.name = "EnvError";
  }
}

// Parses and checks an environment (process.env in the app, a plain object in tests).
export function loadEnv(source: Record<string, string | undefined>): Env {
  // An empty `NAME=` line in .env means "use the default", as with @t3-oss/env's emptyStringAsUndefined.
  const input = Object.fromEntries(
    ENV_VARIABLES.map((name) => [name, source[name] === "" ? undefined : source[name]]),
  );
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const names = new Set(parsed.error.issues.map((issue) => issue.path[0] as Variable));
    throw new EnvError(
      [...names].map((n) => `${n} must be ${EXPECTED[n]}, got ${shown(n, String(input[n]))}`),
    );
  }
  const e = parsed.data;
  if (e.SESSION_IDLE_MINUTES > e.SESSION_ABSOLUTE_HOURS * 60) {
    throw new EnvError([
      `SESSION_IDLE_MINUTES must not exceed SESSION_ABSOLUTE_HOURS, got ${e.SESSION_IDLE_MINUTES} ` +
        `minutes idle against ${e.SESSION_ABSOLUTE_HOURS * 60} minutes absolute`,
    ]);
  }
  return {
    ...e,
    embeddedArchive:
      e.EMBEDDED_ARCHIVE ??
      (e.PRESERVATION_API_URL === D.PRESERVATION_API_URL &&
        e.INGEST_API_URL === D.INGEST_API_URL &&
        e.OIDC_ISSUER === D.OIDC_ISSUER),
  };
}

// Parsed once per process by the server container (lib/server/container.ts).
export { getEnv };

// Called by instrumentation.ts: `next start` only logs a failing register() and goes on serving
// errors, so bad configuration ends the process here instead.
export function checkEnvAtStartup(): void {
  try {
    getEnv();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(`${error.message}
Set it in the environment or in .env.local (see .env.example).`);
    process.exit(1);
  }
}

// Lazy so that `next build`, which imports server modules, does not need the runtime configuration.
export const env: Env = new Proxy({} as Env, {
  get: (_, key) => getEnv()[key as keyof Env],
  has: (_, key) => key in getEnv(),
  ownKeys: () => Reflect.ownKeys(getEnv()),
  getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(getEnv(), key),
});
