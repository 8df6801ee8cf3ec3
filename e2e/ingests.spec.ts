// The ingest journal, metadata updates and the review queue against the embedded archive.
// Packages are submitted through the dashboard's API (as the wizard does) to keep the specs short.
import { randomBytes, randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { STORAGE } from "./support/auth";
import { expectNoSeriousA11yViolations } from "./support/axe";

const DC = "http://purl.org/dc/elements/1.1/";

interface Sip {
  packageId: string;
  name: string;
}

const statusPath = (sip: Sip) =>
  `/ingests/${encodeURIComponent(sip.packageId)}/${encodeURIComponent(sip.name)}`;

// PUT /api/ingest/document as the wizard sends it; `bytes` decide the plugins' verdicts.
async function ingest(
  request: APIRequestContext,
  options: {
    profile?: string;
    title?: string;
    packageId?: string;
    bytes?: Buffer;
    metadatas?: unknown[];
  },
): Promise<Sip> {
  const response = await request.put("/api/ingest/document", {
    data: {
      profile: options.profile ?? "default",
      packageId: options.packageId ?? `e2e-${randomUUID()}`,
      document: {
        type: "BINARY",
        name: "record.txt",
        content: (options.bytes ?? Buffer.from("A plain record.\n")).toString("base64"),
      },
      metadatas: options.metadatas ?? [
        { schema: DC, metadata: { title: options.title ?? "A record" } },
      ],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Sip;
}

// A SIP whose metadata file (uploaded first, so only the pipeline reads it) fails validation.
async function ingestFailing(request: APIRequestContext, profile: string): Promise<Sip> {
  const grant = (await (await request.get("/api/ingest/url")).json()) as {
    url: string;
    key: string;
  };
  expect((await request.put(grant.url, { data: Buffer.from("{}") })).status()).toBe(200);
  return ingest(request, {
    profile,
    metadatas: [{ schema: DC, file: { type: "S3", content: grant.key, name: "dc.json" } }],
  });
}

// Waits until the archive has finished the SIP (reading it also brings the journal up to date).
async function finished(request: APIRequestContext, sip: Sip): Promise<string> {
  let status = "";
  await expect
    .poll(
      async () => {
        const answer = await request.get(
          `/api/ingest/sip/${encodeURIComponent(sip.packageId)}/${encodeURIComponent(sip.name)}?enrichers=pluginreports`,
        );
        status = ((await answer.json()) as { status?: string }).status ?? "";
        return ["INGESTED", "FAILED"].includes(status);
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  return status;
}

const rowOf = (page: Page, sip: Sip) =>
  page
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: new RegExp(sip.packageId) }) });

test.describe("an archivist", () => {
  test.use({ storageState: STORAGE.archivist });

  test("finds their submission in the journal with its last known status, and filters by status", async ({
    page,
  }) => {
    const sip = await ingest(page.request, { title: "Journal entry" });
    await page.goto("/ingests");
    const row = rowOf(page, sip);
    // The journal asks the archive about unfinished rows, so even an unwatched SIP shows its end.
    await expect(async () => {
      await page.reload();
      await expect(row.getByText("INGESTED")).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    await expect(page.getByRole("columnheader", { name: "Submitted by" })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, "the archivist's journal");

    await page.getByLabel("Status").selectOption("FAILED");
    await expect(page).toHaveURL(/status=FAILED/);
    await expect(row).toHaveCount(0);
    await page.getByLabel("Status").selectOption("INGESTED");
    await expect(row).toBeVisible();
    await row.getByRole("link", { name: new RegExp(sip.packageId) }).click();
    await expect(page).toHaveURL(statusPath(sip));
    await expect(page.getByRole("status", { name: "Status: INGESTED" })).toBeVisible();
  });

  test("a profile has one name: the wizard's, the journal's, and its page's, which the journal links to", async ({
    page,
  }) => {
    await page.goto("/ingest");
    await expect(page.getByLabel("Profile")).toContainText("General business records (7 years)");
    await page.getByLabel("Profile").selectOption({ label: "General business records (7 years)" });
    await expect(page.getByText(/Identifier: default\./)).toBeVisible();

    const sip = await ingest(page.request, { title: "One name" });
    await page.goto("/ingests?profile=default");
    await expect(page.getByLabel("Profile")).toContainText("General business records (default)");
    const profile = rowOf(page, sip).getByRole("link", { name: "General business records" });
    await expect(
      rowOf(page, sip).getByRole("cell", { name: /General business records default/ }),
    ).toBeVisible();
    await profile.click();
    await expect(page).toHaveURL("/profiles/urn%3Ascriptorium%3Aprofile%3Ageneral%3A1.0");
    await expect(
      page.getByRole("heading", { level: 1, name: "General business records" }),
    ).toBeVisible();
    await expect(
      page.getByText(
        "Packages sent with Ingest under the ingest profile General business records (default, 7 years) are preserved under this profile.",
      ),
    ).toBeVisible();
  });

  test("updates a package's metadata from its current values, which makes a new version", async ({
    page,
  }) => {
    const sip = await ingest(page.request, { title: "Original title" });
    await finished(page.request, sip);
    await page.goto(`/packages/${encodeURIComponent(sip.packageId)}`);
    // The page opens on the current values; the forms come on request.
    await expect(page.getByRole("region", { name: "Current metadata" })).toContainText(
      "Original title",
    );
    await expectNoSeriousA11yViolations(page, "the package metadata page");
    await page.getByRole("button", { name: "Edit the metadata" }).click();
    const title = page.getByRole("region", { name: /^Package metadata 1/ }).getByLabel("Title");
    await expect(title).toHaveValue("Original title");
    await expectNoSeriousA11yViolations(page, "the package metadata editor");

    await title.fill("Revised title");
    await page.getByRole("button", { name: "Send the new metadata" }).click();
    // The new version's SIP is accepted before the page moves on: more than 5 s on a loaded machine.
    await expect(page).toHaveURL(/\/ingests\/[^/]+\/sip-2$/, { timeout: 30_000 });
    await expect(page.getByRole("status", { name: "Status: INGESTED" })).toBeVisible({
      timeout: 60_000,
    });
    await page.getByRole("checkbox", { name: /^Summary/ }).check();
    const summary = page.getByRole("region", { name: "Summary" });
    await expect(summary.getByRole("definition").filter({ hasText: /^2$/ })).toBeVisible();
    await expect(page.getByRole("region", { name: "Metadata" })).toContainText("Revised title");
    // The first version is kept, with its own metadata.
    await page.goto(statusPath(sip));
    await expect(page.getByRole("region", { name: "Metadata" })).toContainText("Original title");
  });

  test("keeps the last known status while the connection is down, shows an unknown status as sent, and reconnects by itself", async ({
    page,
  }) => {
    const sip = await ingest(page.request, { title: "A dropped connection" });
    // The first stream says QUARANTINED (a status the dashboard does not know) and ends, as a
    // dropped connection does; the network then stays down until `online`.
    let streams = 0;
    let online = false;
    await page.route(/\/events$/, async (route) => {
      streams++;
      if (streams === 1) {
        const now = new Date().toISOString();
        const snapshot = {
          packageId: sip.packageId,
          submissionName: sip.name,
          status: "QUARANTINED",
          terminal: false,
          submissionDate: now,
          pluginReports: [],
          history: [{ status: "QUARANTINED", at: now }],
          checkedAt: now,
        };
        return route.fulfill({
          status: 200,
          headers: { "content-type": "text/event-stream" },
          body: `retry: 500\n\nevent: snapshot\ndata: ${JSON.stringify({ type: "snapshot", snapshot })}\n\n`,
        });
      }
      return online ? route.continue() : route.abort("internetdisconnected");
    });
    await page.goto(statusPath(sip));
    await expect(page.getByRole("status", { name: "Status: QUARANTINED" })).toBeVisible();
    await expect(page.getByText("in progress", { exact: true })).toBeVisible();
    await expect(
      page.getByText(/^Connection lost: showing the last known status while reconnecting/),
    ).toBeVisible();
    await expect(page.getByRole("status", { name: "Status: QUARANTINED" })).toBeVisible();
    await expect.poll(() => streams).toBeGreaterThan(2);

    online = true;
    await expect(page.getByRole("status", { name: "Status: INGESTED" })).toBeVisible({
      timeout: 60_000,
    });
    await expect(
      page.getByText(/^Finished: the archive will not change this status any more/),
    ).toBeVisible();
  });

  test("cannot open the review queue", async ({ page }) => {
    const response = await page.request.get("/api/ingests?view=review");
    expect(response.status()).toBe(403);
    await page.goto("/ingests?view=review");
    await expect(page.getByRole("navigation", { name: "Journal views" })).toHaveCount(0);
  });
});

test.describe("an admin", () => {
  test.use({ storageState: STORAGE.admin });

  test("works the review queue, failures before warnings, and each review lands in the audit log", async ({
    page,
  }) => {
    // Research data is a profile only this test uses, so the queue filtered by it holds just these.
    const warned = await ingest(page.request, {
      profile: "research-data",
      bytes: randomBytes(4096),
    });
    const failed = await ingestFailing(page.request, "research-data");
    expect(await finished(page.request, warned)).toBe("INGESTED");
    expect(await finished(page.request, failed)).toBe("FAILED");

    await page.goto("/ingests");
    await page.getByRole("link", { name: "Review queue" }).click();
    await expect(page.getByRole("link", { name: "Review queue" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    // The profile by its name, as the ingest wizard shows it, the identifier beside it.
    await expect(page.getByLabel("Profile")).toContainText("Research data (research-data)");
    await page.getByLabel("Profile").selectOption("research-data");
    await expect(
      rowOf(page, failed).getByRole("cell", { name: "Research data research-data" }),
    ).toBeVisible();
    await expect(rowOf(page, failed).getByRole("link", { name: "Research data" })).toHaveAttribute(
      "href",
      "/profiles/urn%3Ascriptorium%3Aprofile%3Aresearch-data%3A1.0",
    );
    await expect(
      page.getByRole("table", {
        name: "Finished submissions waiting for review, most serious first",
      }),
    ).toBeVisible();
    const rows = page.getByRole("row");
    await expect(rowOf(page, failed)).toBeVisible();
    const order = await rows.allTextContents();
    const at = (sip: Sip) => order.findIndex((text) => text.includes(sip.packageId));
    expect(at(failed)).toBeLessThan(at(warned));
    await expect(rowOf(page, failed).getByText("FAILURE")).toBeVisible();
    await expect(rowOf(page, warned).getByText("WARNING")).toBeVisible();
    await expectNoSeriousA11yViolations(page, "the review queue");

    const note = `Metadata file was empty; asked the submitter to resend (${randomUUID().slice(0, 8)}).`;
    await rowOf(page, failed)
      .getByRole("button", { name: /^Mark .* reviewed$/ })
      .click();
    const dialog = page.getByRole("dialog", { name: "Mark reviewed" });
    // Cancelled, it gives focus back to the row's button, which opens it again.
    const markFailed = rowOf(page, failed).getByRole("button", { name: /^Mark .* reviewed$/ });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(markFailed).toBeFocused();
    await page.keyboard.press("Enter");
    await expectNoSeriousA11yViolations(page, "the review dialog");
    await dialog.getByLabel("Note").fill(note);
    await dialog.getByRole("button", { name: "Mark reviewed" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(rowOf(page, failed)).toHaveCount(0);

    await rowOf(page, warned)
      .getByRole("button", { name: /^Mark .* reviewed$/ })
      .click();
    await dialog.getByLabel("Note").fill("Format warning is expected for random test data.");
    await dialog.getByRole("button", { name: "Mark reviewed" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(rowOf(page, warned)).toHaveCount(0);

    await page.getByRole("link", { name: "All submissions" }).click();
    await expect(rowOf(page, failed)).toContainText(`Reviewed by Alan Admin: ${note}`);
    const audit = await page.request.get(
      `/api/admin/audit?action=ingest.review&target=${encodeURIComponent(failed.packageId)}`,
    );
    expect(audit.status()).toBe(200);
    expect(await audit.json()).toMatchObject({
      entries: [
        { action: "ingest.review", actorName: "Alan Admin", outcome: "success", detail: { note } },
      ],
    });
  });

  test("filters everyone's submissions by who submitted them", async ({ page, browser }) => {
    const mine = await ingest(page.request, { title: "The admin's own" });
    const archivist = await browser.newContext({ storageState: STORAGE.archivist });
    const theirs = await ingest(archivist.request, { title: "The archivist's" });
    await archivist.close();

    await page.goto("/ingests");
    await expect(rowOf(page, mine)).toBeVisible();
    await expect(rowOf(page, theirs)).toContainText("Ada Archivist");
    await page.getByLabel("Submitted by").selectOption({ label: "Ada Archivist" });
    await expect(rowOf(page, theirs)).toBeVisible();
    await expect(rowOf(page, mine)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, "the admin's journal");
  });
});
