// The status stream route against the real embedded archive: events as the browser reads them,
// one upstream poll for several watchers, the journal kept current, and the stream's end.
import { randomBytes, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { PUT as ingestDocument } from "@/app/api/ingest/document/route";
import { GET as events } from "@/app/api/ingests/[packageId]/[submissionName]/events/route";
import { liveArchiveForFile } from "@/lib/api/testing/live-archive";
import { APP_ORIGIN, invoke } from "@/lib/api/testing/harness";
import { submissions } from "@/lib/db/schema";
import { getStatusHub } from "@/lib/server/container";
import { WatchEvent } from "./snapshot";

const live = liveArchiveForFile();

async function ingest(title = "A record"): Promise<{ packageId: string; name: string }> {
  const body = {
    profile: "default",
    packageId: `watch-${randomUUID()}`,
    document: {
      type: "BINARY",
      name: "record.bin",
      content: Buffer.from(randomBytes(64)).toString("base64"),
    },
    metadatas: [{ schema: "http://purl.org/dc/elements/1.1/", metadata: { title } }],
  };
  const answer = await invoke(ingestDocument, "PUT", "/api/ingest/document", {}, { body });
  expect(answer.status).toBe(201);
  return answer.json as { packageId: string; name: string };
}

function open(packageId: string, name: string, controller = new AbortController()) {
  const request = new Request(`${APP_ORIGIN}/api/ingests/x/y/events`, {
    signal: controller.signal,
  });
  return {
    controller,
    response: events(request, { params: Promise.resolve({ packageId, submissionName: name }) }),
  };
}

// Every event until the server ends the stream.
async function readAll(response: Response): Promise<WatchEvent[]> {
  const text = await response.text();
  return text
    .split("\n\n")
    .flatMap((block) => block.split("\n").filter((l) => l.startsWith("data: ")))
    .map((line) => v.parse(WatchEvent, JSON.parse(line.slice("data: ".length))));
}

const statusPolls = (packageId: string) =>
  live.harness.calls.filter(
    (c) => c.method === "GET" && c.url.pathname.includes(`/sip/${packageId}/`),
  ).length;

describe("GET /api/ingests/[packageId]/[submissionName]/events", () => {
  it("streams the status to INGESTED with the plugin reports, ends by itself and updates the journal", async () => {
    const { packageId, name } = await ingest();
    const response = await open(packageId, name).response;
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const received = await readAll(response);
    const snapshots = received.flatMap((e) => (e.type === "snapshot" ? [e.snapshot] : []));
    const last = snapshots.at(-1);
    expect(last).toMatchObject({
      packageId,
      submissionName: name,
      status: "INGESTED",
      terminal: true,
    });
    expect(last?.pluginReports.map((r) => r.pluginName)).toEqual(
      expect.arrayContaining([
        "content-retrieval",
        "fixity",
        "metadata-validation",
        "package-assembly",
      ]),
    );
    const [row] = await live.harness.dashboard.db
      .select()
      .from(submissions)
      .where(and(eq(submissions.packageId, packageId), eq(submissions.submissionName, name)));
    expect(row?.lastStatus).toBe("INGESTED");
    expect(Array.isArray(row?.pluginOutcome) && row.pluginOutcome.length).toBeGreaterThan(3);
    expect(getStatusHub().stats().sips).toBe(0);
  }, 60_000);

  it("asks the archive once per interval for five watchers of one SIP", async () => {
    const { packageId, name } = await ingest();
    const before = statusPolls(packageId);
    const watchers = Array.from({ length: 5 }, () => open(packageId, name).response.then(readAll));
    const all = await Promise.all(watchers);
    for (const received of all) {
      expect(received.filter((e) => e.type === "snapshot").at(-1)).toMatchObject({
        snapshot: { status: "INGESTED" },
      });
    }
    // Each poll reaches every watcher as one event (a snapshot or "checked"), stamped with its time:
    // the upstream calls are exactly the distinct times, not five times as many.
    const stamps = new Set(
      all.flatMap((r) =>
        r.flatMap((e) =>
          e.type === "checked" ? [e.at] : e.type === "snapshot" ? [e.snapshot.checkedAt] : [],
        ),
      ),
    );
    expect(statusPolls(packageId) - before).toBe(stamps.size);
  }, 60_000);

  it("ends with a final problem for a SIP the archive does not know", async () => {
    const received = await readAll(await open(`missing-${randomUUID()}`, "sip-1").response);
    expect(received).toMatchObject([{ type: "problem", final: true, code: "NOT_FOUND" }]);
  }, 30_000);

  it("stops watching when the browser goes away", async () => {
    const { packageId, name } = await ingest();
    const { controller, response } = open(packageId, name);
    const reader = (await response).body!.getReader();
    await reader.read();
    expect(getStatusHub().stats().watchers).toBeGreaterThan(0);
    controller.abort();
    await reader.cancel().catch(() => {});
    expect(getStatusHub().stats()).toMatchObject({ sips: 0, watchers: 0 });
  }, 30_000);
});
