import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// The boundary between the three workspaces (README, "Architecture"): the dashboard (app/,
// components/, lib/, proxy.ts, instrumentation.ts) and the archive (archive/) never import each
// other; both import the contract (packages/contract) by its package name, and the contract imports
// neither. The dashboard's tests and the root's tools (e2e/, scripts/, test/) reach the archive
// through `@scriptorium/archive/testing` only. test/lint-boundaries.test.ts proves the rules bite.
const DASHBOARD = ["./app", "./components", "./lib", "./proxy.ts", "./instrumentation.ts"];
const TOOLS = ["./e2e", "./scripts", "./test"];
const DASHBOARD_FILES = ["app/**", "components/**", "lib/**", "proxy.ts", "instrumentation.ts"];
const TEST_FILES = ["**/*.test.ts", "**/*.test.tsx", "**/testing/**"];
const TESTING_ENTRY = "./src/testing.ts";

const NOT_THE_ARCHIVE =
  "The dashboard runs without the archive (against the vendor's service): share code through @scriptorium/contract instead.";
const ONLY_ARCHIVE_TESTING =
  "Tests and tools reach the archive through @scriptorium/archive/testing only.";
const NOT_THE_DASHBOARD =
  "The archive is a separate service and never imports the dashboard: share code through @scriptorium/contract instead.";
const CONTRACT_STANDS_ALONE =
  "The contract is shared by the dashboard and the archive and imports neither.";
const CONTRACT_BY_NAME = "Import the contract by its package name, @scriptorium/contract/...";
const ONE_CLIENT =
  "Browser code calls the dashboard's routes through lib/queries/api-client.ts (getJson, sendJson, deleteResource), so every failure is one ApiError.";

// Imports written as paths into another workspace, whatever the importer.
const pathPatterns = (message, ...groups) => ({ group: groups, message });
const intoContract = pathPatterns(CONTRACT_BY_NAME, "@/packages/*", "**/packages/contract/**");

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      ".next/**",
      ".data/**",
      "**/node_modules/**",
      "next-env.d.ts",
      "test-results/**",
      "playwright-report/**",
      "archive/drizzle/**",
      "archive/dist/**",
    ],
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  // The dashboard's runtime code: no archive at all.
  {
    files: DASHBOARD_FILES,
    ignores: TEST_FILES,
    rules: {
      "import/no-restricted-paths": [
        "error",
        { zones: [{ target: DASHBOARD, from: "./archive", message: NOT_THE_ARCHIVE }] },
      ],
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            pathPatterns(
              NOT_THE_ARCHIVE,
              "@/archive/*",
              "@scriptorium/archive",
              "@scriptorium/archive/*",
            ),
            intoContract,
          ],
        },
      ],
    },
  },
  // The dashboard's tests and test helpers, and the root's tools: the archive's testing entry only.
  {
    files: [
      "{app,components,lib}/**/*.test.{ts,tsx}",
      "{app,components,lib}/**/testing/**",
      "e2e/**",
      "scripts/**",
      "test/**",
    ],
    rules: {
      "import/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: [...DASHBOARD, ...TOOLS],
              from: "./archive",
              except: [TESTING_ENTRY],
              message: ONLY_ARCHIVE_TESTING,
            },
          ],
        },
      ],
      "no-restricted-imports": [
        "error",
        { patterns: [pathPatterns(ONLY_ARCHIVE_TESTING, "@/archive/*"), intoContract] },
      ],
    },
  },
  // Browser code: one client of the dashboard's /api routes. The SIP status stream, read as a
  // stream, is the exception.
  {
    files: ["components/**", "lib/queries/**", "lib/upload/**", "lib/drafts/**"],
    ignores: [...TEST_FILES, "lib/queries/api-client.ts", "components/ingests/use-sip-events.ts"],
    rules: { "no-restricted-globals": ["error", { name: "fetch", message: ONE_CLIENT }] },
  },
  // The archive: nothing of the dashboard, nor of the root's tools.
  {
    files: ["archive/**"],
    rules: {
      "import/no-restricted-paths": [
        "error",
        {
          zones: [
            { target: "./archive", from: [...DASHBOARD, ...TOOLS], message: NOT_THE_DASHBOARD },
          ],
        },
      ],
      "no-restricted-imports": [
        "error",
        { patterns: [pathPatterns(NOT_THE_DASHBOARD, "@/*"), intoContract] },
      ],
    },
  },
  // The contract: neither side.
  {
    files: ["packages/contract/**"],
    rules: {
      "import/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./packages/contract",
              from: [...DASHBOARD, ...TOOLS, "./archive"],
              message: CONTRACT_STANDS_ALONE,
            },
          ],
        },
      ],
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            pathPatterns(
              CONTRACT_STANDS_ALONE,
              "@/*",
              "@scriptorium/archive",
              "@scriptorium/archive/*",
            ),
          ],
        },
      ],
    },
  },
];

export default config;
