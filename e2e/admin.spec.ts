// Admin-only features, enforced on the server: an archivist sees no delete control and is refused
// by every admin route; an admin filters the audit log and exports it as CSV and JSON.
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { STORAGE, USERS } from "./support/auth";
import { expectNoSeriousA11yViolations } from "./support/axe";

async function preserve(page: Page): Promise<string> {
  const response = await page.request.post("/api/preservation/PreservePO", {
    data: {
      pro: "urn:scriptorium:profile:general:1.0",
      po: [
        {
          binaryData: { value: Buffer.from("Kept for the admin tests.\n").toString("base64") },
          id: "kept.txt",
        },
      ],
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { poId: string }).poId;
}

test.describe("as an archivist", () => {
  test.use({ storageState: STORAGE.archivist });

  test("there is no delete control, and the routes refuse deletion with 403", async ({ page }) => {
    const poId = await preserve(page);
    await page.goto(`/objects/${poId}`);
    await expect(page.getByLabel("Preview of kept.txt")).toHaveText("Kept for the admin tests.\n");
    await expect(page.getByRole("heading", { name: "Add a version" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Delete object" })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, "the object page as an archivist");

    const request = {
      poId,
      mode: "OnlySubDOs",
      reason: "An archivist tries to delete",
      confirm: poId,
    };
    const asked = await page.request.post("/api/admin/deletions", { data: request });
    expect(asked.status()).toBe(403);
    expect(((await asked.json()) as { error: { code: string } }).error.code).toBe("FORBIDDEN");
    expect(
      (await page.request.post("/api/preservation/DeletePO", { data: { poId } })).status(),
    ).toBe(403);
    expect(
      (await page.request.put("/api/admin/settings", { data: { fourEyes: false } })).status(),
    ).toBe(403);
    expect((await page.request.get("/api/admin/audit/export?format=csv")).status()).toBe(403);

    // Still there.
    await page.reload();
    await expect(page.getByLabel("Preview of kept.txt")).toBeVisible();
  });

  test("a refused deletion of a named object names it in the audit log", async ({
    page,
    browser,
  }) => {
    const poId = await preserve(page);
    const refused = await page.request.post("/api/preservation/DeletePO", {
      data: { poId, mod: "OnlySubDOs", reason: "An archivist tries to delete" },
    });
    expect(refused.status()).toBe(403);

    const admin = await browser.newContext({ storageState: STORAGE.admin });
    try {
      const audit = await admin.newPage();
      await audit.goto(`/admin/audit?outcome=denied&target=${encodeURIComponent(poId)}`);
      await expect(audit.getByText("1 entry shown")).toBeVisible();
      const row = audit
        .getByRole("table", { name: "Audit log entries, newest first" })
        .getByRole("row")
        .nth(1);
      await expect(row).toContainText("Deleted an object");
      await expect(row).toContainText(USERS.archivist.name);
      await expect(row).toContainText(poId);
    } finally {
      await admin.close();
    }
  });

  test("the navigation offers no Admin section", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Objects" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Admin" })).toHaveCount(0);
  });

  test("the admin pages say they are for administrators only", async ({ page }) => {
    for (const path of ["/admin", "/admin/audit"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: "For administrators only" })).toBeVisible();
      await expect(page.getByRole("table")).toHaveCount(0);
    }
    await expectNoSeriousA11yViolations(page, "the audit page as an archivist");
  });
});

test.describe("as an admin", () => {
  test.use({ storageState: STORAGE.admin });

  test("the navigation leads to the Admin section", async ({ page }) => {
    await page.goto("/");
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Admin" })
      .click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(
      page.getByRole("switch", { name: "Require a second administrator to approve deletions" }),
    ).toBeVisible();
  });

  test("the audit log filters by action, outcome and target", async ({ page }) => {
    const poId = await preserve(page);
    await page.goto("/admin/audit");
    const table = page.getByRole("table", { name: "Audit log entries, newest first" });
    await expect(table.getByRole("row").nth(1)).toBeVisible();
    await expectNoSeriousA11yViolations(page, "the audit log");

    await page.getByLabel("Action").selectOption("object.preserve");
    await page.getByLabel("Target").fill(poId);
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/action=object\.preserve/);
    await expect(page.getByText("1 entry shown")).toBeVisible();
    const row = table.getByRole("row").nth(1);
    await expect(row).toContainText("Preserved objects");
    await expect(row).toContainText(poId);
    await expect(row).toContainText(USERS.admin.name);

    await page.getByLabel("Outcome").selectOption("denied");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page.getByText("No entry matches these filters.")).toBeVisible();
  });

  test("the filtered audit log exports as CSV and JSON", async ({ page }) => {
    const poId = await preserve(page);
    await page.goto(`/admin/audit?target=${poId}`);
    await expect(page.getByText("1 entry shown")).toBeVisible();

    const csvDownload = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export as CSV" }).click();
    const csv = await readFile(await (await csvDownload).path(), "utf8");
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toBe("id,at,actorId,actorName,tenant,action,target,outcome,detail");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,object.preserve,${poId},success,`);

    const jsonDownload = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export as JSON" }).click();
    const entries = JSON.parse(await readFile(await (await jsonDownload).path(), "utf8")) as {
      action: string;
      target: string;
    }[];
    expect(entries).toEqual([expect.objectContaining({ action: "object.preserve", target: poId })]);
  });

  test("the audit log has no way to change or remove an entry", async ({ page }) => {
    await page.goto("/admin/audit");
    await expect(
      page.getByRole("table", { name: "Audit log entries, newest first" }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: /delete|remove|edit/i })).toHaveCount(0);
  });
});
