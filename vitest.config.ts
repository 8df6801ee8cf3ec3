import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));

// The suites start dozens of embedded archives on new folders: each copies a database initdb made
// once for this PGlite version instead of running initdb (archive/src/db/pglite-instance.ts).
const pglite = path.join(root, "node_modules", "@electric-sql", "pglite");
const { version: pgliteVersion } = JSON.parse(
  readFileSync(path.join(pglite, "package.json"), "utf8"),
) as { version: string };
process.env.ARCHIVE_PGLITE_TEMPLATE ??= path.join(
  root,
  "node_modules",
  ".cache",
  "scriptorium",
  `archive-pglite-${pgliteVersion}`,
);

export default defineConfig({
  resolve: {
    alias: {
      "@/": root,
      // `server-only` throws outside a React Server environment; tests import server modules directly.
      "server-only": fileURLToPath(new URL("./test/empty-module.ts", import.meta.url)),
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          // Most files wait on an embedded archive or a database far more than they compute, so
          // one more worker than cores (vitest's default is one fewer) keeps the cores busy. One
          // more again is slower: on two quiet cores the suite took 268 s with three workers and
          // 299 s with four.
          maxWorkers: availableParallelism() + 1,
          // A test that takes 2 s on a quiet machine took over 6 on CI's two saturated cores (a
          // property of 100 runs, zips of megabytes): Vitest's 5 s default failed such tests now
          // and then. 30 s still ends a test that hangs.
          testTimeout: 30_000,
          include: [
            "lib/**/*.test.ts",
            "components/**/*.test.{ts,tsx}",
            "packages/contract/src/**/*.test.ts",
            "archive/src/**/*.test.ts",
            "scripts/**/*.test.ts",
            "test/**/*.test.ts",
          ],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          // Black-box HTTP tests of the archive (archive/README.md, "Conformance suite"): against ARCHIVE_BASE_URL,
          // or an embedded archive that globalSetup starts on PGlite or PostgreSQL.
          name: "archive",
          include: ["archive/test/**/*.test.ts"],
          environment: "node",
          globalSetup: ["archive/test/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
