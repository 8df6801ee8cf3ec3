import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetServer } from "@/lib/server/container";
import { ENV_VARIABLES, EnvError, checkEnvAtStartup, env, loadEnv } from "./env";

function problemsOf(source: Record<string, string>): string[] {
  try {
    loadEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  throw new Error("expected loadEnv to reject the environment");
}

describe("loadEnv defaults", () => {
  it("starts on a fresh machine against the embedded archive", () => {
    const env = loadEnv({});
    expect(env.APP_URL).toBe("http://localhost:3000");
    expect(env.PRESERVATION_API_URL).toBe("http://localhost:4000/preservation");
    expect(env.INGEST_API_URL).toBe("http://localhost:4000/ingest");
    expect(env.OIDC_ISSUER).toBe("http://localhost:4000/oidc");
    expect(env.OIDC_CLIENT_ID).toBe("scriptorium");
    expect(env.OIDC_CLIENT_SECRET).toBe("scriptorium-secret");
    expect(env.OIDC_SCOPES).toBe("openid profile email");
    expect(env.OIDC_ROLES_CLAIM).toBe("roles");
    expect(env.OIDC_TENANTS_CLAIM).toBe("tenants");
    expect(env.UPSTREAM_TOKEN_MODE).toBe("user");
    expect(env.TENANT_HEADER).toBe("X-Vendor-Repository");
    expect(env.UPSTREAM_TIMEOUT_MS).toBe(15_000);
    expect(env.DASHBOARD_DATA_DIR).toBe(".data/dashboard");
    expect(env.SESSION_IDLE_MINUTES).toBe(30);
    expect(env.SESSION_ABSOLUTE_HOURS).toBe(8);
    expect(env.METADATA_SCHEMAS_DIR).toBe("packages/contract/config/metadata-schemas");
    expect(env.UPLOAD_ORIGINS).toEqual([]);
    expect(env.AUTH_SECRET).toBeUndefined();
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.embeddedArchive).toBe(true);
  });

  it("treats an empty NAME= line as unset", () => {
    expect(loadEnv({ UPSTREAM_TIMEOUT_MS: "", AUTH_SECRET: "" })).toMatchObject({
      UPSTREAM_TIMEOUT_MS: 15_000,
      AUTH_SECRET: undefined,
    });
  });
});

describe("loadEnv values", () => {
  it("reads a list of upload origins, trimmed, as origins", () => {
    const env = loadEnv({
      UPLOAD_ORIGINS: " https://bucket.s3.eu-west-1.amazonaws.com/ , http://localhost:9000",
    });
    expect(env.UPLOAD_ORIGINS).toEqual([
      "https://bucket.s3.eu-west-1.amazonaws.com",
      "http://localhost:9000",
    ]);
  });

  it("reads numbers, modes and a postgres URL", () => {
    const env = loadEnv({
      UPSTREAM_TIMEOUT_MS: "2500",
      UPSTREAM_TOKEN_MODE: "service",
      DATABASE_URL: "postgresql://u:p@db:5432/scriptorium",
      SESSION_IDLE_MINUTES: "480",
      SESSION_ABSOLUTE_HOURS: "8",
    });
    expect(env).toMatchObject({
      UPSTREAM_TIMEOUT_MS: 2500,
      UPSTREAM_TOKEN_MODE: "service",
      DATABASE_URL: "postgresql://u:p@db:5432/scriptorium",
      SESSION_IDLE_MINUTES: 480,
    });
  });

  it("drops trailing slashes from upstream URLs and tidies the scopes", () => {
    const env = loadEnv({
      PRESERVATION_API_URL: "http://localhost:4000/preservation/",
      OIDC_SCOPES: "  openid   roles ",
    });
    expect(env.PRESERVATION_API_URL).toBe("http://localhost:4000/preservation");
    expect(env.OIDC_SCOPES).toBe("openid roles");
    expect(env.embeddedArchive).toBe(true);
  });

  it.each(["PRESERVATION_API_URL", "INGEST_API_URL", "OIDC_ISSUER"])(
    "knows the archive is external once %s points elsewhere",
    (name) => {
      expect(loadEnv({ [name]: "https://vault.example.org/x" }).embeddedArchive).toBe(false);
    },
  );

  it("believes npm start when it says the embedded archive runs on another port", () => {
    const moved = {
      PRESERVATION_API_URL: "http://localhost:4100/preservation",
      INGEST_API_URL: "http://localhost:4100/ingest",
      OIDC_ISSUER: "http://localhost:4100/oidc",
    };
    expect(loadEnv(moved).embeddedArchive).toBe(false);
    expect(loadEnv({ ...moved, EMBEDDED_ARCHIVE: "true" }).embeddedArchive).toBe(true);
    expect(loadEnv({ EMBEDDED_ARCHIVE: "false" }).embeddedArchive).toBe(false);
    expect(() => loadEnv({ EMBEDDED_ARCHIVE: "yes" })).toThrow(
      "EMBEDDED_ARCHIVE must be true or false, got 'yes'",
    );
  });
});

describe("loadEnv failure sentences", () => {
  it.each([
    ["APP_URL", "foo", "APP_URL must be an http(s) URL, got 'foo'"],
    ["PRESERVATION_API_URL", "foo", "PRESERVATION_API_URL must be an http(s) URL, got 'foo'"],
    [
      "INGEST_API_URL",
      "ftp://x/ingest",
      "INGEST_API_URL must be an http(s) URL, got 'ftp://x/ingest'",
    ],
    ["OIDC_ISSUER", "localhost:4000", "OIDC_ISSUER must be an http(s) URL, got 'localhost:4000'"],
    [
      "OIDC_CLIENT_ID",
      "my client",
      "OIDC_CLIENT_ID must be a client id without spaces, got 'my client'",
    ],
    [
      "OIDC_SCOPES",
      "profile email",
      "OIDC_SCOPES must be a space-separated list of scopes that includes openid, got 'profile email'",
    ],
    [
      "OIDC_ROLES_CLAIM",
      "my roles",
      "OIDC_ROLES_CLAIM must be a claim name without spaces, e.g. roles or realm_access.roles, got 'my roles'",
    ],
    [
      "OIDC_TENANTS_CLAIM",
      "a b",
      "OIDC_TENANTS_CLAIM must be a claim name without spaces, e.g. tenants, got 'a b'",
    ],
    ["UPSTREAM_TOKEN_MODE", "admin", "UPSTREAM_TOKEN_MODE must be user or service, got 'admin'"],
    [
      "TENANT_HEADER",
      "X Repo:",
      "TENANT_HEADER must be an HTTP header name, e.g. X-Vendor-Repository, got 'X Repo:'",
    ],
    [
      "UPSTREAM_TIMEOUT_MS",
      "15s",
      "UPSTREAM_TIMEOUT_MS must be a whole number of milliseconds from 1000 to 600000, got '15s'",
    ],
    [
      "UPSTREAM_TIMEOUT_MS",
      "999",
      "UPSTREAM_TIMEOUT_MS must be a whole number of milliseconds from 1000 to 600000, got '999'",
    ],
    [
      "DASHBOARD_DATA_DIR",
      " .data",
      "DASHBOARD_DATA_DIR must be a folder path without leading or trailing spaces, got ' .data'",
    ],
    [
      "SESSION_IDLE_MINUTES",
      "0",
      "SESSION_IDLE_MINUTES must be a whole number of minutes from 1 to 1440, got '0'",
    ],
    [
      "SESSION_ABSOLUTE_HOURS",
      "8.5",
      "SESSION_ABSOLUTE_HOURS must be a whole number of hours from 1 to 720, got '8.5'",
    ],
    [
      "UPLOAD_ORIGINS",
      "https://uploads.example.org/bucket",
      "UPLOAD_ORIGINS must be a comma-separated list of http(s) origins without paths, e.g. https://bucket.s3.eu-west-1.amazonaws.com, got 'https://uploads.example.org/bucket'",
    ],
    [
      "METADATA_SCHEMAS_DIR",
      "schemas ",
      "METADATA_SCHEMAS_DIR must be a folder path without leading or trailing spaces, got 'schemas '",
    ],
  ])("rejects %s=%j", (name, value, sentence) => {
    expect(problemsOf({ [name]: value })).toEqual([sentence]);
  });

  it("describes secrets by length and never echoes them", () => {
    const problems = problemsOf({
      AUTH_SECRET: "too-short-secret",
      OIDC_CLIENT_SECRET: "s3cret\n",
      DATABASE_URL: "mysql://root:hunter2@db/x",
    });
    expect(problems).toEqual([
      "AUTH_SECRET must be at least 32 characters (create one with `openssl rand -base64 32`), got a value of 16 characters",
      "OIDC_CLIENT_SECRET must be a secret without leading or trailing spaces, got a value of 7 characters",
      "DATABASE_URL must be a postgres:// or postgresql:// URL, got a 'mysql:' URL",
    ]);
    expect(problems.join(" ")).not.toMatch(/too-short|s3cret|hunter2/);
  });

  it("rejects an idle timeout longer than the whole session", () => {
    expect(problemsOf({ SESSION_IDLE_MINUTES: "600", SESSION_ABSOLUTE_HOURS: "8" })).toEqual([
      "SESSION_IDLE_MINUTES must not exceed SESSION_ABSOLUTE_HOURS, got 600 minutes idle against 480 minutes absolute",
    ]);
  });

  it("names every bad variable in one message", () => {
    expect(() => loadEnv({ APP_URL: "foo", UPSTREAM_TOKEN_MODE: "x" })).toThrow(
      "Scriptorium cannot start, the configuration has 2 problems:\n" +
        "  - APP_URL must be an http(s) URL, got 'foo'.\n" +
        "  - UPSTREAM_TOKEN_MODE must be user or service, got 'x'.",
    );
  });
});

describe("start-up", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    resetServer();
  });

  it("stops the process with the sentence when the environment is bad", () => {
    resetServer();
    vi.stubEnv("PRESERVATION_API_URL", "foo");
    const exit = vi.spyOn(process, "exit").mockImplementation(() => undefined as never);
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    checkEnvAtStartup();
    expect(exit).toHaveBeenCalledWith(1);
    expect(log.mock.calls[0]?.[0]).toContain(
      "PRESERVATION_API_URL must be an http(s) URL, got 'foo'",
    );
  });

  it("serves `env` from process.env, parsed once", () => {
    resetServer();
    vi.stubEnv("UPSTREAM_TIMEOUT_MS", "2000");
    expect(env.UPSTREAM_TIMEOUT_MS).toBe(2000);
    vi.stubEnv("UPSTREAM_TIMEOUT_MS", "3000");
    expect(env.UPSTREAM_TIMEOUT_MS).toBe(2000);
    expect({ ...env }).toMatchObject({ UPSTREAM_TIMEOUT_MS: 2000 });
  });
});

describe("documentation", () => {
  it.each([".env.example", "README.md"])("%s names every variable", (file) => {
    const text = readFileSync(new URL(`../${file}`, import.meta.url), "utf8");
    const missing = ENV_VARIABLES.filter((name) => !text.includes(name));
    expect(missing).toEqual([]);
  });
});
