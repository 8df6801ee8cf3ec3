// The catalogue in a real (in-memory PGlite) dashboard database: merging facts, full-text search,
// filters, sorts, pages and the CSV export, and that no query reaches another tenant's rows.
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CatalogueState } from "@/lib/db/catalogue-schema";
import { openDashboardDb, type OpenedDashboardDb } from "@/lib/db/client";
import { exportHoldings } from "./export";
import { holdingsCountText, HoldingsQuery } from "./holdings-query";
import type { CatalogueFacts } from "./merge";
import { holdingsFacets, listHoldings } from "./query";
import { findObject, labelsOf, recordFacts } from "./store";

let opened: OpenedDashboardDb;
const q = (input: Record<string, unknown> = {}) => HoldingsQuery.parse(input);
const file = (name: string, puid: string, mimeType: string, size: number) => ({
  name,
  puid,
  mimeType,
  formatName: null,
  size,
});

function object(tenant: string, poId: string, extra: Partial<CatalogueFacts> = {}): CatalogueFacts {
  return { tenant, poId, state: "ingested", fromArchive: true, details: true, ...extra };
}

type ShelfRow = [
  poId: string,
  title: string,
  day: string,
  size: number,
  profile: string,
  state: CatalogueState,
];
const SHELF: ShelfRow[] = [
  ["shelf-1", 'Alpha, "the first"', "2024-05-01", 3_000, "Records", "ingested"],
  ["shelf-2", "Bravo", "2021-01-01", 1_000, "Photos", "failed"],
  ["shelf-3", "Charlie", "2025-01-01", 2_000, "Default", "ingesting"],
  ["shelf-4", "Delta", "2023-07-01", 4_000, "Photos", "deletion-requested"],
];
// The shelf's rows in the order of their numbers.
const shelf = (...order: number[]) => order.map((n) => `shelf-${n}`);

beforeAll(async () => {
  opened = await openDashboardDb({});
  await recordFacts(opened.db, [
    object("demo", "minutes-2024", {
      title: "Board minutes March 2024",
      description: "Notulen van de raad van bestuur",
      keywords: "minutes-2024 notulen-maart.pdf HR-2024-0153",
      profile: "records-10y",
      profileName: "Records, 10 years",
      files: [file("notulen-maart.pdf", "fmt/95", "application/pdf", 2_000)],
      createdAt: new Date("2024-03-05T10:00:00Z"),
      submittedBy: { id: "archivist", name: "Ada Archivist" },
    }),
    object("demo", "proces-verbal", {
      title: "Procès-verbal de l'assemblée",
      keywords: "proces-verbal pv.tif",
      profile: "default",
      profileName: "Default",
      files: [file("pv.tif", "fmt/353", "image/tiff", 9_000)],
      createdAt: new Date("2023-11-20T10:00:00Z"),
      submittedBy: { id: "admin", name: "Alan Admin" },
    }),
    object("demo", "annual-report", {
      title: "Annual report",
      keywords: "annual-report report.pdf",
      profile: "default",
      profileName: "Default",
      files: [file("report.pdf", "fmt/95", "application/pdf", 500)],
      createdAt: new Date("2025-01-02T10:00:00Z"),
    }),
    // A tenant whose every sort, either way, gives another order (titles A to D: 1 2 3 4).
    ...SHELF.map(([poId, title, day, size, profile, state]) =>
      object("shelf", poId, {
        title,
        description: poId === "shelf-1" ? '=HYPERLINK("http://example.org")' : null,
        keywords: poId,
        profile,
        profileName: profile,
        files: [file(`${poId}.pdf`, "fmt/95", "application/pdf", size)],
        createdAt: new Date(`${day}T10:00:00Z`),
        // As the sync names a submitter from the trace (by id), and as the dashboard does.
        submittedBy: { id: "admin", name: poId === "shelf-2" ? "Alan Admin" : "admin" },
        state,
        ...(state === "deletion-requested"
          ? { deletionRequest: { at: new Date(), by: "Alan" } }
          : {}),
      }),
    ),
    // Ledgers: ranked a (title, twice), c (title), b (description), d (file name).
    ...(
      [
        ["book-a", "Ledger of ledgers", null, "2020-01-01"],
        ["book-b", "Accounts", "The ledger of the treasurer", "2024-01-01"],
        ["book-c", "Ledger", null, "2023-01-01"],
        ["book-d", "Accounts 1900", null, "2022-01-01"],
        ["book-e", "Nothing here", null, "2025-01-01"],
      ] as const
    ).map(([poId, title, description, day]) =>
      object("ranked", poId, {
        title,
        description,
        keywords: poId === "book-d" ? "ledger-scan.tif" : poId,
        createdAt: new Date(`${day}T10:00:00Z`),
      }),
    ),
    object("research", "minutes-research", {
      title: "Board minutes of the research council",
      keywords: "minutes-research",
      profile: "research-data",
      profileName: "Research data",
      files: [file("data.csv", "x-fmt/18", "text/csv", 100)],
      createdAt: new Date("2024-03-06T10:00:00Z"),
      submittedBy: { id: "admin", name: "Alan Admin" },
    }),
  ]);
}, 60_000);

afterAll(async () => {
  await opened?.close();
});

const ids = (page: { rows: { poId: string }[] }) => page.rows.map((r) => r.poId);

describe("the holdings list", () => {
  it("finds by title words as prefixes, accents and case aside, ranked", async () => {
    const db = opened.db;
    expect(ids(await listHoldings(db, ["demo"], q({ q: "board minute" })))).toEqual([
      "minutes-2024",
    ]);
    expect(ids(await listHoldings(db, ["demo"], q({ q: "PROCES verbal" })))).toEqual([
      "proces-verbal",
    ]);
  });

  it("finds by description, file names, metadata values and reference numbers", async () => {
    const db = opened.db;
    for (const words of ["notulen bestuur", "notulen-maart", "2024-0153", "pv.tif"]) {
      expect((await listHoldings(db, ["demo"], q({ q: words }))).total, words).toBe(1);
    }
    expect((await listHoldings(db, ["demo"], q({ q: "minutes -notulen" }))).total).toBe(0);
  });

  it("filters by profile, format, state, date range and submitter", async () => {
    const db = opened.db;
    expect(ids(await listHoldings(db, ["demo"], q({ profile: "default", sort: "title" })))).toEqual(
      ["annual-report", "proces-verbal"],
    );
    expect(ids(await listHoldings(db, ["demo"], q({ format: "fmt/95", sort: "title" })))).toEqual([
      "annual-report",
      "minutes-2024",
    ]);
    expect(ids(await listHoldings(db, ["demo"], q({ format: "image/tiff" })))).toEqual([
      "proces-verbal",
    ]);
    expect(
      ids(await listHoldings(db, ["demo"], q({ from: "2024-01-01", to: "2024-12-31" }))),
    ).toEqual(["minutes-2024"]);
    expect(ids(await listHoldings(db, ["demo"], q({ submitter: "admin" })))).toEqual([
      "proces-verbal",
    ]);
    expect((await listHoldings(db, ["demo"], q({ state: "deleted" }))).total).toBe(0);
  });

  it("sorts by title, date, size, profile and state both ways", async () => {
    const order = async (sort: string, dir: string) =>
      ids(await listHoldings(opened.db, ["shelf"], q({ sort, dir })));
    // Every order below differs from every other, so a sort on the wrong key cannot pass.
    expect(await order("title", "asc")).toEqual(shelf(1, 2, 3, 4));
    expect(await order("title", "desc")).toEqual(shelf(4, 3, 2, 1));
    expect(await order("date", "desc")).toEqual(shelf(3, 1, 4, 2));
    expect(await order("date", "asc")).toEqual(shelf(2, 4, 1, 3));
    expect(await order("size", "desc")).toEqual(shelf(4, 1, 3, 2));
    expect(await order("size", "asc")).toEqual(shelf(2, 3, 1, 4));
    // Equal profiles (Photos: 2 and 4) by title, in the same direction.
    expect(await order("profile", "asc")).toEqual(shelf(3, 2, 4, 1));
    expect(await order("profile", "desc")).toEqual(shelf(1, 4, 2, 3));
    // deletion-requested, failed, ingested, ingesting.
    expect(await order("state", "asc")).toEqual(shelf(4, 2, 1, 3));
    expect(await order("state", "desc")).toEqual(shelf(3, 1, 2, 4));
    // Without words the list is newest first.
    expect(ids(await listHoldings(opened.db, ["shelf"], q()))).toEqual(shelf(3, 1, 4, 2));
  });

  it("offers each submitter once, by the name the dashboard knows", async () => {
    const facets = await holdingsFacets(opened.db, ["shelf"]);
    expect(facets.submitters).toEqual([{ id: "admin", name: "Alan Admin" }]);
  });

  it("cuts a sorted list into pages", async () => {
    const db = opened.db;
    const second = await listHoldings(db, ["shelf"], q({ sort: "date", page: 2 }), 3);
    expect(ids(second)).toEqual(shelf(2));
    expect(second.total).toBe(4);
    const middle = await listHoldings(db, ["shelf"], q({ sort: "size", dir: "asc", page: 2 }), 2);
    expect(ids(middle)).toEqual(shelf(1, 4));
  });

  it("sorted by relevance, ranks every match: title words first, then description, then the rest", async () => {
    const page = await listHoldings(opened.db, ["ranked"], q({ q: "ledger" }));
    expect(ids(page)).toEqual(["book-a", "book-c", "book-b", "book-d"]);
    // Least relevant first, and in pages.
    const reversed = await listHoldings(opened.db, ["ranked"], q({ q: "ledger", dir: "asc" }));
    expect(ids(reversed)).toEqual(["book-d", "book-b", "book-c", "book-a"]);
    const second = await listHoldings(opened.db, ["ranked"], q({ q: "ledger", page: 2 }), 3);
    expect(ids(second)).toEqual(["book-d"]);
  });

  it("counts up to a cap, then says only that more match, and always past the page shown", async () => {
    const db = opened.db;
    // Three rows, counted at most two: a lower bound, said as one.
    const capped = await listHoldings(db, ["demo"], q({ sort: "title" }), 1, 2);
    expect(ids(capped)).toEqual(["annual-report"]);
    expect(capped).toMatchObject({ total: 2, more: true });
    expect(holdingsCountText(capped)).toBe("More than 2 objects");
    // The last page counts to its own end: the count is exact again.
    const last = await listHoldings(db, ["demo"], q({ sort: "title", page: 3 }), 1, 2);
    expect(ids(last)).toEqual(["proces-verbal"]);
    expect(last).toMatchObject({ total: 3, more: false });
    expect(holdingsCountText(last)).toBe("3 objects");
    // Under the cap the count is exact.
    const exact = await listHoldings(db, ["demo"], q({ sort: "title" }), 1, 3);
    expect(exact).toMatchObject({ total: 3, more: false });
  });

  it("never lists, counts or exports a row of a tenant the caller does not hold", async () => {
    const db = opened.db;
    const demo = await listHoldings(db, ["demo"], q({ q: "board minutes" }));
    expect(ids(demo)).toEqual(["minutes-2024"]);
    expect(demo.total).toBe(1);
    const research = await listHoldings(db, ["research"], q({ q: "board minutes" }));
    expect(ids(research)).toEqual(["minutes-research"]);
    expect((await listHoldings(db, [], q())).total).toBe(0);
    const csv = await new Response(exportHoldings(db, ["demo"], q({ q: "minutes" }))).text();
    expect(csv).toContain("minutes-2024");
    expect(csv).not.toContain("minutes-research");
    const facets = await holdingsFacets(db, ["demo"]);
    expect(facets.profiles.map((p) => p.id)).not.toContain("research-data");
    expect(facets.formats).toEqual(["application/pdf", "fmt/353", "fmt/95", "image/tiff"]);
    expect(await labelsOf(db, "demo", ["minutes-research"])).toEqual(new Map());
  });

  it("exports every matching row in the list's order as CSV, quoted and guarded", async () => {
    const csv = await new Response(
      exportHoldings(opened.db, ["shelf"], q({ sort: "size", dir: "asc" })),
    ).text();
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toMatch(/^poId,title,description,state,/);
    // The title holds a comma and quotes: one field, its quotes doubled.
    expect(lines[3]).toMatch(/^shelf-1,"Alpha, ""the first""",/);
    // A value a spreadsheet would run as a formula is kept as text.
    expect(lines[3]).toContain(`,"'=HYPERLINK(""http://example.org"")",`);
    const parsed = Papa.parse<Record<string, string>>(csv.trimEnd(), { header: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data.map((r) => r.poId)).toEqual(shelf(2, 3, 1, 4));
    expect(parsed.data.map((r) => r.title)).toEqual([
      "Bravo",
      "Charlie",
      'Alpha, "the first"',
      "Delta",
    ]);
    expect(parsed.data.map((r) => r.state)).toEqual([
      "failed",
      "ingesting",
      "ingested",
      "deletion-requested",
    ]);
    expect(parsed.data[2]).toMatchObject({ totalSize: "3000", formats: "application/pdf fmt/95" });
  });
});

describe("merging what sources say", () => {
  it("keeps a deletion the dashboard recorded when the archive later knows less", async () => {
    const db = opened.db;
    const at = new Date("2025-02-01T00:00:00Z");
    await recordFacts(db, [
      {
        tenant: "demo",
        poId: "annual-report",
        state: "deleted",
        fromArchive: true,
        deletion: { at, by: "Alan Admin", reason: "Duplicate of 2024 report", evidenceKept: true },
      },
    ]);
    await recordFacts(db, [
      { tenant: "demo", poId: "annual-report", state: "deleted", fromArchive: true },
    ]);
    const row = await findObject(db, "demo", "annual-report");
    expect(row).toMatchObject({
      state: "deleted",
      deletedBy: "Alan Admin",
      deletionReason: "Duplicate of 2024 report",
      evidenceKept: true,
      title: "Annual report",
    });
    expect(row?.deletedAt?.toISOString()).toBe(at.toISOString());
    expect((await listHoldings(db, ["demo"], q({ state: "deleted" }))).total).toBe(1);
  });

  it("ignores facts about unknown objects when told to, and text no database holds", async () => {
    const db = opened.db;
    await recordFacts(db, [{ tenant: "demo", poId: "never-seen", state: "deleted" }], {
      onlyExisting: true,
    });
    await recordFacts(db, [{ tenant: "demo", poId: "bad\u0000id", state: "ingested" }]);
    expect(await findObject(db, "demo", "never-seen")).toBeNull();
    expect((await listHoldings(db, ["demo"], q())).total).toBe(3);
  });
});
