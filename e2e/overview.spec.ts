// The overview against the embedded archive: figures that follow a real ingest, charts with text
// alternatives that redraw in dark mode, the admin's review queue, and the first-run tour.
import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { signInThroughPages, STORAGE, USERS } from "./support/auth";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { chooseTheme } from "./support/theme";

const DC = "http://purl.org/dc/elements/1.1/";
// A 1x1 GIF 89a: a format the other specs do not send, so its count is ours to watch.
const GIF = "R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==";
const GIF_NAME = "Graphics Interchange Format";

// Submits a package through the dashboard's API and waits until the archive has ingested it.
async function ingestGif(request: APIRequestContext): Promise<string> {
  const packageId = `e2e-overview-${randomUUID()}`;
  const response = await request.put("/api/ingest/document", {
    data: {
      profile: "default",
      packageId,
      document: { type: "BINARY", name: "pixel.gif", content: GIF },
      metadatas: [{ schema: DC, metadata: { title: "Overview pixel" } }],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { name } = (await response.json()) as { name: string };
  await expect
    .poll(
      async () => {
        const answer = await request.get(`/api/ingest/sip/${packageId}/${name}`);
        return ((await answer.json()) as { status?: string }).status;
      },
      { timeout: 60_000 },
    )
    .toBe("INGESTED");
  return packageId;
}

// The overview once its figures have arrived (or its empty state, on a fresh archive).
async function openOverview(page: Page): Promise<void> {
  await page.goto("/");
  await expect(
    page
      .getByRole("heading", { name: "Ingests per day" })
      .or(page.getByRole("heading", { name: /ingested anything yet|has been ingested/ })),
  ).toBeVisible({ timeout: 30_000 });
}

// "12 submissions from ..." – the per-day chart's sentence; 0 when it says "No submissions".
async function submissionsInWindow(page: Page): Promise<number> {
  if ((await page.getByRole("heading", { name: "Ingests per day" }).count()) === 0) return 0;
  const caption = await page
    .getByRole("figure", { name: "Ingests per day" })
    .locator("figcaption")
    .innerText();
  return Number(/^(\d+) submissions?/.exec(caption)?.[1] ?? 0);
}

// The GIF row of the formats list: "N files" (0 when the format is not listed).
async function gifFiles(page: Page): Promise<{ files: number; packages: number }> {
  if ((await page.getByRole("heading", { name: "Formats identified" }).count()) === 0)
    return { files: 0, packages: 0 };
  const formats = page.getByRole("list", { name: "Formats, most files first" });
  const sampled = await page.getByText(/^Files of the last \d+ ingested packages?/).innerText();
  const packages = Number(/last (\d+)/.exec(sampled)?.[1] ?? 0);
  const row = formats.getByRole("listitem").filter({ hasText: GIF_NAME });
  if ((await row.count()) === 0) return { files: 0, packages };
  return { files: Number(/(\d+) files?/.exec(await row.innerText())?.[1] ?? 0), packages };
}

test.describe("an archivist", () => {
  test.use({ storageState: STORAGE.archivist });

  test("sees a new ingest counted, its format identified and the package in recent activity", async ({
    page,
  }) => {
    await openOverview(page);
    const before = await submissionsInWindow(page);
    const gifBefore = await gifFiles(page);

    const packageId = await ingestGif(page.request);
    await openOverview(page);
    // At least one more: specs in other workers may be ingesting too.
    expect(await submissionsInWindow(page)).toBeGreaterThanOrEqual(before + 1);
    const gifAfter = await gifFiles(page);
    expect(gifAfter.files).toBeGreaterThanOrEqual(1);
    // With fewer than 50 packages sampled, none dropped out of the sample: one more GIF at least.
    if (gifBefore.packages < 50) expect(gifAfter.files).toBeGreaterThanOrEqual(gifBefore.files + 1);

    const recent = page.getByRole("region", { name: "Recent activity" });
    const entry = recent.getByRole("listitem").filter({ hasText: packageId });
    await expect(entry.getByText("INGESTED")).toBeVisible();
    await entry.getByRole("link", { name: new RegExp(packageId) }).click();
    await expect(page).toHaveURL(new RegExp(`/ingests/${packageId}/sip-1$`));
  });

  test("every chart says what it shows in words and a table, and redraws in dark mode", async ({
    page,
  }) => {
    await ingestGif(page.request);
    await page.emulateMedia({ colorScheme: "light" });
    await openOverview(page);
    await chooseTheme(page, "light");
    for (const name of ["Ingests per day", "Time to a final status"]) {
      const figure = page.getByRole("figure", { name });
      await expect(figure.locator("figcaption")).toHaveText(/\d+ submissions?/);
      await figure.getByText("Show the numbers as a table").click();
      await expect(figure.getByRole("table")).toBeVisible();
      await expect(figure.getByRole("row").nth(1)).toBeVisible();
    }
    await expectNoSeriousA11yViolations(page, "the overview with its tables open (light)");

    // The bars are drawn in the theme's colours: an ingested day's bar changes with the theme.
    const bar = page
      .getByRole("figure", { name: "Ingests per day" })
      .locator("[data-band]")
      .first();
    const colour = () => bar.evaluate((element) => getComputedStyle(element).backgroundColor);
    const light = await colour();
    await chooseTheme(page, "dark");
    await expect.poll(colour).not.toBe(light);
    await expectNoSeriousA11yViolations(page, "the overview with its tables open (dark)");
    await chooseTheme(page, "system");
  });

  test("has no review queue figure: admins work the queue", async ({ page }) => {
    await openOverview(page);
    await expect(page.getByRole("link", { name: /Review queue/ })).toHaveCount(0);
  });
});

// Layout shifts as the browser reports them (the Layout Instability API), in a zone other than the
// server's so the days are counted the reader's way.
const TIME_ZONE = "Europe/Brussels";

test.describe("the overview's layout", () => {
  test.use({ storageState: STORAGE.archivist, timezoneId: TIME_ZONE });

  test("does not move once shown, whether it comes with its figures or fetches them", async ({
    page,
    context,
    baseURL,
  }) => {
    await ingestGif(page.request);
    await page.addInitScript(() => {
      const seen: number[] = [];
      (window as unknown as { layoutShifts: number[] }).layoutShifts = seen;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as {
          value: number;
          hadRecentInput: boolean;
        }[]) {
          if (!entry.hadRecentInput) seen.push(entry.value);
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    const shifted = () =>
      page.evaluate(() =>
        (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((a, b) => a + b, 0),
      );
    // A returning reader: the browser told the server its zone, so the page comes with its figures.
    await context.addCookies([{ name: "tz", value: TIME_ZONE, url: baseURL as string }]);
    const html = await (await page.request.get("/")).text();
    expect(html).toContain("Ingests per day");
    await openOverview(page);
    await page.waitForLoadState("networkidle");
    expect(await shifted()).toBeLessThan(0.01);
    // A first visit: the figures are fetched after the page has loaded, into the place kept for them.
    await context.clearCookies({ name: "tz" });
    await openOverview(page);
    await page.waitForLoadState("networkidle");
    expect(await shifted()).toBeLessThan(0.01);
  });
});

test.describe("an admin", () => {
  test.use({ storageState: STORAGE.admin });

  test("sees the tenant's review queue and opens it from its figure", async ({ page }) => {
    await ingestGif(page.request);
    await openOverview(page);
    await expect(page.getByText("The latest submissions in this tenant.")).toBeVisible();
    const queue = page.getByRole("link", { name: "Review queue", exact: true });
    await expect(queue).toBeVisible();
    await queue.click();
    await expect(page).toHaveURL(/\/ingests\?view=review$/);
  });
});

test.describe("the first-run tour", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("is offered until taken, walks the main flows by keyboard, and is remembered for the user", async ({
    page,
    browser,
  }) => {
    await signInThroughPages(page, USERS.admin2);
    // Start from a known state whatever earlier runs left: offer it again.
    expect(
      (await page.request.put("/api/overview/tour", { data: { dismissed: false } })).status(),
    ).toBe(200);
    await page.reload();
    const offer = page.getByRole("region", { name: "New here? Take the one-minute tour" });
    await expect(offer).toBeVisible();
    await expectNoSeriousA11yViolations(page, "the overview with the tour offer");

    await offer.getByRole("button", { name: "Start the tour" }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "A short tour of Scriptorium" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Next" })).toBeFocused();
    await expect(dialog.getByRole("heading", { name: "Step 1 of 5: Overview" })).toBeVisible();
    await expectNoSeriousA11yViolations(page, "the tour dialog");

    await page.keyboard.press("ArrowRight");
    await expect(dialog.getByRole("heading", { name: "Step 2 of 5: Ingest" })).toBeVisible();
    // Focus stays inside the dialog, however far one tabs.
    for (let i = 0; i < 12; i++) await page.keyboard.press("Tab");
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);

    for (const title of ["Ingests", "Objects", "Profiles"]) {
      await dialog.getByRole("button", { name: "Next" }).click();
      await expect(dialog.getByRole("heading", { name: new RegExp(`: ${title}$`) })).toBeVisible();
    }
    await expect(dialog.getByRole("button", { name: "Finish the tour" })).toBeFocused();
    const saved = page.waitForResponse(
      (r) => r.url().endsWith("/api/overview/tour") && r.request().method() === "PUT",
    );
    await page.keyboard.press("Enter");
    expect((await saved).status()).toBe(200);
    await expect(dialog).toHaveCount(0);
    await expect(offer).toHaveCount(0);
    // The offer that opened it is gone: focus lands on the page's content, not on nothing.
    await expect(page.getByRole("main")).toBeFocused();

    // Remembered on the server, for this user, in another browser too.
    const elsewhere = await browser.newContext();
    const again = await elsewhere.newPage();
    await signInThroughPages(again, USERS.admin2);
    await expect(
      again
        .getByRole("heading", { name: "Ingests per day" })
        .or(again.getByRole("heading", { name: /ingested/ })),
    ).toBeVisible();
    await expect(
      again.getByRole("region", { name: "New here? Take the one-minute tour" }),
    ).toHaveCount(0);
    await elsewhere.close();
  });

  test("can be declined, and taken again later from the header; Escape closes it", async ({
    page,
  }) => {
    await signInThroughPages(page, USERS.admin2);
    expect(
      (await page.request.put("/api/overview/tour", { data: { dismissed: false } })).status(),
    ).toBe(200);
    await page.reload();
    const offer = page.getByRole("region", { name: "New here? Take the one-minute tour" });
    const saved = page.waitForResponse(
      (r) => r.url().endsWith("/api/overview/tour") && r.request().method() === "PUT",
    );
    await offer.getByRole("button", { name: "No thanks" }).click();
    await expect(offer).toHaveCount(0);
    expect((await saved).status()).toBe(200);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await expect(offer).toHaveCount(0);

    const take = page.getByRole("button", { name: "Take the tour" });
    await take.click();
    const dialog = page.getByRole("dialog", { name: "A short tour of Scriptorium" });
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(take).toBeFocused();
  });
});
