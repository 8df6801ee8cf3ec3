import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordFacts } from "@/lib/catalogue/store";
import { openDashboardDb, type OpenedDashboardDb } from "@/lib/db/client";
import { submissions } from "@/lib/db/schema";
import { createSubmissionJournal } from "@/lib/api/journal";
import {
  JournalQuery,
  journalQueryFrom,
  journalSearch,
  type JournalQueryInput,
} from "./submission-filters";
import {
  latestSubmission,
  listSubmissions,
  markReviewed,
  staleSubmissions,
  type JournalViewer,
} from "./submissions";

const ok = (plugin: string) => ({
  pluginName: plugin,
  status: "SUCCESS",
  message: "",
  executionDate: "2025-01-01T00:00:00Z",
});
const warn = { ...ok("format-identification"), status: "WARNING" };
const fail = { ...ok("metadata-validation"), status: "FAILURE" };

// One row per case the filters must tell apart; `n` orders them by submission time.
const ROWS = [
  {
    n: 1,
    packageId: "a",
    user: "ada",
    status: "INGESTED",
    reports: [ok("fixity")],
    profile: "default",
  },
  {
    n: 2,
    packageId: "b",
    user: "ada",
    status: "INGESTED",
    reports: [ok("fixity"), warn],
    profile: "default",
  },
  {
    n: 3,
    packageId: "c",
    user: "ada",
    status: "FAILED",
    reports: [ok("fixity"), fail, warn],
    profile: "records-10y",
  },
  { n: 4, packageId: "d", user: "ada", status: "PENDING", reports: null, profile: "default" },
  { n: 5, packageId: "e", user: "alan", status: "QUARANTINED", reports: [], profile: null },
  {
    n: 6,
    packageId: "f",
    user: "alan",
    status: "FAILED",
    reports: { unexpected: true },
    profile: "default",
  },
  { n: 7, packageId: "g", user: "alan", status: null, reports: null, profile: "default" },
  {
    n: 8,
    packageId: "h",
    user: "ada",
    status: "INGESTED",
    reports: [fail],
    profile: "default",
    tenant: "research",
  },
];

const ada: JournalViewer = { tenant: "demo", userId: "ada", isAdmin: false };
const admin: JournalViewer = { tenant: "demo", userId: "alan", isAdmin: true };
const at = (n: number) => new Date(Date.UTC(2025, 0, n, 12));

describe("ingest journal", () => {
  let opened: OpenedDashboardDb;
  beforeAll(async () => {
    opened = await openDashboardDb({});
    await opened.db.insert(submissions).values(
      ROWS.map((r) => ({
        tenant: r.tenant ?? "demo",
        packageId: r.packageId,
        submissionName: "sip-1",
        profile: r.profile,
        userId: r.user,
        userName: r.user === "ada" ? "Ada Archivist" : "Alan Admin",
        submittedAt: at(r.n),
        lastStatus: r.status,
        pluginOutcome: r.reports,
      })),
    );
  }, 120_000);
  afterAll(() => opened.close());

  const list = (viewer: JournalViewer, query: JournalQueryInput = {}) =>
    listSubmissions(opened.db, viewer, JournalQuery.parse(query));
  const ids = async (viewer: JournalViewer, query: JournalQueryInput = {}) =>
    (await list(viewer, query)).entries.map((e) => e.packageId);

  it("shows archivists their own submissions and admins everyone's, newest first, in one tenant", async () => {
    expect(await ids(ada)).toEqual(["d", "c", "b", "a"]);
    expect(await ids(admin)).toEqual(["g", "f", "e", "d", "c", "b", "a"]);
    expect(await ids(ada, { user: "alan" })).toEqual([]);
    expect(await ids(admin, { user: "alan" })).toEqual(["g", "f", "e"]);
  });

  it("shows each package's title and deleted state from the catalogue, in its own tenant only", async () => {
    await recordFacts(opened.db, [
      { tenant: "demo", poId: "a", title: "Board minutes", state: "ingested" },
      {
        tenant: "other",
        poId: "b",
        title: "Not this tenant's",
        state: "deleted",
        fromArchive: true,
      },
      { tenant: "demo", poId: "c", state: "deleted", fromArchive: true },
    ]);
    const entries = (await list(ada)).entries;
    const of = (id: string) => entries.find((e) => e.packageId === id);
    expect(of("a")).toMatchObject({ title: "Board minutes", objectState: "ingested" });
    expect(of("b")).toMatchObject({ title: null, objectState: null });
    expect(of("c")).toMatchObject({ objectState: "deleted" });
  });

  it("filters by status, with 'in-progress' taking every status but INGESTED and FAILED", async () => {
    expect(await ids(admin, { status: "FAILED" })).toEqual(["f", "c"]);
    expect(await ids(admin, { status: "in-progress" })).toEqual(["g", "e", "d"]);
  });

  it("filters by plugin outcome, the most serious report deciding", async () => {
    expect(await ids(admin, { outcome: "FAILURE" })).toEqual(["c"]);
    expect(await ids(admin, { outcome: "WARNING" })).toEqual(["b"]);
    expect(await ids(admin, { outcome: "SUCCESS" })).toEqual(["a"]);
    expect(await ids(admin, { outcome: "none" })).toEqual(["g", "f", "e", "d"]);
    const entries = (await list(admin)).entries;
    expect(Object.fromEntries(entries.map((e) => [e.packageId, e.pluginOutcome]))).toMatchObject({
      a: "SUCCESS",
      b: "WARNING",
      c: "FAILURE",
      f: null,
    });
  });

  it("filters by profile and by submission date", async () => {
    expect(await ids(admin, { profile: "records-10y" })).toEqual(["c"]);
    expect(await ids(admin, { from: at(2).toISOString(), to: at(4).toISOString() })).toEqual([
      "d",
      "c",
      "b",
    ]);
  });

  it("pages with a total and offers the users, profiles and statuses there are", async () => {
    const page = await list(admin, { page: 2 });
    expect(page).toMatchObject({ entries: [], total: 7, page: 2, pageSize: 25 });
    expect(page.facets).toEqual({
      users: [
        { id: "ada", name: "Ada Archivist" },
        { id: "alan", name: "Alan Admin" },
      ],
      profiles: ["default", "records-10y"],
      statuses: ["FAILED", "INGESTED", "PENDING", "QUARANTINED"],
    });
    expect((await list(ada)).facets.users).toEqual([{ id: "ada", name: "Ada Archivist" }]);
  });

  it("queues finished, unreviewed submissions failures first, then warnings; a review takes one out", async () => {
    expect(await ids(admin, { view: "review" })).toEqual(["c", "f", "b", "a"]);
    const reviewed = await markReviewed(
      opened.db,
      { tenant: "demo", packageId: "c", submissionName: "sip-1" },
      { name: "Alan Admin" },
      "Wrong schema; resubmitted as d.",
      at(9),
    );
    expect(reviewed?.review).toEqual({
      at: at(9).toISOString(),
      by: "Alan Admin",
      note: "Wrong schema; resubmitted as d.",
    });
    expect(await ids(admin, { view: "review" })).toEqual(["f", "b", "a"]);
    expect(
      await markReviewed(
        opened.db,
        { tenant: "research", packageId: "c", submissionName: "sip-1" },
        { name: "x" },
        "n",
      ),
    ).toBeNull();
  });

  it("names the submissions to ask about again: unfinished, or finished without plugin reports", async () => {
    const keys = async (viewer: JournalViewer) =>
      (await staleSubmissions(opened.db, viewer, 10)).map((k) => k.packageId);
    expect(await keys(ada)).toEqual(["d"]);
    expect(await keys(admin)).toEqual(["g", "f", "e", "d"]);
  });

  it("records plugin reports seen after the status, once, and takes the row out of the stale ones", async () => {
    const key = { tenant: "demo", packageId: "f", submissionName: "sip-1" };
    // f is known as FAILED without reports; the same status now comes with them.
    const journal = createSubmissionJournal(async () => opened.db);
    expect(await journal.recordStatus(key, "FAILED", [ok("fixity"), fail])).toBe(true);
    expect(await journal.recordStatus(key, "FAILED", [ok("fixity"), fail])).toBe(false);
    expect(await journal.recordStatus(key, "FAILED")).toBe(false);
    expect(await ids(admin, { outcome: "FAILURE" })).toContain("f");
    // Finished and now with reports: no reason to ask again. g, e and d are still unfinished.
    expect((await staleSubmissions(opened.db, admin, 10)).map((k) => k.packageId)).toEqual([
      "g",
      "e",
      "d",
    ]);
  });

  it("records several submissions in one statement, a SIP named twice once, with its later status", async () => {
    const journal = createSubmissionJournal(async () => opened.db);
    const entry = (packageId: string, status: string) => ({
      tenant: "other",
      packageId,
      submissionName: "sip-1",
      profile: "default",
      user: { id: "ada", name: "Ada" },
      status,
    });
    await journal.recordSubmissions([
      entry("m1", "PENDING"),
      entry("m2", "PENDING"),
      entry("m1", "PROCESSING"),
    ]);
    const viewer = { tenant: "other", userId: "ada", isAdmin: true };
    const rows = (await listSubmissions(opened.db, viewer, JournalQuery.parse({}))).entries;
    expect(rows.map((r) => [r.packageId, r.lastStatus]).sort()).toEqual([
      ["m1", "PROCESSING"],
      ["m2", "PENDING"],
    ]);
    // Seen again (a retried request), still one row each.
    await journal.recordSubmissions([entry("m2", "INGESTED")]);
    const again = (await listSubmissions(opened.db, viewer, JournalQuery.parse({}))).entries;
    expect(again.map((r) => [r.packageId, r.lastStatus]).sort()).toEqual([
      ["m1", "PROCESSING"],
      ["m2", "INGESTED"],
    ]);
  });

  it("finds the package's newest ingested submission for its current metadata", async () => {
    await opened.db.insert(submissions).values({
      tenant: "demo",
      packageId: "a",
      submissionName: "sip-2",
      userId: "ada",
      userName: "Ada Archivist",
      submittedAt: at(20),
      lastStatus: "FAILED",
    });
    expect((await latestSubmission(opened.db, "demo", "a"))?.submissionName).toBe("sip-1");
    expect(await latestSubmission(opened.db, "research", "a")).toBeNull();
    // From a URL path: an id no database can hold is in no journal (and fails no query).
    expect(await latestSubmission(opened.db, "demo", "a\u0000")).toBeNull();
  });
});

describe("journal query", () => {
  it("reads the URL's parameters and refuses values the filters do not know", () => {
    const parsed = journalQueryFrom(
      new URLSearchParams("view=review&outcome=WARNING&page=3&from=2025-01-01&junk=1"),
    );
    expect(parsed.data).toMatchObject({
      view: "review",
      outcome: "WARNING",
      page: 3,
      from: "2025-01-01T00:00:00.000Z",
    });
    expect(journalQueryFrom(new URLSearchParams("outcome=BAD")).success).toBe(false);
    expect(journalQueryFrom(new URLSearchParams("from=yesterday")).success).toBe(false);
    const nul = journalQueryFrom(new URLSearchParams("user=a%00b"));
    expect(nul.error?.issues[0]).toMatchObject({
      path: ["user"],
      message: expect.stringMatching(/^user contains the character U\+0000/),
    });
  });

  it("writes the same search string for the same filters, defaults left out", () => {
    expect(journalSearch({ view: "all", page: 1, status: "FAILED", user: "" })).toBe(
      "status=FAILED",
    );
    expect(journalSearch({ view: "review", page: 2 })).toBe("view=review&page=2");
  });
});
