// PUT /document: accepted asynchronously, then PENDING -> PROCESSING -> INGESTED, with plugin
// reports, and the enrichers adding information only when asked.
import { describe, expect, it } from "vitest";
import { PluginReport } from "@scriptorium/contract/ingest/schemas";
import {
  b64,
  expectAccepted,
  getWithRepeatedHeader,
  ingestApi,
  waitForTerminal,
} from "../support/client";
import {
  documentRequest,
  metadata,
  OPAQUE,
  PDF,
  sha256,
  uniquePackageId,
} from "../support/fixtures";

const BASIC_FIELDS = ["name", "packageId", "packageType", "status", "submissionDate"];
const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

describe("PUT /document", () => {
  it("accepts a document, answering only basic package information", async () => {
    const answer = await ingestApi("PUT", "/document", { body: documentRequest() });
    const body = expectAccepted(answer);
    expect(answer.status).toBe(201);
    expect(Object.keys(answer.json as object).sort()).toEqual(BASIC_FIELDS);
    expect(body.packageId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
    expect(["PENDING", "PROCESSING", "INGESTED"]).toContain(body.status);
    expect(body.submissionDate).toMatch(ISO_8601);
    expect(Math.abs(Date.parse(body.submissionDate ?? "") - Date.now())).toBeLessThan(60_000);
    expect(body.name?.length).toBeGreaterThan(0);
  });

  it("keeps the caller's packageId, special characters included", async () => {
    const packageId = `${uniquePackageId()} #1 [draft] 50%`;
    const body = expectAccepted(
      await ingestApi("PUT", "/document", { body: documentRequest({ packageId }) }),
    );
    expect(body.packageId).toBe(packageId);
    const final = await waitForTerminal(body);
    expect(final).toMatchObject({ packageId, status: "INGESTED" });
  });

  it("reaches INGESTED with a successful report from every plugin", async () => {
    const accepted = expectAccepted(
      await ingestApi("PUT", "/document", { body: documentRequest() }),
    );
    const final = await waitForTerminal(accepted, { enrichers: "pluginreports" });
    expect(final.status).toBe("INGESTED");
    expect(final.name).toBe(accepted.name);
    expect(final.submissionDate).toBe(accepted.submissionDate);
    const reports = (final.pluginReports ?? []).map((r) => PluginReport.parse(r));
    expect(reports.length).toBeGreaterThanOrEqual(4);
    for (const report of reports) {
      expect(report.executionDate).toMatch(ISO_8601);
      expect(report.status).toBe("SUCCESS");
      expect(report.message.length).toBeGreaterThan(0);
    }
  });

  it("stores each document as a representation with its digest, format and own metadata", async () => {
    const documents = [
      {
        type: "BINARY",
        name: "letter.pdf",
        content: b64(PDF),
        metadatas: [metadata("The letter")],
      },
      { type: "BINARY", name: "notes.txt", content: b64("plain notes\n") },
    ];
    const body = documentRequest({
      document: undefined,
      documents,
      metadatas: [metadata("The package")],
    });
    const accepted = expectAccepted(await ingestApi("PUT", "/document", { body }));
    const final = await waitForTerminal(accepted, { enrichers: "representations,metadata" });
    expect(final.status).toBe("INGESTED");
    expect(final.representations).toEqual([
      expect.objectContaining({
        name: "letter.pdf",
        mimeType: "application/pdf",
        sha256: sha256(PDF),
        size: PDF.length,
        metadatas: [metadata("The letter")],
      }),
      expect.objectContaining({
        name: "notes.txt",
        mimeType: "text/plain",
        sha256: sha256("plain notes\n"),
        metadatas: [],
      }),
    ]);
    expect(final.metadata).toEqual([metadata("The package")]);
  });

  it("ingests a file of unknown format with a WARNING report", async () => {
    const body = documentRequest({
      document: { type: "BINARY", name: "mystery.dat", content: b64(OPAQUE) },
    });
    const final = await waitForTerminal(
      expectAccepted(await ingestApi("PUT", "/document", { body })),
      {
        enrichers: "pluginreports",
      },
    );
    expect(final.status).toBe("INGESTED");
    const warnings = (final.pluginReports ?? []).filter((r) => r.status === "WARNING");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toMatch(/mystery\.dat/);
  });

  it("accepts an inline metadata file", async () => {
    const file = {
      type: "BINARY",
      name: "dc.json",
      content: b64(JSON.stringify({ title: "From a file" })),
    };
    const body = documentRequest({ metadatas: [{ schema: metadata().schema, file }] });
    const final = await waitForTerminal(
      expectAccepted(await ingestApi("PUT", "/document", { body })),
      { enrichers: "metadata" },
    );
    expect(final).toMatchObject({ status: "INGESTED", metadata: [metadata("From a file")] });
  });
});

describe("enrichers", () => {
  async function ingested() {
    const accepted = expectAccepted(
      await ingestApi("PUT", "/document", { body: documentRequest() }),
    );
    await waitForTerminal(accepted);
    return `/sip/${encodeURIComponent(accepted.packageId)}/${encodeURIComponent(accepted.name ?? "")}`;
  }

  it("reads one comma-separated header and repeated headers alike", async () => {
    const path = await ingested();
    const joined = await ingestApi("GET", path, {
      headers: { enrichers: "pluginreports, permissions" },
    });
    const separate = await getWithRepeatedHeader(path, "enrichers", [
      "pluginreports",
      "permissions",
    ]);
    for (const answer of [joined, separate]) {
      expect(Object.keys(answer.json as object)).toEqual(
        expect.arrayContaining([...BASIC_FIELDS, "pluginReports", "permissions"]),
      );
      expect(answer.json).not.toHaveProperty("breadcrumbs");
    }
    expect((joined.json as { permissions: string[] }).permissions).toContain("INGEST");
  });

  it("accepts breadcrumb and breadcrumbs, and the other enrichers", async () => {
    const path = await ingested();
    for (const spelling of ["breadcrumb", "breadcrumbs"]) {
      const answer = await ingestApi("GET", path, {
        headers: { enrichers: `${spelling},searchcolumns,userPackage` },
      });
      expect(answer.json).toMatchObject({
        breadcrumbs: expect.arrayContaining([expect.objectContaining({ type: "AIP" })]),
        searchcolumns: expect.objectContaining({ status: "INGESTED" }),
        userPackage: expect.any(Object),
      });
    }
  });
});
