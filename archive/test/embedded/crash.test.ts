// Crash safety of the embedded archive: kill -9 during ingests and during an upload, restart on
// the same data folder, and check that no partial object is visible and every accepted SIP
// reaches a terminal status. Skipped when the suite targets another archive (ARCHIVE_BASE_URL).
import { createHash } from "node:crypto";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { request } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isTerminalSipStatus } from "@scriptorium/contract/ingest/schemas";
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
  sha256,
  startFixtureServer,
} from "../support/fixtures";
import { childArchivesRunHere } from "../support/target";

// Chosen free at start, so a parallel run cannot answer /health for this test's archive.
let PORT = 0;
let dataDir: string;
let fixtures: FixtureServer;
let stall = true;
let child: ChildArchive | undefined;

// Every blob object, checked to hold exactly the bytes its name (their SHA-256) promises.
async function objects(): Promise<string[]> {
  const root = path.join(dataDir, "blobs", "sha256");
  const names: string[] = [];
  for (const prefix of await readdir(root).catch(() => [])) {
    for (const name of await readdir(path.join(root, prefix))) {
      const bytes = await readFile(path.join(root, prefix, name));
      expect(createHash("sha256").update(bytes).digest("hex"), `object ${name}`).toBe(name);
      names.push(name);
    }
  }
  return names;
}

const temporaryFiles = () =>
  readdir(path.join(dataDir, "blobs", ".tmp")).catch(() => [] as string[]);

async function call(method: string, url: string, token: string, body?: unknown) {
  const response = await fetch(url, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  PORT = await freePort();
  dataDir = await mkdtemp("/tmp/ingest-crash-");
  fixtures = await startFixtureServer({
    // Sends half the file, then hangs while `stall` holds: the SIP is caught mid-retrieval.
    "/slow.pdf": (_req, res) => {
      res.writeHead(200, { "Content-Type": "application/pdf", "Content-Length": PDF.length });
      if (stall) res.write(PDF.subarray(0, PDF.length / 2));
      else res.end(PDF);
    },
  });
});

afterAll(async () => {
  await child?.kill("SIGKILL");
  await fixtures?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe.skipIf(!childArchivesRunHere())("crash safety", () => {
  it("brings every accepted SIP to a terminal status after kill -9 during ingests", async () => {
    child = await startChildArchive({ port: PORT, dataDir });
    let token = await childToken(child.url);
    const accepted: { packageId: string; name: string }[] = [];
    for (let i = 0; i < 2; i++) {
      const body = documentRequest({
        document: { type: "URL", name: `slow-${i}.pdf`, content: `${fixtures.url}/slow.pdf` },
      });
      const answer = await call("PUT", `${child.url}/ingest/document`, token, body);
      expect(answer.status).toBe(201);
      accepted.push(answer.json as { packageId: string; name: string });
    }
    for (let i = 0; i < 6; i++) {
      const body = documentRequest({
        document: {
          type: "BINARY",
          name: `quick-${i}.txt`,
          content: Buffer.from(`quick ${i}`).toString("base64"),
        },
      });
      accepted.push(
        (await call("PUT", `${child.url}/ingest/document`, token, body)).json as {
          packageId: string;
          name: string;
        },
      );
    }
    const statusUrl = (s: { packageId: string; name: string }) =>
      `${child?.url}/ingest/sip/${encodeURIComponent(s.packageId)}/${encodeURIComponent(s.name)}`;
    // Wait until a slow SIP is being processed (its fetch hangs), then crash.
    const deadline = Date.now() + 20_000;
    while ((await call("GET", statusUrl(accepted[0]!), token)).json.status !== "PROCESSING") {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 50));
    }
    await child.kill("SIGKILL");
    await objects();

    stall = false;
    child = await startChildArchive({ port: PORT, dataDir });
    token = await childToken(child.url);
    const statuses = new Map<string, string>();
    const until = Date.now() + 60_000;
    while (statuses.size < accepted.length && Date.now() < until) {
      for (const sip of accepted) {
        const status = String((await call("GET", statusUrl(sip), token)).json.status);
        if (isTerminalSipStatus(status)) statuses.set(`${sip.packageId}/${sip.name}`, status);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    expect([...statuses.values()]).toEqual(accepted.map(() => "INGESTED"));
    expect(await objects()).toContain(sha256(PDF));
    // The crash's leftovers are gone; a file the evidence sealer is writing just now may pass by.
    await expect.poll(temporaryFiles, { timeout: 10_000 }).toEqual([]);
    await child.kill("SIGTERM");
  });

  it("keeps no partial object and no usable key when kill -9 cuts an upload", async () => {
    child = await startChildArchive({ port: PORT, dataDir });
    let token = await childToken(child.url);
    const upload = (await call("GET", `${child.url}/ingest/url`, token)).json as {
      url: string;
      key: string;
    };
    const total = 8 * 1024 * 1024;
    const sent = Buffer.alloc(3 * 1024 * 1024, 0x5a);
    const req = request(upload.url, {
      method: "PUT",
      headers: { "Content-Length": String(total) },
    });
    req.on("error", () => {});
    req.write(sent);
    const deadline = Date.now() + 20_000;
    while ((await temporaryFiles()).length === 0) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 50));
    }
    await new Promise((r) => setTimeout(r, 300));
    await child.kill("SIGKILL");
    req.destroy();
    const before = await objects();
    expect(before).not.toContain(sha256(sent));

    child = await startChildArchive({ port: PORT, dataDir });
    token = await childToken(child.url);
    expect(await temporaryFiles()).toEqual([]);
    const s3 = documentRequest({ document: { type: "S3", name: "cut.bin", content: upload.key } });
    const refused = await call("PUT", `${child.url}/ingest/document`, token, s3);
    expect(refused).toMatchObject({ status: 400, json: { code: "VALIDATION_ERROR" } });
    expect(await objects()).toEqual(before);
    // The URL still works for a complete upload, after which the key is usable.
    const retry = await fetch(upload.url, { method: "PUT", body: Buffer.alloc(total, 0x5a) });
    expect(retry.status).toBe(200);
    expect((await call("PUT", `${child.url}/ingest/document`, token, s3)).status).toBe(201);
    await child.kill("SIGTERM");
  });
});
