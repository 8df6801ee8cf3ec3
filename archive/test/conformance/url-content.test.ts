// `type: "URL"` content is fetched by the archive during the pipeline (the suite's archive is
// started with ARCHIVE_ALLOW_PRIVATE_URLS=1 so it may reach the local fixture server).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccepted, ingestApi, waitForTerminal } from "../support/client";
import {
  documentRequest,
  type FixtureServer,
  PDF,
  serve,
  sha256,
  startFixtureServer,
  metadata,
} from "../support/fixtures";
import { suite } from "../support/target";

let fixtures: FixtureServer;

beforeAll(async () => {
  fixtures = await startFixtureServer({
    "/letter.pdf": serve(PDF, "application/pdf"),
    "/moved": (_req, res) => res.writeHead(302, { Location: "/letter.pdf" }).end(),
    "/dc.json": serve(JSON.stringify({ title: "Fetched metadata" }), "application/json"),
    "/bad-dc.json": serve(JSON.stringify({ title: 7 }), "application/json"),
  });
});

afterAll(async () => {
  await fixtures.close();
});

async function ingest(body: unknown, enrichers = "representations,pluginreports,metadata") {
  return waitForTerminal(expectAccepted(await ingestApi("PUT", "/document", { body })), {
    enrichers,
  });
}

describe("URL content", () => {
  it("fetches a document by URL", async () => {
    const final = await ingest(
      documentRequest({
        document: { type: "URL", name: "letter.pdf", content: `${fixtures.url}/letter.pdf` },
      }),
    );
    expect(final.status).toBe("INGESTED");
    expect(final.representations).toEqual([
      expect.objectContaining({ sha256: sha256(PDF), size: PDF.length }),
    ]);
  });

  it("follows a redirect", async () => {
    const final = await ingest(
      documentRequest({
        document: { type: "URL", name: "letter.pdf", content: `${fixtures.url}/moved` },
      }),
    );
    expect(final.status).toBe("INGESTED");
  });

  it("fails the SIP with a FAILURE report when the URL cannot be fetched", async () => {
    const final = await ingest(
      documentRequest({
        document: { type: "URL", name: "gone.pdf", content: `${fixtures.url}/gone` },
      }),
    );
    expect(final.status).toBe("FAILED");
    const failures = (final.pluginReports ?? []).filter((r) => r.status === "FAILURE");
    expect(failures).toHaveLength(1);
    expect(failures[0]?.message).toMatch(/gone\.pdf/);
  });

  it("fetches and validates a metadata file given by URL", async () => {
    const good = await ingest(
      documentRequest({
        metadatas: [
          {
            schema: suite.schema,
            file: { type: "URL", name: "dc.json", content: `${fixtures.url}/dc.json` },
          },
        ],
      }),
    );
    expect(good).toMatchObject({ status: "INGESTED", metadata: [metadata("Fetched metadata")] });
    const bad = await ingest(
      documentRequest({
        metadatas: [
          {
            schema: suite.schema,
            file: { type: "URL", name: "bad-dc.json", content: `${fixtures.url}/bad-dc.json` },
          },
        ],
      }),
    );
    expect(bad.status).toBe("FAILED");
    expect(bad.pluginReports?.find((r) => r.status === "FAILURE")?.message).toMatch(/title/);
  });
});
