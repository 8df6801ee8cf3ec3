import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { E2E_DATA_DIR, STORAGE } from "./e2e/support/auth";

const CI = Boolean(process.env.CI);
// Other ports let several checkouts run their suites side by side (E2E_PORT, E2E_ARCHIVE_PORT).
const PORT = process.env.E2E_PORT ?? "3000";
const ARCHIVE_PORT = process.env.E2E_ARCHIVE_PORT ?? "4000";
const BASE_URL = `http://localhost:${PORT}`;

// Debian's chromium when present (containers, CI); otherwise Playwright's own download.
const chromiumPath =
  process.env.PLAYWRIGHT_CHROMIUM_PATH ||
  (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);

// Chromium reads only the last --disable-features it is given, so turning a feature off here means
// naming Playwright's own list again (playwright-core 1.65, chromiumSwitches.ts).
const PLAYWRIGHT_DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
];

// Flags for running as root in a container without a GPU, and without the browser phoning home.
// Chromium 156 opens the address bar's suggestions as two WebUI pages in a renderer of their own
// with every window, so with every browser context a test opens: about 1.6 s of CPU each on this
// machine (ten contexts took 27 s of CPU with them, 11 s without), a few minutes over the suite.
const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, "WebUIOmniboxPopup", "WebUIOmniboxAimPopup"].join(",")}`,
];

// Specs that change nothing the others read and depend on no setting the others change; together
// about as long as the rest, so the two workers end at about the same time.
const BESIDE = /(all-pages|batch|uploads)\.spec\.ts/;

export default defineConfig({
  testDir: "e2e",
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  // Two at a time: the specs that change what others see (settings, sessions, counts, the four-eyes
  // rule) one after another in "chromium", and beside them the walk of every page and the specs
  // that only add packages of their own as the archivist ("beside").
  workers: 2,
  reporter: [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: BASE_URL,
    trace: "on-first-retry",
  },
  projects: [
    // Signs in as the archivist and the admin through the real pages (e2e/auth.setup.ts).
    {
      name: "setup",
      testMatch: /auth\.setup\.ts/,
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
      },
    },
    {
      name: "chromium",
      dependencies: ["setup"],
      testIgnore: BESIDE,
      workers: 1,
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
        // Signed in by default; a spec picks another user with test.use({ storageState }).
        storageState: STORAGE.archivist,
      },
    },
    // Visits every page as each user, and sends packages of its own as multipart uploads and as a
    // batch (about twenty in all, fewer than a page of the journal): nothing another spec counts or
    // changes, so it runs beside the others.
    {
      name: "beside",
      dependencies: ["setup"],
      testMatch: BESIDE,
      workers: 1,
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
        storageState: STORAGE.archivist,
      },
    },
  ],
  webServer: {
    // The embedded archive and the dashboard, as a user starts them (builds when sources changed).
    command: "npm start",
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: !CI,
    // A first build plus creating both PGlite databases takes minutes on a small machine.
    timeout: 600_000,
    env: {
      APP_URL: BASE_URL,
      PORT,
      ARCHIVE_PORT,
      DASHBOARD_DATA_DIR: `${E2E_DATA_DIR}/dashboard`,
      ARCHIVE_DATA_DIR: `${E2E_DATA_DIR}/archive`,
    },
  },
});
