import { expect, test, type Browser, type Page } from "@playwright/test";
import { signInThroughPages, STORAGE, USERS } from "./support/auth";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { readHeldTokens } from "./support/dashboard-db";

// Tests in this file run in order in one worker: several of them sign admin2 in and out.
const signedOut = { cookies: [], origins: [] };

// Most of these tests sign in through the identity provider's pages, some twice: 15 s on a loaded
// CI machine, where the switching-tenant test once ran past Playwright's default 30 s.
test.describe.configure({ timeout: 60_000 });

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ storageState: signedOut });
  return context.newPage();
}

// The page's own alert (Next.js keeps an empty role="alert" route announcer on every page).
function alert(page: Page) {
  return page.getByRole("alert").filter({ hasText: /\S/ });
}

async function openUserMenu(page: Page) {
  await page.getByRole("button", { name: /^User menu: / }).click();
}

test.describe("signing in", () => {
  test.use({ storageState: signedOut });

  test("a signed-out visitor is sent to the sign-in page, which lists the demo users", async ({
    page,
  }) => {
    await page.goto("/ingests");
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fingests$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Sign in to Scriptorium" }),
    ).toBeVisible();
    await expect(
      page.getByRole("button", { name: "Sign in with the Scriptorium archive" }),
    ).toBeVisible();
    const demo = page.getByRole("table", { name: "Demo users" });
    await expect(demo.getByRole("row")).toHaveCount(4);
    await expect(
      demo.getByRole("row", { name: /archivist archivist Ada Archivist/ }),
    ).toBeVisible();
  });

  test("an error from the identity provider is explained on the sign-in page", async ({ page }) => {
    await page.goto("/sign-in?error=OAuthCallbackError");
    await expect(alert(page)).toContainText("did not complete the sign-in");
    await page.goto("/sign-in?error=NoTenant");
    await expect(alert(page)).toContainText("Your account has no tenant");
  });

  for (const user of [USERS.archivist, USERS.admin]) {
    test(`${user.username} signs in, returns to the page asked for, sees name, role and tenants`, async ({
      page,
    }) => {
      await signInThroughPages(page, user, "/objects");
      const header = page.getByRole("banner");
      const menu = header.getByRole("button", { name: /^User menu: / });
      await expect(menu).toBeVisible();
      await expect(menu).toContainText(user.name);
      await expect(menu).toContainText(user.role);
      const tenant = header.getByLabel("Tenant");
      await expect(tenant).toHaveValue("demo");
      await expect(tenant.getByRole("option")).toHaveText([...user.tenants]);
      const session = await (await page.request.get("/api/auth/session")).json();
      expect(session).toEqual({
        user: { name: user.name, roles: expect.any(Array), tenants: [...user.tenants] },
        tenant: "demo",
        expires: expect.any(String),
      });
    });
  }
});

// Callback values that once left the site or failed: the server decodes the query, so %09 is a
// tab, which a browser drops from a Location ("/\t/evil.example" became "//evil.example").
const HOSTILE_CALLBACKS = [
  "/%09/evil.example/x",
  "/%0d/evil.example",
  "/%0a/evil.example",
  "/%0b/evil.example",
  "/%0c/evil.example",
  "/%00/evil.example",
  "/%5C/evil.example",
  "/%5C%5Cevil.example",
  "//evil.example",
  "/.//evil.example",
  "/%2e%2e//evil.example",
  "https://evil.example/",
  "/objects/%E6%9D%B1%E4%BA%AC",
  "/objects/%C3%9C%0D%0ASet-Cookie:%20x=1",
  "/%25ff/evil.example",
];

test.describe("a signed-in user at the sign-in page", () => {
  test.use({ storageState: STORAGE.archivist });

  test("is sent on within the site, whatever the callbackUrl", async ({ page, baseURL }) => {
    const origin = new URL(baseURL ?? "").origin;
    for (const callback of HOSTILE_CALLBACKS) {
      const response = await page.request.get(`/sign-in?callbackUrl=${callback}`, {
        maxRedirects: 0,
      });
      expect(response.status(), callback).toBe(307);
      const location = response.headers()["location"] ?? "";
      expect(new URL(location, origin).origin, `${callback} -> ${location}`).toBe(origin);
      expect(location, callback).not.toMatch(/[\u0000-\u001f\u007f]/);
    }
    // And a browser, which drops tabs from a Location, stays on the site too.
    await page.goto("/sign-in?callbackUrl=/%09/evil.example/x");
    expect(new URL(page.url()).origin).toBe(origin);
    await page.goto("/sign-in?callbackUrl=%2Fobjects%3Fq%3Dminutes");
    await expect(page).toHaveURL(/\/objects\?q=minutes$/);
  });
});

test("switching tenant changes the session's tenant; a tenant the user lacks is refused", async ({
  browser,
}) => {
  const page = await freshPage(browser);
  await signInThroughPages(page, USERS.admin2);
  const picker = page.getByRole("banner").getByLabel("Tenant");
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/session/tenant"));
  await picker.selectOption("research");
  expect((await saved).status()).toBe(200);
  await page.reload();
  await expect(page.getByRole("banner").getByLabel("Tenant")).toHaveValue("research");
  expect(await (await page.request.get("/api/auth/session")).json()).toMatchObject({
    tenant: "research",
  });

  const refused = await page.request.post("/api/session/tenant", {
    data: { tenant: "someone-elses" },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(refused.status()).toBe(403);
  expect(await (await page.request.get("/api/auth/session")).json()).toMatchObject({
    tenant: "research",
  });
  await page.context().close();
});

test("signing out ends both sessions in one click, so a kept cookie opens nothing", async ({
  browser,
}) => {
  const page = await freshPage(browser);
  await signInThroughPages(page, USERS.admin2);
  const kept = await page.context().cookies();

  await openUserMenu(page);
  await page.getByRole("button", { name: "Sign out" }).click();
  // One click ends both sessions: the archive's sign-out needs no confirmation.
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(
    page.getByRole("heading", { level: 1, name: "Sign in to Scriptorium" }),
  ).toBeVisible();
  expect(await (await page.request.get("/api/auth/session")).json()).toBeNull();

  // The provider's session is gone too: signing in again asks for the password.
  await page.getByRole("button", { name: /^Sign in with / }).click();
  await expect(page.getByLabel("Password")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Sign in to the archive" })).toBeVisible();

  const replay = await browser.newContext({ storageState: signedOut });
  await replay.addCookies(kept);
  const again = await replay.newPage();
  await again.goto("/ingests");
  await expect(again).toHaveURL(/\/sign-in\?.*reason=ended/);
  await expect(alert(again)).toHaveText("Your session has ended. Sign in again to continue.");
  await replay.close();
  await page.context().close();
});

test.describe("sessions admin page", () => {
  test.use({ storageState: STORAGE.admin });

  test("an admin ends another user's sessions and that user is signed out at once", async ({
    page,
    browser,
  }) => {
    const other = await freshPage(browser);
    await signInThroughPages(other, USERS.admin2);

    await page.goto("/admin/sessions");
    const row = page.getByRole("row", { name: new RegExp(USERS.admin2.name) });
    await expect(row).toBeVisible();
    await row.getByRole("button", { name: `End sessions of ${USERS.admin2.name}` }).click();
    await expect(
      page.getByText(new RegExp(`Ended \\d+ sessions? of ${USERS.admin2.name}\\.`)),
    ).toBeVisible();
    await expect(row).toHaveCount(0);

    await other.reload();
    await expect(other).toHaveURL(/\/sign-in\?.*reason=ended/);
    await other.context().close();
  });

  test("an archivist is not shown the sessions", async ({ browser }) => {
    const context = await browser.newContext({ storageState: STORAGE.archivist });
    const page = await context.newPage();
    await page.goto("/admin/sessions");
    await expect(page.getByRole("heading", { name: "For administrators only" })).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);
    await context.close();
  });
});

test("the sign-in page, the open user menu and the sessions page pass axe (WCAG 2.1 AA)", async ({
  browser,
}) => {
  const signedOutPage = await freshPage(browser);
  await signedOutPage.goto("/sign-in?reason=ended");
  await expectNoSeriousA11yViolations(signedOutPage, "sign-in page with a message");
  await signedOutPage.context().close();

  const context = await browser.newContext({ storageState: STORAGE.admin });
  const page = await context.newPage();
  await page.goto("/admin/sessions");
  await expect(page.getByRole("heading", { level: 1, name: "Sessions" })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "sessions page");
  await openUserMenu(page);
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "open user menu");
  await context.close();
});

// Anything shaped like a JWT or JWE (three or five dot-separated base64url parts, JSON header).
const JWT_SHAPED = /eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+/;

test("no upstream token reaches the browser: cookies, storage, session payload, HTML or RSC", async ({
  browser,
}) => {
  // Twelve page loads and ten RSC reads, two users: 20 to 30 s on a busy two-core machine.
  test.setTimeout(90_000);
  const seen: { where: string; text: string }[] = [];
  for (const storageState of [STORAGE.archivist, STORAGE.admin]) {
    const context = await browser.newContext({ storageState });
    const page = await context.newPage();
    // RSC payloads of client-side navigations, as the browser receives them.
    page.on("response", async (response) => {
      if (response.request().headers()["rsc"] === "1") {
        seen.push({ where: `RSC ${response.url()}`, text: await response.text().catch(() => "") });
      }
    });
    for (const path of ["/", "/ingests", "/objects", "/admin/sessions", "/sign-in"]) {
      await page.goto(path);
      seen.push({ where: `HTML ${path}`, text: await page.content() });
      const rsc = await page.request.get(path, { headers: { RSC: "1" } });
      seen.push({ where: `RSC ${path}`, text: await rsc.text() });
    }
    await page.goto("/");
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Ingests", exact: true })
      .click();
    await expect(page).toHaveURL(/\/ingests$/);
    seen.push({
      where: "document.cookie, localStorage, sessionStorage",
      text: await page.evaluate(() =>
        [
          document.cookie,
          JSON.stringify({ ...localStorage }),
          JSON.stringify({ ...sessionStorage }),
        ].join("\n"),
      ),
    });
    seen.push({
      where: "/api/auth/session",
      text: await (await page.request.get("/api/auth/session")).text(),
    });
    // httpOnly cookies too: a token must not be in any cookie, readable or not.
    seen.push({
      where: "cookies",
      text: (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("\n"),
    });
    await context.close();
  }

  const held = await readHeldTokens();
  const secrets = held
    .flatMap((t) => [t.accessToken, t.refreshToken])
    .filter((s): s is string => !!s);
  // Without tokens to look for, the check below would prove nothing.
  expect(secrets.length).toBeGreaterThanOrEqual(2);
  for (const { where, text } of seen) {
    for (const secret of secrets)
      expect(text.includes(secret), `a held token appears in ${where}`).toBe(false);
    if (where !== "cookies")
      expect(text, `a JWT-shaped string appears in ${where}`).not.toMatch(JWT_SHAPED);
  }
});
