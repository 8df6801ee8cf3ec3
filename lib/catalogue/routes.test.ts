// GET /api/catalogue and GET /api/catalogue/export as the browser calls them: the filters, sort
// and page come from the address, and only the session's tenant is ever listed or exported.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as exportHoldings } from "@/app/api/catalogue/export/route";
import { GET as listHoldings } from "@/app/api/catalogue/route";
import {
  APP_ORIGIN,
  invoke,
  sessionOf,
  startHarness,
  type Harness,
} from "@/lib/api/testing/harness";
import { getDb } from "@/lib/db";
import { resetServer } from "@/lib/server/container";
import type { HoldingsPage } from "./holdings-query";
import type { CatalogueFacts } from "./merge";
import { recordFacts } from "./store";

let harness: Harness;
let dataDir: string;

const pdf = { name: "minutes.pdf", puid: "fmt/95", mimeType: "application/pdf", formatName: null };
const tiff = { name: "scan.tif", puid: "fmt/353", mimeType: "image/tiff", formatName: null };

function object(tenant: string, poId: string, extra: Partial<CatalogueFacts>): CatalogueFacts {
  return { tenant, poId, state: "ingested", fromArchive: true, details: true, ...extra };
}

beforeAll(async () => {
  // The routes open the server's database (lib/db): a scratch PGlite folder for this file.
  dataDir = await mkdtemp(path.join(tmpdir(), "scriptorium-catalogue-routes-"));
  process.env.DASHBOARD_DATA_DIR = dataDir;
  resetServer();
  // No upstream call is made: the catalogue answers from the dashboard's own database.
  harness = await startHarness({ archiveUrl: "http://127.0.0.1:9", mode: "service" });
  await recordFacts(await getDb(), [
    object("demo", "minutes-2024", {
      title: "Board minutes 2024",
      files: [{ ...pdf, size: 2_000 }],
      createdAt: new Date("2024-03-05T10:00:00Z"),
      submittedBy: { id: "archivist", name: "Ada Archivist" },
    }),
    object("demo", "minutes-2023", {
      title: "Board minutes 2023",
      files: [{ ...tiff, size: 9_000 }],
      createdAt: new Date("2023-03-05T10:00:00Z"),
      submittedBy: { id: "admin", name: "Alan Admin" },
    }),
    object("demo", "minutes-2022", {
      title: "Board minutes 2022",
      files: [{ ...pdf, size: 1_000 }],
      createdAt: new Date("2022-03-05T10:00:00Z"),
      submittedBy: { id: "archivist", name: "Ada Archivist" },
      state: "deleted",
      deletion: { at: new Date(), by: "Alan Admin", reason: "Scanned twice", evidenceKept: true },
    }),
    object("research", "minutes-research", {
      title: "Board minutes of the research council",
      files: [{ ...pdf, size: 100 }],
      createdAt: new Date("2024-03-06T10:00:00Z"),
      submittedBy: { id: "archivist", name: "Ada Archivist" },
    }),
  ]);
}, 60_000);

afterAll(async () => {
  await harness?.close();
  resetServer();
  delete process.env.DASHBOARD_DATA_DIR;
  await rm(dataDir, { recursive: true, force: true });
});

const list = async (search: string) => {
  const answer = await invoke(listHoldings, "GET", `/api/catalogue${search}`, {});
  return { status: answer.status, page: answer.json as HoldingsPage, json: answer.json };
};
const ids = (page: HoldingsPage) => page.rows.map((r) => r.poId);

// The export's status, headers and parsed rows.
async function exported(search: string) {
  const request = new Request(`${APP_ORIGIN}/api/catalogue/export${search}`, {
    headers: { "sec-fetch-site": "same-origin" },
  });
  const response = await exportHoldings(request, { params: Promise.resolve({}) });
  const text = await response.text();
  const rows = response.ok
    ? Papa.parse<Record<string, string>>(text.trimEnd(), { header: true }).data
    : [];
  return { response, rows, text };
}

describe("GET /api/catalogue", () => {
  it("lists only the session's tenant, and another tenant of the same user only when chosen", async () => {
    harness.session = sessionOf("admin");
    const demo = await list("?q=board&sort=title");
    expect(demo.status).toBe(200);
    expect(ids(demo.page)).toEqual(["minutes-2022", "minutes-2023", "minutes-2024"]);
    expect(demo.page).toMatchObject({ total: 3, more: false, page: 1 });
    harness.session = sessionOf("admin", { tenant: "research" });
    const research = await list("?q=board");
    expect(ids(research.page)).toEqual(["minutes-research"]);
    expect(research.page.total).toBe(1);
  });

  it("refuses a tenant the user no longer has, and a caller who is not signed in", async () => {
    harness.session = sessionOf("archivist", { tenant: "research" });
    const other = await list("?q=board");
    expect(other.status).toBe(403);
    expect(JSON.stringify(other.json)).not.toContain("minutes-research");
    harness.session = null;
    expect((await list("")).status).toBe(401);
  });

  it("takes the search, filters, sort, direction and page from the address", async () => {
    harness.session = sessionOf("archivist");
    expect(ids((await list("?state=deleted")).page)).toEqual(["minutes-2022"]);
    expect((await list("?state=deleted")).page.rows[0]).toMatchObject({
      deletionReason: "Scanned twice",
    });
    expect(ids((await list("?format=image%2Ftiff")).page)).toEqual(["minutes-2023"]);
    expect(ids((await list("?submitter=archivist&sort=date&dir=asc")).page)).toEqual([
      "minutes-2022",
      "minutes-2024",
    ]);
    expect(ids((await list("?from=2023-01-01&to=2023-12-31")).page)).toEqual(["minutes-2023"]);
    expect(ids((await list("?sort=size")).page)).toEqual([
      "minutes-2023",
      "minutes-2024",
      "minutes-2022",
    ]);
    expect(ids((await list("?q=board+2024")).page)).toEqual(["minutes-2024"]);
    const beyond = await list("?sort=title&page=2");
    expect(beyond.page).toMatchObject({ rows: [], page: 2, total: 3 });
    // Empty form fields mean "no filter".
    expect((await list("?state=&profile=&q=")).page.total).toBe(3);
  });

  it("answers a bad parameter with a 400 that names it", async () => {
    harness.session = sessionOf("archivist");
    for (const [search, words] of [
      ["?state=gone", "state must be one of"],
      ["?sort=colour", "sort must be one of"],
      ["?page=0", "page must be a whole number from 1"],
      ["?from=yesterday", "from must be a day"],
    ]) {
      const answer = await list(search!);
      expect(answer.status, search).toBe(400);
      expect(answer.json, search).toMatchObject({
        error: { code: "VALIDATION_ERROR", message: expect.stringContaining(words!) },
      });
    }
  });
});

describe("GET /api/catalogue/export", () => {
  it("streams the filtered list of the session's tenant as a CSV file named after it", async () => {
    harness.session = sessionOf("admin");
    const { response, rows } = await exported("?q=board&state=ingested&sort=title&page=3");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="holdings-demo-[\d-]+\.csv"$/,
    );
    // The page is ignored: every matching row, in the list's order.
    expect(rows.map((r) => r.poId)).toEqual(["minutes-2023", "minutes-2024"]);
    expect(rows[1]).toMatchObject({ title: "Board minutes 2024", submittedBy: "Ada Archivist" });

    harness.session = sessionOf("admin", { tenant: "research" });
    const research = await exported("?q=board");
    expect(research.rows.map((r) => r.poId)).toEqual(["minutes-research"]);
    expect(research.response.headers.get("content-disposition")).toContain("holdings-research-");
  });

  it("exports nothing for a tenant the user lacks, or for nobody", async () => {
    harness.session = sessionOf("archivist", { tenant: "research" });
    const refused = await exported("");
    expect(refused.response.status).toBe(403);
    expect(refused.text).not.toContain("minutes-research");
    harness.session = null;
    expect((await exported("")).response.status).toBe(401);
  });
});
