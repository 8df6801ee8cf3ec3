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

// Ingests one document with a Dublin Core title through the dashboard's route, as part of
// `batch` when given (the journal can then be narrowed to it); returns the ids.
async function ingest(page: Page, title: string, batch?: { id: string; item: string }) {
  const packageId = `holdings-${randomUUID()}`;
  const query = batch ? `?batch=${batch.id}&item=${encodeURIComponent(batch.item)}` : "";
  const response = await page.request.put(`/api/ingest/document${query}`, {
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

// A batch of one planned package, so the review queue can be narrowed to this test's package.
async function batchOfOne(page: Page, title: string) {
  const item = "minutes.txt";
  const response = await page.request.post("/api/batches", {
    data: { name: `Holdings ${title}`, profile: "default", items: [{ key: item, title }] },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { id: ((await response.json()) as { id: string }).id, item };
}

// The figure of the overview's "Deleted since" tile; the tile is shown only from 1.
async function deletedSince(page: Page): Promise<number> {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Recent activity" })).toBeVisible();
  const figure = page.getByRole("definition").filter({ hasText: /deleted since$/ });
  if ((await figure.count()) === 0) return 0;
  return Number.parseInt((await figure.innerText()).trim(), 10);
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
    // An ingest to INGESTED, a deletion, then nine pages: a long walk, not a slow step.
    test.slow();
    const unique = word();
    const title = `Annual report ${unique}`;
    const reason = `Scanned twice, ${unique}`;
    const batch = await batchOfOne(page, title);
    const { packageId, submissionName } = await ingest(page, title, batch);
    await waitIngested(page, packageId, submissionName);
    const deletedBefore = await deletedSince(page);

    // Unreviewed and ended, the package waits in the review queue (narrowed to its batch).
    await page.goto(`/ingests?view=review&batch=${batch.id}`);
    const queued = page.getByRole("row").filter({ hasText: packageId });
    await expect(queued).toContainText(title);
    await expect(queued).toContainText("INGESTED");
    await expect(queued.getByText("Deleted", { exact: true })).toHaveCount(0);

    const asked = await page.request.post("/api/admin/deletions", {
      data: { poId: packageId, mode: "OnlySubDOs", reason, confirm: packageId },
    });
    expect([200, 202], await asked.text()).toContain(asked.status());
    if (asked.status() === 202) {
      // Four-eyes approval is on (e2e/preservation.spec.ts switches it): the package waits, and
      // lists say so, until a second admin approves.
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

    // The holdings, searched and then filtered to deleted packages: title, state and reason.
    for (const path of [`/objects?q=${unique}`, `/objects?q=${unique}&state=deleted`]) {
      await page.goto(path);
      const row = page.getByRole("row").filter({ hasText: title });
      await expect(row, path).toHaveCount(1);
      await expect(row, path).toContainText("Deleted");
      await expect(row, path).toContainText(reason);
    }

    // The journal, and the review queue the package still waits in: the title and "Deleted".
    for (const path of ["/ingests", `/ingests?view=review&batch=${batch.id}`]) {
      await page.goto(path);
      const row = page.getByRole("row").filter({ hasText: packageId });
      await expect(row, path).toHaveCount(1);
      await expect(row, path).toContainText(title);
      await expect(row.getByText("Deleted", { exact: true }), path).toBeVisible();
    }

    // The overview: its recent activity names the package and says deleted, and the package is
    // counted among those deleted since.
    expect(await deletedSince(page)).toBe(deletedBefore + 1);
    const recent = page.getByRole("listitem").filter({ hasText: packageId });
    await expect(recent).toContainText(title);
    await expect(recent.getByText("Deleted", { exact: true })).toBeVisible();

    // The status page of the submission.
    await page.goto(`/ingests/${packageId}/${submissionName}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(title);
    await expect(page.getByText("Deleted", { exact: true }).first()).toBeVisible();

    // The audit log: the title beside the id, and the reason of the request.
    await page.goto(`/admin/audit?target=${packageId}`);
    const table = page.getByRole("table", { name: "Audit log entries, newest first" });
    const deletion = table.getByRole("row").filter({ hasText: "Deleted an object" });
    await expect(deletion).toContainText(title);
    await expect(deletion).toContainText(packageId);
    await expect(table.getByRole("row").filter({ hasText: "Asked for a deletion" })).toContainText(
      reason,
    );
    await expect(table.getByRole("row").filter({ hasText: "Ingested a package" })).toContainText(
      title,
    );
  });
});
