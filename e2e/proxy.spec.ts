import { expect, test } from "@playwright/test";
import { STORAGE } from "./support/auth";

// What a browser sees of the proxy to the archive: role and origin refusals, security headers.

// Routes only an administrator may use, with a body each would accept from one.
const ADMIN_ONLY = [
  {
    method: "POST",
    path: "/api/preservation/DeletePO",
    body: { poId: "e2e-not-there", mod: "OnlySubDOs", reason: "e2e" },
  },
  { method: "GET", path: "/api/admin/audit" },
  { method: "GET", path: "/api/admin/deletions" },
  { method: "GET", path: "/api/admin/settings" },
] as const;

test.describe("an archivist", () => {
  test.use({ storageState: STORAGE.archivist });

  for (const route of ADMIN_ONLY) {
    test(`gets 403 from ${route.method} ${route.path}`, async ({ page, baseURL }) => {
      const response = await page.request.fetch(route.path, {
        method: route.method,
        // Sent as the dashboard's own pages send it.
        headers: { origin: new URL(baseURL ?? "").origin },
        ...("body" in route ? { data: route.body } : {}),
      });
      expect(response.status()).toBe(403);
      expect(await response.json()).toMatchObject({
        error: { code: "FORBIDDEN", message: "Only an administrator may do this." },
      });
    });
  }
});

test.describe("a cross-site request", () => {
  test.use({ storageState: STORAGE.admin });

  test("with the admin's cookies and another site's Origin gets 403", async ({ page }) => {
    const response = await page.request.post("/api/preservation/DeletePO", {
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      data: { poId: "e2e-not-there", mod: "OnlySubDOs", reason: "cross-site" },
    });
    expect(response.status()).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: "CROSS_SITE" } });
  });

  test("posted by a form on another page gets 403", async ({ page, baseURL }) => {
    // A page of no origin posting a form: the browser itself sets Origin and Sec-Fetch-Site.
    await page.setContent(`
      <form method="post" enctype="text/plain" action="${baseURL}/api/preservation/DeletePO">
        <input type="hidden" name='{"poId":"e2e-not-there","x":"' value='"}'>
        <button>Send</button>
      </form>`);
    const answer = page.waitForResponse((r) => r.url().endsWith("/api/preservation/DeletePO"));
    await page.getByRole("button", { name: "Send" }).click();
    const response = await answer;
    expect(response.status()).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: "CROSS_SITE" } });
  });
});

test.describe("security headers", () => {
  test.use({ storageState: STORAGE.archivist });

  test("a page carries a nonce CSP, its scripts the nonce, and nothing is refused", async ({
    page,
  }) => {
    const refused: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    const headers = response?.headers() ?? {};
    const csp = headers["content-security-policy"] ?? "";
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
    expect(nonce, csp).toBeTruthy();
    expect(csp).toContain("'strict-dynamic'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/connect-src 'self' https?:\/\/\S+/);
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["permissions-policy"]).toContain("camera=()");
    expect(headers["strict-transport-security"]).toContain("max-age=");

    // Every script of the server's HTML carries this response's nonce (those the page adds later
    // are trusted through 'strict-dynamic'), so the page comes alive.
    const scripts = (await response?.text())?.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    await expect(page.getByRole("button", { name: /^User menu: / })).toBeVisible();
    expect(refused).toEqual([]);

    // A second visit gets a new nonce.
    const again = await page.goto("/");
    expect(again?.headers()["content-security-policy"]).not.toContain(`'nonce-${nonce}'`);
  });

  test("a page's scripts arrive in brotli from the build's copies, with the same headers", async ({
    page,
  }) => {
    const scripts: { url: string; headers: Record<string, string> }[] = [];
    page.on("response", (response) => {
      if (new URL(response.url()).pathname.startsWith("/_next/static/chunks/")) {
        scripts.push({ url: response.url(), headers: response.headers() });
      }
    });
    await page.goto("/");
    await expect(page.getByRole("button", { name: /^User menu: / })).toBeVisible();
    expect(scripts.length).toBeGreaterThan(3);
    for (const { url, headers } of scripts) {
      expect(headers["content-encoding"], url).toBe("br");
      expect(headers["cache-control"], url).toContain("immutable");
      expect(headers["x-content-type-options"], url).toBe("nosniff");
      expect(headers["strict-transport-security"], url).toContain("max-age=");
    }
  });

  test("an API answer carries the headers but no page CSP", async ({ page }) => {
    const response = await page.request.get("/api/ingest/url");
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
    expect(response.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(response.headers()["content-security-policy"]).toBeUndefined();
  });
});
