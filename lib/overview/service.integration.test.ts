// The overview put together against the real embedded archive: journal rows written by the ingest
// route, formats and sizes read back from the archive once per package and then kept a minute.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { PUT as ingestDocument } from "@/app/api/ingest/document/route";
import { GET as sipStatus } from "@/app/api/ingest/sip/[packageId]/[submissionName]/route";
import { apiDeps } from "@/lib/api/deps";
import { liveArchiveForFile } from "@/lib/api/testing/live-archive";
import { invoke } from "@/lib/api/testing/harness";
import { submissions } from "@/lib/db/schema";
import { buildOverview } from "./service";

const live = liveArchiveForFile();

const CSV = Buffer.from("year,visitors\n2023,12480\n2024,13002\n");
const JSON_DOC = Buffer.from('{"sensor":"T-7","offset":-0.12}\n');

// Ingests through the dashboard's route (so the journal has the row) and waits for INGESTED.
async function ingest(documents: { name: string; bytes: Buffer }[]): Promise<string> {
  const packageId = `overview-${randomUUID()}`;
  const body = {
    profile: "default",
    packageId,
    documents: documents.map((d) => ({
      type: "BINARY",
      name: d.name,
      content: d.bytes.toString("base64"),
    })),
    metadatas: [
      { schema: "http://purl.org/dc/elements/1.1/", metadata: { title: "Overview test" } },
    ],
  };
  const accepted = await invoke(ingestDocument, "PUT", "/api/ingest/document", {}, { body });
  expect(accepted.status).toBe(201);
  const { name } = accepted.json as { name: string };
  for (let i = 0; i < 120; i++) {
    const answer = await invoke(sipStatus, "GET", `/api/ingest/sip/${packageId}/${name}`, {
      packageId,
      submissionName: name,
    });
    if ((answer.json as { status?: string }).status === "INGESTED") return packageId;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${packageId} was not ingested in time`);
}

describe("buildOverview", () => {
  it("counts the journal's submissions and reads formats and sizes from the archive, once per package a minute", async () => {
    await ingest([{ name: "visitors.csv", bytes: CSV }]);
    await ingest([
      { name: "visitors-2.csv", bytes: CSV },
      { name: "offset.json", bytes: JSON_DOC },
    ]);
    const deps = await apiDeps();
    const overviewDeps = {
      db: live.harness.dashboard.db,
      viewer: { tenant: "demo", userId: "archivist", isAdmin: false },
      ingest: deps.ingest,
      upstreamToken: () => live.harness.tokens.forService(),
      embeddedArchive: true,
    };
    const overview = await buildOverview(overviewDeps, { timeZone: "UTC" });

    expect(overview.scope).toBe("own");
    expect(overview.journalTotal).toBe(2);
    expect(overview.outcomes).toMatchObject({ submitted: 2, ingested: 2, failed: 0 });
    expect(overview.days.at(-1)?.ingested).toBe(2);
    expect(overview.recent).toHaveLength(2);
    expect(overview.formats).toMatchObject({
      ok: true,
      packages: 2,
      read: 2,
      files: 3,
      bytes: CSV.length * 2 + JSON_DOC.length,
    });
    const formats = overview.formats.ok ? overview.formats.formats : [];
    expect(formats.map((f) => [f.formatName, f.files])).toEqual([
      ["Comma Separated Values", 2],
      ["JSON Data Interchange Format", 1],
    ]);

    // Asked again within the minute: the journal is read again, the archive is not.
    const reads = () => live.harness.calls.filter((c) => c.url.pathname.includes("/sip/")).length;
    const before = reads();
    const again = await buildOverview(overviewDeps, { timeZone: "UTC" });
    expect(reads()).toBe(before);
    expect(again.formats).toMatchObject({ ok: true, files: 3 });
  });

  it("keeps what it could read, counts what it could not, and says so when it could read nothing", async () => {
    await ingest([{ name: "more.csv", bytes: CSV }]);
    const deps = await apiDeps();
    const failing = {
      db: live.harness.dashboard.db,
      ingest: deps.ingest,
      upstreamToken: () => Promise.reject(new Error("no token today")),
      embeddedArchive: true,
    };
    const demo = await buildOverview(
      { ...failing, viewer: { tenant: "demo", userId: "archivist", isAdmin: true } },
      { timeZone: "UTC" },
    );
    // The two packages read before are still kept; the new one could not be read.
    expect(demo.formats).toMatchObject({ ok: true, packages: 3, read: 2, unreadable: 1 });

    await live.harness.dashboard.db.insert(submissions).values({
      tenant: "research",
      packageId: `overview-${randomUUID()}`,
      submissionName: "sip-1",
      profile: "research-data",
      userId: "admin",
      userName: "Alan Admin",
      lastStatus: "INGESTED",
    });
    const research = await buildOverview(
      { ...failing, viewer: { tenant: "research", userId: "admin", isAdmin: true } },
      { timeZone: "UTC" },
    );
    expect(research.formats.ok).toBe(false);
    expect(research.formats.ok ? "" : research.formats.message).not.toBe("");
  });
});
