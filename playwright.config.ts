import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

const CI = Boolean(process.env.CI);
const BASE_URL = "http://localhost:3000";

// Debian's chromium when present (containers, CI); otherwise Playwright's own download.
const chromiumPath =
  process.env.PLAYWRIGHT_CHROMIUM_PATH ||
  (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);

// Flags for running as root in a container without a GPU, and without the browser phoning home.
const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig({
  testDir: "e2e",
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  reporter: [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: BASE_URL,
    trace: "on-first-retry",
  },
  // A sign-in setup project slots in here with `dependencies: ["setup"]` and a storageState
  // on the chromium project.
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
      },
    },
  ],
  webServer: {
    command: "npm run build && npx next start -p 3000",
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: !CI,
    timeout: 180_000,
  },
});
