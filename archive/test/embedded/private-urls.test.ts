// An archive left at its default (ARCHIVE_ALLOW_PRIVATE_URLS unset) never fetches URL content from
// loopback or private addresses. Needs its own archive process, so it runs against the embedded
// archive only.
import { mkdtemp, rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ChildArchive,
  childToken,
  freePort,
  startChildArchive,
} from "../support/child-archive";
import {
  documentRequest,
  type FixtureServer,
  PDF,
  serve,
  startFixtureServer,
} from "../support/fixtures";
import { childArchivesRunHere } from "../support/target";

// Chosen free at start, so a parallel run cannot answer /health for this test's archive.
let PORT = 0;
let dataDir: string;
let fixtures: FixtureServer;
let child: ChildArchive | undefined;
let token: string;

async function call(method: string, route: string, body?: unknown, enrichers?: string) {
  const response = await fetch(`${child?.url}/ingest${route}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      "Content-Type": "application/json",
      ...(enrichers ? { enrichers } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe.skipIf(!childArchivesRunHere())("URL content from private addresses", () => {
  beforeAll(async () => {
    PORT = await freePort();
    dataDir = await mkdtemp("/tmp/ingest-private-");
    fixtures = await startFixtureServer({ "/letter.pdf": serve(PDF, "application/pdf") });
    child = await startChildArchive({
      port: PORT,
      dataDir,
      env: { ARCHIVE_ALLOW_PRIVATE_URLS: "0" },
    });
    token = await childToken(child.url);
  });

  afterAll(async () => {
    await child?.kill("SIGTERM");
    await fixtures?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it.each(["127.0.0.1", "localhost"])(
    "fails a document at %s without fetching it",
    async (host) => {
      const url = `${fixtures.url.replace("127.0.0.1", host)}/letter.pdf`;
      const accepted = await call(
        "PUT",
        "/document",
        documentRequest({ document: { type: "URL", name: "letter.pdf", content: url } }),
      );
      expect(accepted.status).toBe(201);
      const path = `/sip/${encodeURIComponent(String(accepted.json.packageId))}/${String(accepted.json.name)}`;
      let status = accepted.json;
      for (let i = 0; i < 200 && !["INGESTED", "FAILED"].includes(String(status.status)); i++) {
        await new Promise((r) => setTimeout(r, 100));
        status = (await call("GET", path, undefined, "pluginreports")).json;
      }
      expect(status.status).toBe("FAILED");
      const reports = status.pluginReports as { status: string; message: string }[];
      expect(reports.find((r) => r.status === "FAILURE")?.message).toMatch(/public addresses/);
      expect(fixtures.requests).not.toContain("/letter.pdf");
    },
  );

  it("refuses a bag at a private address when the SIP is submitted", async () => {
    const answer = await call("PUT", "/sip", {
      type: "URL",
      name: "bag.zip",
      content: `${fixtures.url}/bag.zip`,
    });
    expect(answer).toMatchObject({ status: 400, json: { code: "VALIDATION_ERROR" } });
    expect(String(answer.json.message)).toMatch(/public addresses/);
  });
});
