import { expect, test } from "@playwright/test";
import { STORAGE } from "./support/auth";
import { tabTo } from "./support/keyboard";
import { chooseTheme } from "./support/theme";

// What a user should find behind each navigation entry, in navigation order.
const SECTIONS = [
  { link: "Overview", path: "/", heading: "Overview" },
  { link: "Profiles", path: "/profiles", heading: "Profiles" },
  { link: "Ingest", path: "/ingest", heading: "Ingest" },
  { link: "Batch", path: "/batch", heading: "Batch ingest" },
  { link: "Ingests", path: "/ingests", heading: "Ingests" },
  { link: "Objects", path: "/objects", heading: "Objects" },
  { link: "Admin", path: "/admin", heading: "Admin" },
];

// An administrator sees every section, Admin included (archivists are not shown it).
test.use({ storageState: STORAGE.admin });

test("GET /api/health answers ok with the version, never from a cache", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toContain("no-store");
  expect(await response.json()).toEqual({
    status: "ok",
    version: expect.stringMatching(/^\d+\.\d+\.\d+/),
  });
});

test("the skip link is the first Tab stop and moves focus to the content", async ({ page }) => {
  await page.goto("/profiles");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("main")).toBeFocused();
});

test("the navigation works with the keyboard alone", async ({ page, baseURL }) => {
  // Start away from the first entry so that reaching Overview is a real navigation.
  await page.goto("/admin");
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const { link, path, heading } of SECTIONS) {
    const entry = nav.getByRole("link", { name: link, exact: true });
    await tabTo(page, entry);
    const ring = await entry.evaluate((el) => getComputedStyle(el));
    expect(ring.outlineStyle, `focus ring on ${link}`).not.toBe("none");
    expect(parseFloat(ring.outlineWidth), `focus ring width on ${link}`).toBeGreaterThanOrEqual(2);

    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new URL(path, baseURL).href);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page).toHaveTitle(`${heading} · Scriptorium`);
    await expect(entry).toHaveAttribute("aria-current", "page");
    await expect(nav.locator("[aria-current]")).toHaveCount(1);
  }
});

test("the theme toggle switches light, dark and system, and remembers the choice", async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/");
  const html = page.locator("html");
  const canvas = () =>
    page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  await expect(page.getByRole("group", { name: "Theme" })).toBeVisible();

  await chooseTheme(page, "light");
  const lightCanvas = await canvas();

  // Keyboard: Tab to the dark button and press Space.
  const dark = page.getByRole("button", { name: "Dark theme" });
  await tabTo(page, dark);
  await page.keyboard.press("Space");
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(dark).toHaveAttribute("aria-pressed", "true");
  expect(await canvas()).not.toBe(lightCanvas);

  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);

  await chooseTheme(page, "system");
  await expect(html).toHaveClass(/\blight\b/);
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(html).toHaveClass(/\bdark\b/);

  await chooseTheme(page, "light");
  await expect(html).toHaveClass(/\blight\b/);
  expect(await canvas()).toBe(lightCanvas);
});

test("on a tablet the navigation becomes a strip under the header with every label in view", async ({
  page,
}) => {
  await page.setViewportSize({ width: 820, height: 1000 });
  await page.goto("/ingests");
  const header = await page.getByRole("banner").boundingBox();
  const nav = page.getByRole("navigation", { name: "Main" });
  const strip = await nav.boundingBox();
  expect(header && strip && strip.y >= header.y + header.height - 1).toBe(true);
  expect(strip?.width).toBeGreaterThan(800);
  for (const { link } of SECTIONS) {
    await expect(nav.getByRole("link", { name: link, exact: true })).toBeInViewport({ ratio: 1 });
  }
});

test("an unknown address says so and leads back to the overview", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await page.getByRole("link", { name: "Go to the overview" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Overview");
});
