// The holdings catalogue as people meet it: a title typed at ingest shows on the status page, in
// the journal, in the holdings list and in a full-text search; an object another system preserved
// straight at the archive appears after a sync started from the admin page; a deleted package
// shows as deleted, with its reason, on every page that lists it.
import { randomBytes, randomUUID } from "node:crypto";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { childToken } from "@scriptorium/archive/testing";
import { signInThroughPages, STORAGE, USERS } from "./support/auth";
import { expectNoSeriousA11yViolations } from "./support/axe";

const DC = "http://purl.org/dc/elements/1.1/";
const ARCHIVE_URL = `http://localhost:${process.env.E2E_ARCHIVE_PORT ?? "4000"}`;
const b64 = (text: string) => Buffer.from(text).toString("base64");
// A word no other test uses, so a search finds this test's package alone.
const word = () => `zq${randomBytes(4).toString("hex")}`;

// Ingests one document with a Dublin Core title through the dashboard's route; returns the ids.
async function ingest(page: Page, title: string) {
  const packageId = `holdings-${randomUUID()}`;
  const response = await page.request.put("/api/ingest/document", {
    data: {
      profile: "default",
      packageId,
      document: { type: "BINARY", name: "minutes.txt", content: b64(`${title}\n`) },
      metadatas: [{ schema: DC, metadata: { title, description: "Notulen van de raad" } }],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { name: submissionName } = (await response.json()) as { name: string };
  return { packageId, submissionName };
}

async function waitIngested(page: Page, packageId: string, submissionName: string) {
  await page.goto(`/ingests/${packageId}/${submissionName}`);
  await expect(page.getByRole("status", { name: "Status: INGESTED" })).toBeVisible({
    timeout: 60_000,
  });
}

test.describe("as an archivist", () => {
  test.use({ storageState: STORAGE.archivist });

  test("the title typed at ingest names the package on the status page, the journal and the holdings", async ({
    page,
  }) => {
    // An ingest to INGESTED, then four pages: a long walk, not a slow step.
    test.slow();
    const unique = word();
    const title = `Board minutes ${unique}`;
    const { packageId, submissionName } = await ingest(page, title);

    await waitIngested(page, packageId, submissionName);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(title);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(packageId);

    await page.goto("/ingests");
    const journalRow = page.getByRole("row").filter({ hasText: packageId });
    await expect(journalRow).toContainText(title);
    // The profile by its one name, linked to its page.
    await expect(
      journalRow.getByRole("link", { name: "General business records" }),
    ).toHaveAttribute("href", "/profiles/urn%3Ascriptorium%3Aprofile%3Ageneral%3A1.0");

    await page.goto("/objects");
    await expect(page.getByRole("row").filter({ hasText: title })).toBeVisible();

    // Full-text search, by a word of the title typed in another case.
    await page
      .getByLabel("Search titles, descriptions, metadata and file names")
      .fill(unique.toUpperCase());
    await page
      .getByRole("search", { name: "Filter the holdings" })
      .getByRole("button", { name: "Search", exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`q=${unique.toUpperCase()}`));
    const rows = page.getByRole("row").filter({ hasText: unique });
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(title);
    await expect(rows.getByRole("link", { name: "General business records" })).toHaveAttribute(
      "href",
      "/profiles/urn%3Ascriptorium%3Aprofile%3Ageneral%3A1.0",
    );
    await expectNoSeriousA11yViolations(page, "the holdings searched");

    // The link leads to the object page, headed by the title.
    await rows.getByRole("link", { name: new RegExp(title) }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(title);
  });
});

test.describe("as an archivist, the sync", () => {
  test.use({ storageState: STORAGE.archivist });

  test("is for administrators only, on the page and on the server", async ({ page }) => {
    await page.goto("/admin/catalogue");
    await expect(page.getByRole("heading", { name: "For administrators only" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Sync now" })).toHaveCount(0);
    const started = await page.request.post("/api/admin/catalogue/sync", { data: {} });
    expect(started.status()).toBe(403);
    expect((await page.request.get("/api/admin/catalogue/sync")).status()).toBe(403);
  });
});

// A second administrator's page, for approving a deletion when four-eyes approval is on.
async function asSecondAdmin(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signInThroughPages(page, USERS.admin2, "/admin");
  return page;
}

test.describe("as an admin", () => {
  test.use({ storageState: STORAGE.admin });

  test("an object preserved straight at the archive appears after a sync started on the admin page", async ({
    page,
  }) => {
    const unique = word();
    const title = `Survey map ${unique}`;
    // Another system's script: its own client-credentials token, no dashboard involved.
    const token = await childToken(ARCHIVE_URL, "demo-admin", "demo-admin-secret");
    const dc = `<metadata xmlns:dc="${DC}"><dc:title>${title}</dc:title></metadata>`;
    const preserved = await fetch(`${ARCHIVE_URL}/preservation/PreservePO`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${token}`,
        "Content-Type": "application/json",
        "X-Vendor-Repository": "demo",
      },
      body: JSON.stringify({
        pro: "urn:scriptorium:profile:general:1.0",
        po: [
          { id: "map.txt", binaryData: { value: b64("A survey map.\n") } },
          { id: "dc.xml", formatId: DC, xmlData: { b64Content: b64(dc) } },
        ],
      }),
    });
    const { poId } = (await preserved.json()) as { poId: string };
    expect(poId).toBeTruthy();

    await page.goto(`/objects?q=${unique}`);
    await expect(page.getByText("No object matches")).toBeVisible();

    await page.goto("/admin/catalogue");
    await expect(page.getByRole("heading", { level: 1, name: "Catalogue sync" })).toBeVisible();
    await expectNoSeriousA11yViolations(page, "the catalogue sync page");
    const started = new Date();
    await page.getByRole("button", { name: "Sync now" }).click();
    // The run ends: the last run of the demo tenant is this one, and the button comes back.
    const last = page.getByTestId("sync-last-run-demo");
    await expect
      .poll(
        async () => {
          const when = await last.locator("time").getAttribute("datetime", { timeout: 1_000 });
          return when ? new Date(when).getTime() : 0;
        },
        { timeout: 120_000 },
      )
      .toBeGreaterThanOrEqual(started.getTime() - 1_000);
    await expect(last).toContainText("Last run finished");
    await expect(page.getByRole("button", { name: "Sync now" })).toBeEnabled();

    await page.goto(`/objects?q=${unique}`);
    const row = page.getByRole("row").filter({ hasText: title });
    await expect(row).toBeVisible();
    await expect(row).toContainText("Ingested");
  });

  test("a deleted package shows as deleted, with its reason, everywhere it is listed", async ({
    page,
    browser,
  }) => {
    // An ingest to INGESTED, a deletion, then seven pages: a long walk, not a slow step.
    test.slow();
    const unique = word();
    const title = `Annual report ${unique}`;
    const reason = `Scanned twice, ${unique}`;
    const { packageId, submissionName } = await ingest(page, title);
    await waitIngested(page, packageId, submissionName);

    const asked = await page.request.post("/api/admin/deletions", {
      data: { poId: packageId, mode: "OnlySubDOs", reason, confirm: packageId },
    });
    expect([200, 202], await asked.text()).toContain(asked.status());
    if (asked.status() === 202) {
      // Four-eyes approval is on: the package waits, and lists say so, until a second admin approves.
      const { request } = (await asked.json()) as { request: { id: string } };
      await page.goto(`/objects?q=${unique}`);
      await expect(page.getByRole("row").filter({ hasText: title })).toContainText(
        "Deletion requested",
      );
      const second = await asSecondAdmin(browser);
      const approved = await second.request.post(`/api/admin/deletions/${request.id}/approve`, {
        data: { comment: "Checked: it was scanned twice." },
      });
      expect(approved.status(), await approved.text()).toBe(200);
      await second.context().close();
    }

    // The object page: when, by whom and why, and the evidence that was kept.
    await page.goto(`/objects/${packageId}`);
    await expect(page.getByRole("heading", { name: "This object was deleted" })).toBeVisible();
    await expect(page.getByTestId("deleted-summary")).toContainText(`reason: ${reason}`);
    await expect(page.getByTestId("deleted-summary")).toContainText("by ");
    await expect(page.getByRole("button", { name: "Download the kept evidence" })).toBeVisible();
    await expect(page.getByText("This object is not in the archive")).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, "a deleted object's page with its deletion");

    // The holdings, filtered to deleted packages.
    await page.goto(`/objects?q=${unique}&state=deleted`);
    await expect(page.getByRole("row").filter({ hasText: title })).toContainText("Deleted");

    // The journal and its review queue.
    for (const path of ["/ingests", "/ingests?view=review"]) {
      await page.goto(path);
      const row = page.getByRole("row").filter({ hasText: packageId });
      if ((await row.count()) > 0) await expect(row).toContainText("Deleted");
    }
    await page.goto("/ingests");
    await expect(page.getByRole("row").filter({ hasText: packageId })).toContainText("Deleted");

    // The overview's recent activity.
    await page.goto("/");
    const recent = page.getByRole("listitem").filter({ hasText: packageId });
    await expect(recent).toContainText(title);
    await expect(recent).toContainText("Deleted");

    // The status page of the submission.
    await page.goto(`/ingests/${packageId}/${submissionName}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(title);
    await expect(page.getByText("Deleted", { exact: true }).first()).toBeVisible();
  });
});
