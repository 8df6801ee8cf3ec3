// Delta SIPs: PUT /document with an existing packageId and POST /document/{packageId} add a new
// version of the AIP; a failed SIP changes nothing; submission names are unique per package.
import { describe, expect, it } from "vitest";
import type { IngestResponse } from "@scriptorium/contract/ingest/schemas";
import { b64, expectAccepted, expectError, ingestApi, waitForTerminal } from "../support/client";
import {
  documentRequest,
  metadata,
  PDF,
  sha256,
  startFixtureServer,
  uniquePackageId,
} from "../support/fixtures";
import { suite } from "../support/target";

const ENRICH = "representations,metadata,searchcolumns,pluginreports";

async function ingest(body: unknown): Promise<IngestResponse> {
  return waitForTerminal(expectAccepted(await ingestApi("PUT", "/document", { body })), {
    enrichers: ENRICH,
  });
}

async function update(packageId: string, metadatas: unknown[]): Promise<IngestResponse> {
  const answer = await ingestApi("POST", `/document/${encodeURIComponent(packageId)}`, {
    body: { metadatas },
  });
  expect(answer.status).toBe(201);
  return waitForTerminal(expectAccepted(answer), { enrichers: ENRICH });
}

const versionOf = (r: IngestResponse) => (r.searchcolumns as { version: number | null }).version;
const namesOf = (r: IngestResponse) => (r.representations as { name: string }[]).map((x) => x.name);

describe("delta SIPs", () => {
  it("adds a version for PUT /document with an existing packageId, keeping the earlier documents", async () => {
    const packageId = uniquePackageId("delta");
    const first = await ingest(documentRequest({ packageId }));
    const second = await ingest(
      documentRequest({
        packageId,
        document: { type: "BINARY", name: "annex.txt", content: b64("annex") },
        metadatas: [],
      }),
    );
    expect(first).toMatchObject({ status: "INGESTED", packageId });
    expect(second).toMatchObject({ status: "INGESTED", packageId });
    expect(second.name).not.toBe(first.name);
    expect(versionOf(second)).toBe((versionOf(first) ?? 0) + 1);
    expect(namesOf(second)).toEqual(["letter.pdf", "annex.txt"]);
    // The earlier version is still there, unchanged.
    const again = await ingestApi("GET", `/sip/${encodeURIComponent(packageId)}/${first.name}`, {
      headers: { enrichers: ENRICH },
    });
    expect(namesOf(again.json as IngestResponse)).toEqual(["letter.pdf"]);
  });

  it("replaces package metadata with POST /document/{packageId} and keeps the representations", async () => {
    const packageId = uniquePackageId("meta");
    const first = await ingest(
      documentRequest({ packageId, metadatas: [metadata("Draft title")] }),
    );
    const updated = await update(packageId, [metadata("Final title")]);
    expect(updated).toMatchObject({
      status: "INGESTED",
      packageId,
      metadata: [metadata("Final title")],
    });
    expect(versionOf(updated)).toBe((versionOf(first) ?? 0) + 1);
    expect(updated.representations).toEqual(first.representations);
    expect(updated.name).not.toBe(first.name);
  });

  it("validates the metadata of an update against its schema", async () => {
    const packageId = uniquePackageId("meta-bad");
    await ingest(documentRequest({ packageId }));
    const answer = await ingestApi("POST", `/document/${encodeURIComponent(packageId)}`, {
      body: { metadatas: [{ schema: suite.schema, metadata: { title: "" } }] },
    });
    expect(expectError(answer, 400, "VALIDATION_ERROR")).toMatch(/title/);
  });

  it("leaves the AIP as it was when a delta SIP fails", async () => {
    const fixtures = await startFixtureServer({});
    try {
      const packageId = uniquePackageId("fail");
      const first = await ingest(documentRequest({ packageId }));
      // The URL answers 404: content retrieval fails, so the SIP fails.
      const failed = await ingest(
        documentRequest({
          packageId,
          document: { type: "URL", name: "gone.pdf", content: `${fixtures.url}/gone.pdf` },
        }),
      );
      expect(failed.status).toBe("FAILED");
      expect(failed.pluginReports?.some((r) => r.status === "FAILURE")).toBe(true);
      expect(versionOf(failed)).toBeNull();
      const after = await update(packageId, [metadata("After the failure")]);
      expect(versionOf(after)).toBe((versionOf(first) ?? 0) + 1);
      expect(namesOf(after)).toEqual(["letter.pdf"]);
      expect((after.representations as { sha256: string }[])[0]?.sha256).toBe(sha256(PDF));
    } finally {
      await fixtures.close();
    }
  });

  it("numbers SIPs so that names are unique within a package", async () => {
    const packageId = uniquePackageId("names");
    const answers = await Promise.all(
      [1, 2, 3].map((i) =>
        ingestApi("PUT", "/document", {
          body: documentRequest({
            packageId,
            document: { type: "BINARY", name: `doc-${i}.txt`, content: b64(`doc ${i}`) },
          }),
        }),
      ),
    );
    const names = answers.map((a) => expectAccepted(a).name);
    expect(new Set(names).size).toBe(3);
    const finals = await Promise.all(
      answers.map((a) => waitForTerminal(expectAccepted(a), { enrichers: ENRICH })),
    );
    expect(finals.map((f) => f.status)).toEqual(["INGESTED", "INGESTED", "INGESTED"]);
    expect(finals.map(versionOf).sort()).toEqual([1, 2, 3]);
  });

  it("refuses a delta SIP under another profile", async () => {
    const packageId = uniquePackageId("profile");
    await ingest(documentRequest({ packageId }));
    const answer = await ingestApi("PUT", "/document", {
      body: documentRequest({ packageId, profile: suite.otherProfile }),
    });
    expect(expectError(answer, 400, "VALIDATION_ERROR")).toMatch(/profile/);
  });
});
