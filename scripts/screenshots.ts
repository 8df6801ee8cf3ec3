// `npm run screenshots` (after `npm run demo`): signs in as the demo admin through the real pages
// and writes docs/screenshots/*.png of the main pages, light and dark, so the README's pictures
// stay current. Uses the dashboard at APP_URL (default http://localhost:3000); when nothing answers
// there it runs `npm start` for the duration and stops it again.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import nextEnv from "@next/env";
import { chromium, type Browser, type Page } from "@playwright/test";

const root = fileURLToPath(new URL("..", import.meta.url));
const OUT = path.join(root, "docs", "screenshots");
const say = (line: string) => console.log(`[screenshots] ${line}`);

// What to capture: a file name, a path, and what must be on screen before the picture is taken.
// Only the overview is taken whole; long pages (an object with its trace) show their first screen.
const SHOTS: {
  name: string;
  path: string;
  ready: string;
  themes: ("light" | "dark")[];
  fullPage?: boolean;
}[] = [
  {
    name: "overview",
    path: "/",
    ready: "Ingests per day",
    themes: ["light", "dark"],
    fullPage: true,
  },
  { name: "ingest", path: "/ingest", ready: "Ingest", themes: ["light"] },
  { name: "ingests", path: "/ingests", ready: "Ingests", themes: ["light", "dark"] },
  {
    name: "ingest-status",
    path: "/ingests/demo-logger-export/sip-1",
    ready: "demo-logger-export",
    themes: ["light"],
  },
  { name: "objects", path: "/objects?fi=*", ready: "Objects", themes: ["light"] },
  {
    name: "object",
    path: "/objects/demo-board-minutes-2024",
    ready: "demo-board-minutes-2024",
    themes: ["light"],
  },
  { name: "profiles", path: "/profiles", ready: "Profiles", themes: ["light"] },
  { name: "admin", path: "/admin", ready: "Admin", themes: ["light"] },
];

// Debian's chromium when present, as playwright.config.ts does; otherwise Playwright's own.
const chromiumPath =
  process.env.PLAYWRIGHT_CHROMIUM_PATH ||
  (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(3_000) })).ok;
  } catch {
    return false;
  }
}

// Starts `npm start` and waits (a first build takes minutes) until the dashboard answers.
async function startDashboard(base: string): Promise<ChildProcess> {
  say(`Nothing answers at ${base}: starting it with npm start (this may build first) ...`);
  const child = spawn(process.execPath, [path.join(root, "scripts", "start.mjs")], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: process.env,
  });
  const deadline = Date.now() + 15 * 60_000;
  while (!(await answers(`${base}/api/health`))) {
    if (child.exitCode !== null) throw new Error(`npm start exited with code ${child.exitCode}.`);
    if (Date.now() > deadline)
      throw new Error(`The dashboard did not answer at ${base} within 15 minutes.`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  return child;
}

async function signIn(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/`);
  await page.getByRole("button", { name: /^Sign in with / }).click();
  await page.getByLabel("Username").fill("admin");
  await page.getByLabel("Password").fill("admin");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(`${base}/`);
}

// Waits until the page has stopped loading: no request in flight, nothing marked busy and no
// "Retrieving ..." or "Loading ..." line left (pages fetch parts of themselves after the first paint).
async function settled(page: Page): Promise<void> {
  // A status page keeps an event stream open, so the network may never fall quiet.
  await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => {});
  await page
    .waitForFunction(
      () =>
        !document.querySelector('[aria-busy="true"]') &&
        !/\b(Retrieving|Loading)\b[^.]*…/.test(document.body.innerText),
      undefined,
      { timeout: 30_000 },
    )
    .catch(() => say(`${page.url()} still shows something loading; taking the picture anyway.`));
  await page.waitForTimeout(300);
}

async function capture(browser: Browser, base: string): Promise<string[]> {
  const written: string[] = [];
  for (const theme of ["light", "dark"] as const) {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 860 },
      colorScheme: theme,
      deviceScaleFactor: 1,
    });
    const page = await context.newPage();
    await signIn(page, base);
    for (const shot of SHOTS.filter((s) => s.themes.includes(theme))) {
      await page.goto(`${base}${shot.path}`);
      await page.getByRole("heading", { name: shot.ready }).first().waitFor({ timeout: 60_000 });
      await settled(page);
      if (
        shot.name === "overview" &&
        (await page.getByText("Nothing has been ingested").count()) > 0
      ) {
        say("The overview is empty: run `npm run demo` first for pictures with something in them.");
      }
      const file = path.join(OUT, `${shot.name}${shot.themes.length > 1 ? `-${theme}` : ""}.png`);
      await page.screenshot({
        path: file,
        fullPage: shot.fullPage ?? false,
        animations: "disabled",
      });
      written.push(path.relative(root, file));
    }
    if (theme === "light") {
      // The tour, opened from the overview's header and left open (closing it would remember it).
      await page.goto(`${base}/`);
      await page
        .getByRole("heading", { name: "Ingests per day" })
        .or(page.getByText("Nothing has been ingested"))
        .first()
        .waitFor({ timeout: 60_000 });
      await page.getByRole("button", { name: "Take the tour" }).click();
      await page.getByRole("dialog", { name: "A short tour of Scriptorium" }).waitFor();
      const file = path.join(OUT, "tour.png");
      await page.screenshot({ path: file, animations: "disabled" });
      written.push(path.relative(root, file));
    }
    await context.close();
  }
  return written;
}

async function main() {
  process.chdir(root);
  nextEnv.loadEnvConfig(root, false, { info: () => {}, error: console.error });
  const base = (process.env.APP_URL || "http://localhost:3000").replace(/\/+$/, "");
  await mkdir(OUT, { recursive: true });
  const server = (await answers(`${base}/api/health`)) ? null : await startDashboard(base);
  const browser = await chromium.launch({
    ...(chromiumPath ? { executablePath: chromiumPath } : {}),
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    for (const file of await capture(browser, base)) say(`wrote ${file}`);
  } finally {
    await browser.close();
    server?.kill("SIGTERM");
  }
}

main().catch((error: unknown) => {
  say(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
