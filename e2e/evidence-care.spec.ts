// Fixity and evidence renewal in the dashboard: an admin renews an object's evidence from its page
// (audited, recorded in the archive's trace) and reads the fixity report; an archivist sees the
// object's last fixity check but no renew control, and every admin route refuses them.
import { expect, test, type Page } from "@playwright/test";
import { STORAGE } from "./support/auth";
import { expectNoSeriousA11yViolations } from "./support/axe";

async function preserve(page: Page): Promise<string> {
  const response = await page.request.post("/api/preservation/PreservePO", {
    data: {
      pro: "urn:scriptorium:profile:general:1.0",
      po: [
        {
          binaryData: { value: Buffer.from(`Evidence kept ${Date.now()}\n`).toString("base64") },
          id: "deed.txt",
        },
      ],
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { poId: string }).poId;
}

test.describe("as an archivist", () => {
  test.use({ storageState: STORAGE.archivist });

  test("sees the last fixity check, no renew control, and is refused renewal and the report", async ({
    page,
  }) => {
    const poId = await preserve(page);
    await page.goto(`/objects/${poId}`);
    await expect(page.getByRole("heading", { name: "Fixity and evidence renewal" })).toBeVisible();
    await expect(page.getByTestId("fixity-line")).toContainText(
      "Last fixity check: none recorded yet",
    );
    await expect(page.getByRole("button", { name: "Renew evidence" })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, "the object page's fixity line as an archivist");

    const renew = await page.request.post(`/api/objects/${poId}/evidence/renew`, {
      data: { mode: "timestamp" },
    });
    expect(renew.status()).toBe(403);
    expect((await page.request.get("/api/admin/fixity")).status()).toBe(403);
    await page.goto("/admin/fixity");
    await expect(page.getByRole("heading", { name: "For administrators only" })).toBeVisible();
    await expect(page.getByLabel("Fixity figures")).toHaveCount(0);
  });
});

test.describe("as an admin", () => {
  test.use({ storageState: STORAGE.admin });

  test("renews an object's evidence from its page; the trace and the audit log record it", async ({
    page,
  }) => {
    const poId = await preserve(page);
    await page.goto(`/objects/${poId}`);
    await page.getByLabel(/Hash-tree renewal/).check();
    await page.getByRole("button", { name: "Renew evidence" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Renewed the evidence" }),
    ).toContainText(/Renewed the evidence of 1 version\(s\): version 1, sha512 time-stamp at/);
    const trace = page.getByRole("list", { name: "Trace" });
    await expect(trace).toContainText("Evidence record renewed");
    await expect(trace).toContainText(/hash-tree renewal of \d+ evidence record/);
    await expectNoSeriousA11yViolations(page, "the object page after a renewal");

    const refused = await page.request.post(`/api/objects/${poId}/evidence/renew`, {
      data: { mode: "sideways" },
    });
    expect(refused.status()).toBe(400);

    await page.goto(`/admin/audit?action=evidence.renew&target=${encodeURIComponent(poId)}`);
    await expect(
      page.getByRole("table", { name: "Audit log entries, newest first" }).getByRole("row"),
    ).toHaveCount(2);
  });

  test("reads the fixity report: figures and failures", async ({ page }) => {
    await preserve(page);
    await page.goto("/admin");
    await page.getByRole("link", { name: "Fixity audits" }).click();
    await expect(page.getByRole("heading", { name: "Fixity audits", level: 1 })).toBeVisible();
    const figures = page.getByLabel("Fixity figures");
    await expect(figures.getByRole("term")).toHaveText([
      "Checked",
      "Passed",
      "Failed",
      "Not yet checked",
      "Throughput",
    ]);
    // The numbers are the archive's: the object just preserved is not checked yet (the e2e
    // archive audits weekly), and every checked object passed or failed.
    const answer = await page.request.get("/api/admin/fixity");
    expect(answer.status()).toBe(200);
    const { report } = (await answer.json()) as {
      report: {
        objects: number;
        checked: number;
        passed: number;
        failed: number;
        notChecked: number;
        throughputMiBps?: number;
      };
    };
    expect(report.notChecked).toBeGreaterThanOrEqual(1);
    expect(report.checked).toBe(report.passed + report.failed);
    expect(report.notChecked).toBe(report.objects - report.checked);
    await expect(figures.getByRole("definition")).toHaveText([
      String(report.checked),
      String(report.passed),
      String(report.failed),
      String(report.notChecked),
      report.throughputMiBps !== undefined ? `${report.throughputMiBps} MiB/s` : "–",
    ]);
    await expect(page.getByText(/Every object is checked again every \d+ hours/)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Failures" })).toBeVisible();
    await expectNoSeriousA11yViolations(page, "the fixity report");
  });
});
