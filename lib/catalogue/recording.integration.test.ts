// The catalogue fed by the /api routes against the real embedded archive: an ingest with a title,
// its status once ingested (formats), PreservePO, RetrievePO, UpdatePOC, DeletePO, and an object
// deleted behind the dashboard's back, which the archive's "unknown object" corrects.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { PUT as ingestDocument } from "@/app/api/ingest/document/route";
import { GET as sipStatus } from "@/app/api/ingest/sip/[packageId]/[submissionName]/route";
import { POST as titles } from "@/app/api/catalogue/titles/route";
import { POST as preservation } from "@/app/api/preservation/[operation]/route";
import { liveArchiveForFile } from "@/lib/api/testing/live-archive";
import { invoke, sessionOf } from "@/lib/api/testing/harness";
import { findObject } from "./store";

const DC = "http://purl.org/dc/elements/1.1/";
const b64 = (text: string) => Buffer.from(text).toString("base64");

const live = liveArchiveForFile();

const call = (operation: string, body: unknown) =>
  invoke(preservation, "POST", `/api/preservation/${operation}`, { operation }, { body });
const row = (poId: string, tenant = "demo") => findObject(live.harness.dashboard.db, tenant, poId);

describe("the catalogue as the routes feed it", () => {
  it("keeps an ingest's title at once, and its formats once the status says INGESTED", async () => {
    live.harness.session = sessionOf("archivist");
    const packageId = `cat-${randomUUID()}`;
    const accepted = await invoke(
      ingestDocument,
      "PUT",
      "/api/ingest/document",
      {},
      {
        body: {
          profile: "default",
          packageId,
          document: { type: "BINARY", name: "minutes.txt", content: b64("Board minutes\n") },
          metadatas: [
            { schema: DC, metadata: { title: "Board minutes March", description: "Raad" } },
          ],
        },
      },
    );
    expect(accepted.status).toBe(201);
    expect(await row(packageId)).toMatchObject({
      title: "Board minutes March",
      description: "Raad",
      state: "ingesting",
      profile: "default",
      profileName: "General business records",
      submittedByName: "Ada Archivist",
      fileCount: 1,
      totalSize: 14,
    });
    const name = (accepted.json as { name: string }).name;
    let status = "";
    for (let i = 0; i < 100 && status !== "INGESTED"; i++) {
      const answer = await invoke(
        sipStatus,
        "GET",
        `/api/ingest/sip/${packageId}/${name}?enrichers=metadata,representations`,
        { packageId, submissionName: name },
      );
      status = (answer.json as { status?: string }).status ?? "";
      if (status !== "INGESTED") await new Promise((r) => setTimeout(r, 200));
    }
    const ingested = await row(packageId);
    expect(ingested).toMatchObject({ state: "ingested", title: "Board minutes March" });
    expect(ingested?.formats).toContain("text/plain");
    expect(ingested?.detailsAt).not.toBeNull();
  }, 60_000);

  it("records PreservePO, UpdatePOC, DeletePO and the archive's word on a deleted object", async () => {
    live.harness.session = sessionOf("admin");
    const preserved = await call("PreservePO", {
      pro: "urn:scriptorium:profile:general:1.0",
      po: [
        {
          id: "scan.pdf",
          binaryData: { value: b64("%PDF-1.4\n%%EOF\n") },
          mimeType: "application/pdf",
        },
        { formatId: DC, binaryData: { value: b64(JSON.stringify({ title: "Procès-verbal" })) } },
      ],
    });
    expect(preserved.status).toBe(200);
    const poId = (preserved.json as { poId: string }).poId;
    expect(await row(poId)).toMatchObject({
      title: "Procès-verbal",
      state: "ingested",
      profileName: "general 1.0",
      versionCount: 1,
      fileCount: 1,
      submittedByName: "Alan Admin",
    });
    expect((await row(poId))?.formats).toContain("application/pdf");

    const updated = await call("UpdatePOC", {
      poId,
      deltaPoc: [
        { formatId: DC, id: "dc", binaryData: { value: b64(JSON.stringify({ title: "PV 2" })) } },
      ],
    });
    expect(updated.status).toBe(200);
    expect(await row(poId)).toMatchObject({ title: "PV 2", versionCount: 2 });

    const deleted = await call("DeletePO", {
      poId,
      mod: "OnlySubDOs",
      reason: "Kept twice by mistake",
    });
    expect(deleted.status).toBe(200);
    expect(await row(poId)).toMatchObject({
      state: "deleted",
      deletedBy: "Alan Admin",
      deletionReason: "Kept twice by mistake",
      evidenceKept: true,
    });
  }, 60_000);

  it("names the titles of the ids a list asks about, whatever else the list holds", async () => {
    live.harness.session = sessionOf("admin");
    const preserved = await call("PreservePO", {
      pro: "urn:scriptorium:profile:general:1.0",
      po: [
        { id: "a.txt", binaryData: { value: b64("Agenda\n") }, mimeType: "text/plain" },
        { formatId: DC, binaryData: { value: b64(JSON.stringify({ title: "Agenda of May" })) } },
      ],
    });
    expect(preserved.status).toBe(200);
    const poId = (preserved.json as { poId: string }).poId;
    // The audit log's targets: an object, a 1,000-character poId a refused request named, others.
    const answer = await invoke(
      titles,
      "POST",
      "/api/catalogue/titles",
      {},
      { body: { ids: [poId, "x".repeat(1_000), "", "sessions", `po-${randomUUID()}`] } },
    );
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      labels: { [poId]: { title: "Agenda of May", state: "ingested" } },
    });
  });

  it("takes when and by whom an object came, its versions and its deletion from the object page's trace read", async () => {
    live.harness.session = sessionOf("admin");
    // Preserved, given a version and deleted straight at the archive, as another system would.
    const direct = async (operation: string, body: unknown) => {
      const token = await live.harness.tokens.forService();
      const response = await fetch(`${live.archive.url}/preservation/${operation}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      return (await response.json()) as { poId?: string };
    };
    const { poId } = (await direct("PreservePO", {
      pro: "urn:scriptorium:profile:general:1.0",
      po: [{ id: "note.txt", binaryData: { value: b64("note") } }],
    })) as { poId: string };
    await direct("UpdatePOC", {
      poId,
      deltaPoc: [{ id: "note.txt", binaryData: { value: b64("note, corrected") } }],
    });
    // The object page reads the object, then its trace.
    expect((await call("RetrievePO", { poId })).status).toBe(200);
    const seen = await row(poId);
    expect(seen).toMatchObject({ state: "ingested", versionCount: null, submittedById: null });
    const trace = await call("RetrieveTrace", { poId });
    expect(trace.status).toBe(200);
    const events = (trace.json as { trace: { event: { time: string; sub: string; op: string }[] } })
      .trace.event;
    const preserved = events.find((e) => e.op === "PreservePO")!;
    const traced = await row(poId);
    expect(traced).toMatchObject({ versionCount: 2, submittedById: preserved.sub });
    expect(traced?.createdAt.toISOString()).toBe(new Date(preserved.time).toISOString());
    expect(traced!.createdAt.getTime()).toBeLessThan(seen!.createdAt.getTime());

    await direct("DeletePO", { poId, mod: "OnlySubDOs", reason: "Filed elsewhere" });
    expect((await call("RetrievePO", { poId })).status).toBe(404);
    expect(await row(poId)).toMatchObject({ state: "deleted", deletionReason: null });
    await call("RetrieveTrace", { poId });
    expect(await row(poId)).toMatchObject({
      state: "deleted",
      deletionReason: "Filed elsewhere",
      deletedBy: preserved.sub,
      evidenceKept: true,
    });
  }, 60_000);

  it("marks an object deleted when the archive no longer knows it, and only in its tenant", async () => {
    live.harness.session = sessionOf("admin");
    const preserved = await call("PreservePO", {
      pro: "urn:scriptorium:profile:general:1.0",
      po: [{ id: "note.txt", binaryData: { value: b64("note") } }],
    });
    const poId = (preserved.json as { poId: string }).poId;
    // Deleted straight at the archive, as another system would.
    const token = await live.harness.tokens.forService();
    const direct = await fetch(`${live.archive.url}/preservation/DeletePO`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ poId }),
    });
    expect(direct.status).toBe(200);
    expect((await row(poId))?.state).toBe("ingested");
    const read = await call("RetrievePO", { poId });
    expect(read.status).toBe(404);
    expect((await row(poId))?.state).toBe("deleted");
    // The same unknown id read in another tenant creates nothing there.
    live.harness.session = sessionOf("admin", { tenant: "research" });
    await call("RetrievePO", { poId });
    expect(await row(poId, "research")).toBeNull();
  }, 60_000);
});
