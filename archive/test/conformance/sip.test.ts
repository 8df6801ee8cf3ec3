// PUT /sip: a BagIt bag as a zip, inline, by URL or by upload key. package-metadata.json names the
// profile, optionally the packageId, and the metadata; the manifests are checked.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { b64, expectAccepted, expectError, ingestApi, waitForTerminal } from "../support/client";
import { buildBag } from "../support/bag";
import {
  type FixtureServer,
  metadata,
  PDF,
  serve,
  sha256,
  startFixtureServer,
  uniquePackageId,
} from "../support/fixtures";
import { suite } from "../support/target";

let fixtures: FixtureServer;
const ENRICH = "representations,metadata,pluginreports";

const packageMetadata = (extra: Record<string, unknown> = {}) => ({
  profile: suite.profile,
  metadatas: [metadata("A bagged package")],
  documents: [{ path: "data/letter.pdf", metadatas: [metadata("The bagged letter")] }],
  ...extra,
});
const payload = { "letter.pdf": PDF, "notes/readme.txt": "bagged notes\n" };
const bag = Buffer.from(buildBag({ payload, packageMetadata: packageMetadata() }));

beforeAll(async () => {
  fixtures = await startFixtureServer({ "/bag.zip": serve(bag, "application/zip") });
});

afterAll(async () => {
  await fixtures.close();
});

async function putSip(content: { type: string; content: string; name?: string }) {
  return ingestApi("PUT", "/sip", { body: { name: "bag.zip", ...content } });
}

describe("PUT /sip", () => {
  it("ingests an inline bag, each payload file a representation with its metadata", async () => {
    const answer = await putSip({ type: "BINARY", content: b64(bag) });
    expect(answer.status).toBe(201);
    const final = await waitForTerminal(expectAccepted(answer), { enrichers: ENRICH });
    expect(final.status).toBe("INGESTED");
    expect(final.metadata).toEqual([metadata("A bagged package")]);
    expect(final.representations).toEqual([
      expect.objectContaining({
        name: "letter.pdf",
        sha256: sha256(PDF),
        metadatas: [metadata("The bagged letter")],
      }),
      expect.objectContaining({
        name: "notes/readme.txt",
        sha256: sha256("bagged notes\n"),
        metadatas: [],
      }),
    ]);
  });

  it("takes the packageId from package-metadata.json, also for a bag zipped with its folder", async () => {
    const packageId = uniquePackageId("bag");
    const wrapped = buildBag({
      payload,
      packageMetadata: packageMetadata({ packageId }),
      topFolder: "my-bag",
    });
    const accepted = expectAccepted(await putSip({ type: "BINARY", content: b64(wrapped) }));
    expect(accepted.packageId).toBe(packageId);
    expect((await waitForTerminal(accepted)).status).toBe("INGESTED");
  });

  it("fetches a bag by URL and takes one from an upload", async () => {
    const byUrl = expectAccepted(await putSip({ type: "URL", content: `${fixtures.url}/bag.zip` }));
    expect((await waitForTerminal(byUrl)).status).toBe("INGESTED");
    const upload = (await ingestApi("GET", "/url")).json as { url: string; key: string };
    expect((await fetch(upload.url, { method: "PUT", body: bag })).status).toBe(200);
    const byKey = expectAccepted(await putSip({ type: "S3", content: upload.key }));
    expect((await waitForTerminal(byKey)).status).toBe("INGESTED");
  });

  it("fails a bag whose manifest does not match its payload, adding nothing", async () => {
    const packageId = uniquePackageId("bad-bag");
    const broken = buildBag({
      payload,
      packageMetadata: packageMetadata({ packageId }),
      wrongDigest: ["letter.pdf"],
    });
    const final = await waitForTerminal(
      expectAccepted(await putSip({ type: "BINARY", content: b64(broken) })),
      {
        enrichers: ENRICH,
      },
    );
    expect(final.status).toBe("FAILED");
    expect(final.representations).toEqual([]);
    expect(final.pluginReports?.find((r) => r.status === "FAILURE")?.message).toMatch(
      /letter\.pdf/,
    );
  });

  it("refuses a bag without package metadata, or under an unknown profile", async () => {
    const bare = buildBag({ payload });
    expect(
      expectError(await putSip({ type: "BINARY", content: b64(bare) }), 400, "VALIDATION_ERROR"),
    ).toMatch(/package-metadata\.json/);
    const unknown = buildBag({
      payload,
      packageMetadata: packageMetadata({ profile: "no-such-profile" }),
    });
    expect(
      expectError(await putSip({ type: "BINARY", content: b64(unknown) }), 400, "VALIDATION_ERROR"),
    ).toMatch(/profile/);
  });

  it("refuses content that is not a zip", async () => {
    const answer = await putSip({ type: "BINARY", content: b64("just text") });
    expect(expectError(answer, 400, "VALIDATION_ERROR")).toMatch(/zip/);
  });
});
