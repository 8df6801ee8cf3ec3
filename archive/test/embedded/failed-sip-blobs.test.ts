// A FAILED or refused SIP leaves no bytes behind: its bag, its files and its record go once it has
// failed (an INGESTED one's record goes too), while bytes that an ingested package or a SIP still waiting to run also holds stay. The suite
// reads the embedded archive's data folder, so it is skipped against another archive.
import { randomUUID } from "node:crypto";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { b64, expectAccepted, ingestApi, waitForTerminal } from "../support/client";
import { buildBag } from "../support/bag";
import {
  documentRequest,
  type FixtureServer,
  metadata,
  serve,
  sha256,
  startFixtureServer,
  uniquePackageId,
} from "../support/fixtures";
import { archiveTarget, suite } from "../support/target";

const target = archiveTarget();
let fixtures: FixtureServer;
let releaseStall = () => {};
const stalled = new Promise<void>((resolve) => (releaseStall = resolve));

beforeAll(async () => {
  fixtures = await startFixtureServer({
    "/bad-dc.json": serve(JSON.stringify({ title: 7 }), "application/json"),
    // Sends half a file, then waits for the test: the SIP fetching it stays PROCESSING.
    "/stalled.txt": (_req, res) => {
      const body = Buffer.from("a document that arrives late\n");
      res.writeHead(200, { "Content-Type": "text/plain", "Content-Length": body.length });
      res.write(body.subarray(0, 10));
      void stalled.then(() => res.end(body.subarray(10)));
    },
  });
});

afterAll(async () => {
  releaseStall();
  await fixtures?.close();
});

const unique = (label: string) => Buffer.from(`${label} ${randomUUID()}\n`);
const objectPath = (bytes: Uint8Array) => {
  const digest = sha256(bytes);
  return path.join(target.dataDir ?? "", "blobs", "sha256", digest.slice(0, 2), digest);
};
const stored = (bytes: Uint8Array) =>
  stat(objectPath(bytes)).then(
    () => true,
    () => false,
  );

// The cleanup follows the terminal status, blobs first and the record last: wait for it rather than
// for the status alone.
async function until(done: () => Promise<boolean>, failure: string) {
  const deadline = Date.now() + 15_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(failure);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const gone = (bytes: Uint8Array) =>
  until(
    async () => !(await stored(bytes)),
    `the blob ${sha256(bytes)} of the failed SIP is still stored`,
  );

const recordsGone = (packageId: string) =>
  until(
    async () => (await recordsNaming(packageId)).length === 0,
    `a SIP record naming ${packageId} is still stored`,
  );

async function recordsNaming(packageId: string): Promise<string[]> {
  const dir = path.join(target.dataDir ?? "", "sips");
  const names = await readdir(dir).catch(() => [] as string[]);
  const found: string[] = [];
  for (const name of names) {
    if ((await readFile(path.join(dir, name), "utf8").catch(() => "")).includes(packageId))
      found.push(name);
  }
  return found;
}

// Two documents given inline, and a metadata file by URL whose values are invalid: the pipeline
// stores both documents before metadata validation fails the SIP.
const failingRequest = (
  documents: { name: string; bytes: Uint8Array }[],
  packageId = uniquePackageId("failing"),
) =>
  documentRequest({
    packageId,
    document: undefined,
    documents: documents.map((d) => ({ type: "BINARY", name: d.name, content: b64(d.bytes) })),
    metadatas: [
      {
        schema: suite.schema,
        file: { type: "URL", name: "bad-dc.json", content: `${fixtures.url}/bad-dc.json` },
      },
    ],
  });

describe.skipIf(!target.embedded)("blobs of failed SIPs", () => {
  it("removes the bag of a SIP whose manifest does not match, and its record", async () => {
    const packageId = uniquePackageId("bad-bag");
    const payload = { "letter.txt": unique("bagged letter") };
    const bag = buildBag({
      payload,
      packageMetadata: { profile: suite.profile, packageId, metadatas: [metadata()] },
      wrongDigest: ["letter.txt"],
    });
    const accepted = expectAccepted(
      await ingestApi("PUT", "/sip", {
        body: { name: "bag.zip", type: "BINARY", content: b64(bag) },
      }),
    );
    expect((await waitForTerminal(accepted)).status).toBe("FAILED");
    await gone(bag);
    await recordsGone(packageId);
  });

  it("removes an ingested SIP's record, inline content and all, and keeps its files", async () => {
    const packageId = uniquePackageId("ingested");
    const bytes = unique("an ingested document");
    const body = documentRequest({
      packageId,
      document: { type: "BINARY", name: "kept.txt", content: b64(bytes) },
    });
    expect(
      (await waitForTerminal(expectAccepted(await ingestApi("PUT", "/document", { body })))).status,
    ).toBe("INGESTED");
    await recordsGone(packageId);
    expect(await stored(bytes)).toBe(true);
  });

  it("keeps nothing of a bag refused when it is submitted", async () => {
    const bag = buildBag({ payload: { "letter.txt": unique("refused bag") } });
    const answer = await ingestApi("PUT", "/sip", {
      body: { name: "bag.zip", type: "BINARY", content: b64(bag) },
    });
    expect(answer.status).toBe(400);
    expect(await stored(bag)).toBe(false);
  });

  it("removes the files a failed SIP stored but keeps those an ingested package shares", async () => {
    const shared = unique("shared document");
    const own = unique("the failed SIP's own document");
    const kept = documentRequest({
      document: { type: "BINARY", name: "shared.txt", content: b64(shared) },
    });
    expect(
      (await waitForTerminal(expectAccepted(await ingestApi("PUT", "/document", { body: kept }))))
        .status,
    ).toBe("INGESTED");

    const body = failingRequest([
      { name: "shared.txt", bytes: shared },
      { name: "own.txt", bytes: own },
    ]);
    const failed = await waitForTerminal(
      expectAccepted(await ingestApi("PUT", "/document", { body })),
      { enrichers: "pluginreports" },
    );
    expect(failed.status).toBe("FAILED");
    expect(failed.pluginReports?.map((r) => [r.pluginName, r.status])).toContainEqual([
      "fixity",
      "SUCCESS",
    ]);
    await gone(own);
    expect(await stored(shared)).toBe(true);
  });

  it("keeps the bag of a SIP still waiting to run when a failed SIP brought the same bytes", async () => {
    // A SIP whose URL document never finishes arriving keeps its package busy...
    const packageId = uniquePackageId("busy");
    const slow = documentRequest({
      packageId,
      document: { type: "URL", name: "late.txt", content: `${fixtures.url}/stalled.txt` },
    });
    const first = expectAccepted(await ingestApi("PUT", "/document", { body: slow }));
    const statusPath = `/sip/${encodeURIComponent(first.packageId)}/${encodeURIComponent(first.name ?? "")}`;
    const deadline = Date.now() + 20_000;
    while (
      ((await ingestApi("GET", statusPath)).json as { status: string }).status !== "PROCESSING"
    ) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // ...so that a bag for the same package stays PENDING behind it.
    const bag = buildBag({
      payload: { "kept.txt": unique("bag payload") },
      packageMetadata: { profile: suite.profile, packageId, metadatas: [metadata()] },
    });
    const waiting = expectAccepted(
      await ingestApi("PUT", "/sip", {
        body: { name: "bag.zip", type: "BINARY", content: b64(bag) },
      }),
    );
    expect(waiting.status).toBe("PENDING");

    const own = unique("another failed SIP's own document");
    const body = failingRequest([
      { name: "copy-of-the-bag.zip", bytes: bag },
      { name: "own.txt", bytes: own },
    ]);
    expect(
      (await waitForTerminal(expectAccepted(await ingestApi("PUT", "/document", { body })))).status,
    ).toBe("FAILED");
    await gone(own);
    expect(await stored(bag)).toBe(true);

    releaseStall();
    expect((await waitForTerminal(first)).status).toBe("INGESTED");
    expect((await waitForTerminal(waiting)).status).toBe("INGESTED");
  });
});
