// The workspace boundary of eslint.config.mjs, run through ESLint itself on imports written into
// files of each workspace, so a change to the config or the resolver cannot switch it off unseen.
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
const eslint = new ESLint({ cwd: root });
const BOUNDARY_RULES = new Set([
  "import/no-restricted-paths",
  "no-restricted-imports",
  "no-restricted-globals",
]);

// The boundary errors ESLint reports for `source` as the file `filePath` (which need not exist).
async function boundaryErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = value;\n`, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId !== null && BOUNDARY_RULES.has(m.ruleId))
    .map((m) => m.message);
}

const forbidden: [string, string, string, RegExp][] = [
  [
    "the dashboard imports the archive by alias",
    "lib/boundary-fixture.ts",
    'import { startArchive as value } from "@/archive/src/server";',
    /runs without the archive/,
  ],
  [
    "the dashboard imports the archive by a relative path",
    "components/boundary-fixture.tsx",
    'import { createBag as value } from "../archive/src/bagit/create-bag";',
    /runs without the archive/,
  ],
  [
    "the dashboard's runtime code imports the archive's testing entry",
    "app/api/boundary-fixture.ts",
    'import { startArchive as value } from "@scriptorium/archive/testing";',
    /runs without the archive/,
  ],
  [
    "a dashboard test imports the archive's internals",
    "lib/boundary-fixture.test.ts",
    'import { startArchive as value } from "@/archive/src/server";',
    /through @scriptorium\/archive\/testing only/,
  ],
  [
    "an e2e spec imports the archive's internals by a relative path",
    "e2e/boundary-fixture.spec.ts",
    'import { createBag as value } from "../archive/src/bagit/create-bag";',
    /through @scriptorium\/archive\/testing only/,
  ],
  [
    "the archive imports the dashboard by alias",
    "archive/src/boundary-fixture.ts",
    'import { env as value } from "@/lib/env";',
    /never imports the dashboard/,
  ],
  [
    "the archive imports the dashboard by a relative path",
    "archive/src/boundary-fixture.ts",
    'import { env as value } from "../../lib/env";',
    /never imports the dashboard/,
  ],
  [
    "the archive imports the contract by a path instead of its name",
    "archive/src/boundary-fixture.ts",
    'import { INGEST_LIMITS as value } from "../../packages/contract/src/ingest/schemas";',
    /by its package name/,
  ],
  [
    "the contract imports the dashboard",
    "packages/contract/src/boundary-fixture.ts",
    'import { env as value } from "../../../lib/env";',
    /imports neither/,
  ],
  [
    "the contract imports the archive",
    "packages/contract/src/boundary-fixture.ts",
    'import { startArchive as value } from "@scriptorium/archive/testing";',
    /imports neither/,
  ],
];

// Browser code calls the dashboard's routes through the one API client.
forbidden.push(
  [
    "a component calls fetch itself",
    "components/auth/boundary-fixture.tsx",
    'const value = fetch("/api/session/tenant", { method: "POST" });',
    /through lib\/queries\/api-client\.ts/,
  ],
  [
    "the uploader calls fetch itself",
    "lib/upload/boundary-fixture.ts",
    'const value = fetch("/api/ingest/uploads/1", { method: "DELETE" });',
    /through lib\/queries\/api-client\.ts/,
  ],
);

const allowed: [string, string, string][] = [
  [
    "the dashboard imports the contract",
    "lib/boundary-fixture.ts",
    'import { INGEST_LIMITS as value } from "@scriptorium/contract/ingest/schemas";',
  ],
  [
    "a dashboard test imports the archive's testing entry",
    "lib/boundary-fixture.test.ts",
    'import { startArchive as value } from "@scriptorium/archive/testing";',
  ],
  [
    "a test helper under testing/ imports the archive's testing entry",
    "lib/api/testing/boundary-fixture.ts",
    'import { startArchive as value } from "@scriptorium/archive/testing";',
  ],
  [
    "the archive imports the contract",
    "archive/src/boundary-fixture.ts",
    'import { INGEST_LIMITS as value } from "@scriptorium/contract/ingest/schemas";',
  ],
  [
    "server code fetches from its upstream",
    "lib/auth/boundary-fixture.ts",
    'const value = fetch("https://issuer.example/token");',
  ],
  [
    "the API client itself fetches",
    "lib/queries/api-client.ts",
    'const value = fetch("/api/health");',
  ],
  [
    "the archive imports its own modules",
    "archive/src/boundary-fixture.ts",
    'import { loadArchiveConfig as value } from "./config";',
  ],
];

describe("the workspace boundary in ESLint", () => {
  // Loading the config, its plugins and the TypeScript resolver takes seconds on a busy machine:
  // a set-up cost paid once here, so each case below times only its own lint.
  beforeAll(() => boundaryErrors("lib/warm-up.ts", "const value = 1;"), 120_000);

  it.each(forbidden)("fails when %s", async (_case, filePath, source, message) => {
    const errors = await boundaryErrors(filePath, source);
    expect(errors.length, `${filePath}: ${source}`).toBeGreaterThan(0);
    expect(errors.join("\n")).toMatch(message);
  });

  it.each(allowed)("passes when %s", async (_case, filePath, source) => {
    expect(await boundaryErrors(filePath, source)).toEqual([]);
  });
});
