// Batch ingest as an archivist uses it: a folder of twelve files with a spreadsheet that has one
// bad row, the row named and fixed in place, the packages sent with a reload in the middle, every
// package INGESTED exactly once and its title from the spreadsheet in the journal.
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Page, type Route } from "@playwright/test";
import { zipSync } from "fflate";
import { expectNoSeriousA11yViolations } from "./support/axe";

const COUNT = 12;
const names = Array.from(
  { length: COUNT },
  (_, i) => `letter-${String(i + 1).padStart(2, "0")}.txt`,
);

// Windows-1252, semicolons, CRLF: the spreadsheet as Excel on a European Windows saves it.
function spreadsheet(): Buffer {
  const rows = names.map((name, i) => {
    const date = i === 6 ? "2024-13-45" : `2024-01-${String(i + 1).padStart(2, "0")}`;
    return `${name};Lettre n°${i + 1} de l’été;${date}`;
  });
  const text = ["filename;dc.title;dc.date", ...rows, "", ""].join("\r\n");
  return Buffer.from([...text].map((c) => (c === "’" ? 0x92 : c.charCodeAt(0))));
}

async function folderOfLetters(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), "batch-e2e-"));
  const folder = path.join(root, "letters");
  await import("node:fs/promises").then((fs) => fs.mkdir(folder));
  for (const name of names) await writeFile(path.join(folder, name), `The text of ${name}.\n`);
  return folder;
}

const counted = (page: Page, label: string) => page.locator(`dt:text-is("${label}") + dd`);

test("a folder and a spreadsheet with one bad row: named, fixed in place, sent once each through a reload", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.goto("/batch");
  await expect(page.getByRole("heading", { level: 1, name: "Batch ingest" })).toBeVisible();
  await expect(page.getByLabel("Folder to send")).toBeEnabled();
  await page.getByLabel("Folder to send").setInputFiles(await folderOfLetters());
  await page.getByLabel("Metadata spreadsheet").setInputFiles({
    name: "metadata.csv",
    mimeType: "text/csv",
    buffer: spreadsheet(),
  });
  await expect(page.getByText("12 rows · windows-1252 · delimiter “;”")).toBeVisible();

  // The preview names the bad row, its file and the field; nothing can be sent yet.
  const problem = page.getByText("Row 8 (letter-07.txt): Date:");
  await expect(problem).toBeVisible();
  const send = page.getByRole("button", { name: `Send ${COUNT} packages` });
  await expect(send).toBeDisabled();
  await expectNoSeriousA11yViolations(page, "the batch preview with a problem");
  await page.getByLabel("Row 8, dc.date").fill("2024-07-07");
  await expect(problem).toBeHidden();
  await expect(page.getByText("Lettre n°7 de l’été")).toBeVisible();

  // Every package the server accepted (201), by its key, across the reload: sent alone
  // (PUT /api/ingest/document?item=) or with others (POST /api/batches/<id>/packages, an outcome
  // per package). Before the reload the answers reach the page late: packages are taken by the
  // server while the page goes away without their answer, the case that would send a file twice.
  const accepted = new Map<string, number>();
  const sends = /\/api\/(ingest\/document$|batches\/[^/]+\/packages$)/;
  const count = async (response: { url(): string; status(): number; text(): Promise<string> }) => {
    const accept = (item: string) => accepted.set(item, (accepted.get(item) ?? 0) + 1);
    const url = new URL(response.url());
    if (url.pathname.endsWith("/packages")) {
      if (response.status() !== 200) return;
      const { outcomes } = JSON.parse(await response.text()) as {
        outcomes: { item: string; ok: boolean; status: number }[];
      };
      for (const o of outcomes) if (o.ok && o.status === 201) accept(o.item);
    } else if (response.status() === 201) accept(url.searchParams.get("item") ?? "");
  };
  const delayed = new WeakSet<object>();
  const counting: Promise<void>[] = [];
  page.on("response", (response) => {
    const request = response.request();
    const path = new URL(response.url()).pathname;
    if (sends.test(path) && request.method() !== "GET" && !delayed.has(request))
      counting.push(count(response).catch(() => {}));
  });
  const held = async (route: Route) => {
    delayed.add(route.request());
    const response = await route.fetch();
    await count({
      url: () => route.request().url(),
      status: () => response.status(),
      text: () => response.text(),
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.fulfill({ response }).catch(() => {});
  };
  await page.route("**/api/ingest/document?*", held);
  await page.route("**/api/batches/*/packages", held);
  await send.click();
  await expect(page.getByText("letters", { exact: true })).toBeVisible();
  await expect.poll(() => accepted.size, { timeout: 60_000 }).toBeGreaterThanOrEqual(3);
  await page.unroute("**/api/ingest/document?*");
  await page.unroute("**/api/batches/*/packages");
  await page.reload();

  await expect(counted(page, "Ingested")).toHaveText(String(COUNT), { timeout: 120_000 });
  await expect(page.getByText("The batch is over.")).toBeVisible();
  await expect(counted(page, "Failed")).toHaveText("0");
  await Promise.all(counting);
  expect(accepted.size).toBe(COUNT);
  for (const [item, times] of accepted) expect(times, `${item} was accepted once`).toBe(1);

  // The journal, filtered by the batch, holds twelve submissions: no package went in twice.
  const batchLink = page.getByRole("link", { name: "This batch in the journal" });
  const batchId = new URL(
    await batchLink.getAttribute("href").then((h) => `http://x${h}`),
  ).searchParams.get("batch");
  const journal = await page.request.get(`/api/ingests?batch=${batchId}`);
  const entries = ((await journal.json()) as { entries: { packageId: string }[] }).entries;
  expect(entries).toHaveLength(COUNT);
  expect(new Set(entries.map((e) => e.packageId)).size).toBe(COUNT);

  await expectNoSeriousA11yViolations(page, "the finished batch");
  await batchLink.click();
  await expect(page.getByRole("heading", { level: 1, name: "Ingests" })).toBeVisible();
  await expect(page.getByText("Lettre n°7 de l’été")).toBeVisible();
  await expect(page.getByText("Lettre n°12 de l’été")).toBeVisible();
});

// A zip of two folders with its spreadsheet inside, as a department sends it: read in the browser,
// one package per folder, an id the archive already has named before anything is sent.
test("a zip of folders with its spreadsheet inside: planned per folder, a taken id refused, sent from the zip", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const taken = `e2e-taken-${Date.now()}`;
  const earlier = await page.request.put("/api/ingest/document", {
    data: {
      profile: "default",
      packageId: taken,
      document: { type: "BINARY", name: "earlier.txt", content: btoa("earlier") },
      metadatas: [],
    },
  });
  expect(earlier.status()).toBe(201);

  const text = (s: string) => new TextEncoder().encode(s);
  const zip = zipSync({
    "box-12/metadata.csv": text(
      `filename,dc.title,packageId\nletters,Letters of 1900,\nmaps,Maps of the estate,${taken}\n`,
    ),
    // Deflated and stored entries, in folders.
    "box-12/letters/a-letter.txt": [text("Dear sir, ".repeat(500)), { level: 6 }],
    "box-12/letters/b-letter.txt": [text("Dear madam."), { level: 0 }],
    "box-12/maps/c-map.txt": text("A map of the estate."),
  });

  await page.goto("/batch");
  await expect(page.getByLabel("Files to send")).toBeEnabled();
  await page.getByLabel("Files to send").setInputFiles({
    name: "box-12.zip",
    mimeType: "application/zip",
    buffer: Buffer.from(zip),
  });
  await expect(page.getByRole("heading", { name: "2 packages" })).toBeVisible();
  await expect(page.getByText("Every file is inside one of 2 subfolders")).toBeVisible();
  const problem = page.getByText(`Row 3: the package id "${taken}" is already taken`);
  await expect(problem).toBeVisible();
  const send = page.getByRole("button", { name: "Send 2 packages" });
  await expect(send).toBeDisabled();

  await page.getByLabel("Row 3, packageId").fill(`${taken}-maps`);
  await expect(problem).toBeHidden();
  await expect(send).toBeEnabled();
  await send.click();
  await expect(page.getByText("box-12", { exact: true })).toBeVisible();
  await expect(counted(page, "Ingested")).toHaveText("2", { timeout: 120_000 });
  await expect(counted(page, "Failed")).toHaveText("0");
});
