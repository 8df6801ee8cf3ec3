// Every page of the dashboard, as the archivist and as the admin, in the light and dark themes, at
// desktop and tablet widths: each must render its heading and pass axe (no serious or critical
// WCAG 2.1 AA violation) and log no error in the console. Each user sees every page in both
// themes and both widths, and the two users split the four looks between them, so every page is
// checked in every look once: the pages differ between the users only in a few admin controls.
import { randomUUID } from "node:crypto";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { STORAGE } from "./support/auth";
import { expectNoSeriousA11yViolations } from "./support/axe";

const DC = "http://purl.org/dc/elements/1.1/";

const LOOKS = [
  { theme: "light", width: "desktop", viewport: { width: 1280, height: 800 } },
  { theme: "dark", width: "desktop", viewport: { width: 1280, height: 800 } },
  { theme: "light", width: "tablet", viewport: { width: 768, height: 1024 } },
  { theme: "dark", width: "tablet", viewport: { width: 768, height: 1024 } },
] as const;

type Look = (typeof LOOKS)[number];

// The archivist takes light desktop and dark tablet, the admin the other two.
const LOOKS_OF: Record<"archivist" | "admin", readonly Look[]> = {
  archivist: [LOOKS[0], LOOKS[3]],
  admin: [LOOKS[1], LOOKS[2]],
};

interface Fixture {
  packageId: string;
  submission: string;
  pid: string;
}

// A package of the archivist's, ingested, and a profile id: the pages with ids need real ones.
async function makeFixture(browser: Browser): Promise<Fixture> {
  const context = await browser.newContext({ storageState: STORAGE.archivist });
  const request = context.request;
  const packageId = `e2e-pages-${randomUUID()}`;
  const accepted = await request.put("/api/ingest/document", {
    data: {
      profile: "default",
      packageId,
      document: {
        type: "BINARY",
        name: "note.txt",
        content: Buffer.from("A page fixture.\n").toString("base64"),
      },
      metadatas: [{ schema: DC, metadata: { title: "Every page" } }],
    },
  });
  expect(accepted.status(), await accepted.text()).toBe(201);
  const { name } = (await accepted.json()) as { name: string };
  await expect
    .poll(
      async () =>
        (
          (await (await request.get(`/api/ingest/sip/${packageId}/${name}`)).json()) as {
            status?: string;
          }
        ).status,
      { timeout: 60_000 },
    )
    .toBe("INGESTED");
  const info = await request.post("/api/preservation/RetrieveInfo", { data: {} });
  const pid = ((await info.json()) as { pro?: { pid: string }[] }).pro?.[0]?.pid;
  expect(pid, "RetrieveInfo names at least one profile").toBeTruthy();
  await context.close();
  return { packageId, submission: name, pid: pid as string };
}

// Every page, by the path a user would open; :pid, :package and :submission come from the fixture.
const PAGES = [
  { path: "/", where: "the overview" },
  { path: "/profiles", where: "profiles" },
  { path: "/profiles/:pid", where: "a profile" },
  { path: "/ingest", where: "the ingest wizard" },
  { path: "/ingest/sip", where: "the SIP form" },
  { path: "/batch", where: "batch ingest" },
  { path: "/ingests", where: "the ingest journal" },
  { path: "/ingests/:package/:submission", where: "a SIP's status" },
  { path: "/packages/:package", where: "a package's metadata update" },
  { path: "/objects", where: "objects" },
  { path: "/objects/new", where: "preserving objects" },
  { path: "/objects/:package", where: "an object" },
  { path: "/admin", where: "admin" },
  { path: "/admin/audit", where: "the audit log" },
  { path: "/admin/sessions", where: "sessions" },
  { path: "/admin/catalogue", where: "the catalogue sync" },
  { path: "/admin/fixity", where: "the fixity audits" },
  { path: "/no-such-page", where: "a page that does not exist" },
] as const;

function pathOf(template: string, f: Fixture): string {
  const e = encodeURIComponent;
  return template
    .replace(":pid", e(f.pid))
    .replace(":package", e(f.packageId))
    .replace(":submission", e(f.submission));
}

// Waits until the page has drawn what it fetches after the first paint (bounded: a status page
// keeps an event stream open, and a slow archive must not hang the walk).
async function settle(page: Page): Promise<void> {
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 30_000 });
  await page
    .waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, {
      timeout: 15_000,
    })
    .catch(() => {});
}

// Collects what the browser logs as errors while a page is open: a missing asset (a favicon that
// answers 404) or a script failure is a fault a person may never see but the console shows.
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const at = message.location().url;
    // The not-found page is meant to answer 404 itself; nothing else may fail.
    if (at === page.url() && /status of 404/.test(message.text()) && isNotFoundPage(at)) return;
    errors.push(`${message.text()} (${at})`);
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

function isNotFoundPage(url: string): boolean {
  return new URL(url).pathname === "/no-such-page";
}

// Checks one loaded page in the given looks.
async function checkLooks(page: Page, where: string, looks: readonly Look[]): Promise<void> {
  for (const look of looks) {
    await page.setViewportSize(look.viewport);
    await page.emulateMedia({ colorScheme: look.theme });
    // The dashboard follows the system theme unless the user chose one.
    await expect(page.locator("html")).toHaveClass(
      look.theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/,
    );
    await expectNoSeriousA11yViolations(page, `${where} (${look.theme}, ${look.width})`);
  }
}

let fixture: Fixture | undefined;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  fixture = await makeFixture(browser);
});

for (const user of ["archivist", "admin"] as const) {
  test.describe(`as the ${user}`, () => {
    test.use({ storageState: STORAGE[user] });

    // One test per page, so a report names every page at fault, not only the first.
    for (const { path, where } of PAGES) {
      test(`${where} (${path}) passes axe in light and dark`, async ({ page }) => {
        // Two full accessibility checks of one page, while other specs run beside this walk.
        test.setTimeout(90_000);
        const errors = consoleErrors(page);
        await page.goto(pathOf(path, fixture as Fixture));
        await settle(page);
        await checkLooks(page, `${where} as the ${user}`, LOOKS_OF[user]);
        expect(errors, `console errors on ${where} as the ${user}`).toEqual([]);
      });
    }
  });
}

test.describe("signed out", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("the sign-in page renders and passes axe in light and dark, desktop and tablet", async ({
    page,
  }) => {
    const errors = consoleErrors(page);
    await page.goto("/sign-in");
    await expect(page.getByRole("button", { name: /^Sign in with / })).toBeVisible();
    await checkLooks(page, "the sign-in page", LOOKS);
    expect(errors, "console errors on the sign-in page").toEqual([]);
  });

  test("the favicon, robots.txt and the web app manifest are served to anyone", async ({
    page,
  }) => {
    const ico = await page.request.get("/favicon.ico");
    expect(ico.status()).toBe(200);
    // An ICO container: reserved 0, type 1 (icon).
    expect([...(await ico.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    const svg = await page.request.get("/favicon.svg");
    expect(svg.headers()["content-type"]).toContain("image/svg+xml");
    const robots = await page.request.get("/robots.txt");
    expect(await robots.text()).toMatch(/User-agent: \*\nDisallow: \/\n/);
    const manifest = (await (await page.request.get("/manifest.webmanifest")).json()) as {
      name: string;
      theme_color: string;
      icons: { src: string }[];
    };
    expect(manifest).toMatchObject({ name: "Scriptorium", theme_color: "#3f45b8" });
    for (const icon of manifest.icons) {
      expect((await page.request.get(icon.src)).status(), icon.src).toBe(200);
    }
    await page.goto("/sign-in");
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
      "href",
      "/manifest.webmanifest",
    );
    await expect(page.locator('link[rel="icon"][href^="/favicon.ico"]')).toHaveCount(1);
  });
});
