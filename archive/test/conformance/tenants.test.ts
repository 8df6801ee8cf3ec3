// Tenant isolation: a tenant never sees, updates or uses another tenant's packages and uploads;
// to it they do not exist (404 NOT_FOUND, or an unknown key).
import { describe, expect, it } from "vitest";
import { expectAccepted, expectError, ingestApi, waitForTerminal } from "../support/client";
import { documentRequest, metadata, uniquePackageId } from "../support/fixtures";
import { suite } from "../support/target";

const asB = { client: suite.clientB, tenant: suite.tenantB };

describe("tenant isolation", () => {
  it("hides a package's SIPs from another tenant", async () => {
    const accepted = expectAccepted(
      await ingestApi("PUT", "/document", { body: documentRequest() }),
    );
    await waitForTerminal(accepted);
    const path = `/sip/${encodeURIComponent(accepted.packageId)}/${encodeURIComponent(accepted.name ?? "")}`;
    expectError(await ingestApi("GET", path, asB), 404, "NOT_FOUND");
    // The same client sees it in the tenant it was ingested in.
    expect(
      (await ingestApi("GET", path, { client: suite.clientB, tenant: suite.tenantA })).status,
    ).toBe(200);
  });

  it("does not let another tenant update a package", async () => {
    const accepted = expectAccepted(
      await ingestApi("PUT", "/document", { body: documentRequest() }),
    );
    const answer = await ingestApi("POST", `/document/${encodeURIComponent(accepted.packageId)}`, {
      ...asB,
      body: { metadatas: [metadata("Hijacked")] },
    });
    expectError(answer, 404, "NOT_FOUND");
  });

  it("keeps the same packageId apart in two tenants", async () => {
    const packageId = uniquePackageId("shared-id");
    const a = await waitForTerminal(
      expectAccepted(await ingestApi("PUT", "/document", { body: documentRequest({ packageId }) })),
      {
        enrichers: "searchcolumns",
      },
    );
    const b = await waitForTerminal(
      expectAccepted(
        await ingestApi("PUT", "/document", {
          ...asB,
          body: documentRequest({ packageId, profile: suite.otherProfile }),
        }),
      ),
      { ...asB, enrichers: "searchcolumns" },
    );
    expect(a).toMatchObject({ packageId, status: "INGESTED", searchcolumns: { version: 1 } });
    expect(b).toMatchObject({ packageId, status: "INGESTED", searchcolumns: { version: 1 } });
  });

  it("does not let another tenant ingest from an upload key", async () => {
    const url = (await ingestApi("GET", "/url")).json as { url: string; key: string };
    const put = await fetch(url.url, { method: "PUT", body: "tenant A's bytes" });
    expect(put.status).toBe(200);
    const body = documentRequest({
      profile: suite.otherProfile,
      document: { type: "S3", name: "stolen.txt", content: url.key },
    });
    expect(
      expectError(await ingestApi("PUT", "/document", { ...asB, body }), 400, "VALIDATION_ERROR"),
    ).toMatch(/document\.content/);
  });
});
