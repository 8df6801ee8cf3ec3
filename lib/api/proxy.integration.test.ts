// The /api routes against the real embedded archive, called as Next calls them.
import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PUT as ingestDocument } from "@/app/api/ingest/document/route";
import { POST as updateDocument } from "@/app/api/ingest/document/[packageId]/route";
import { PUT as ingestSip } from "@/app/api/ingest/sip/route";
import { GET as sipStatus } from "@/app/api/ingest/sip/[packageId]/[submissionName]/route";
import { GET as uploadUrl } from "@/app/api/ingest/url/route";
import { auditLog, submissions } from "@/lib/db/schema";
import { FOUR_EYES_REFUSAL } from "@/lib/deletions/guard";
import { writeFourEyes } from "@/lib/deletions/store";
import { POST as preservation } from "@/app/api/preservation/[operation]/route";
import { sendPlan } from "@/components/ingests/send-plan";
import { createIngestClient, type IngestClient } from "@/lib/ingest/client";
import { planUpload } from "@/lib/upload/planner";
import type { PlanInput } from "@/lib/upload/request-body";
import { uploadFile } from "@/lib/upload/uploader";
import { apiDeps, configureApi } from "./deps";
import { BODY_LIMIT_BYTES } from "./request";
import { liveArchiveForFile } from "./testing/live-archive";
import { invoke, sessionOf, TENANT_HEADER } from "./testing/harness";

const DC = "http://purl.org/dc/elements/1.1/";
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

function documentBody(packageId = `proxy-${randomUUID()}`, content = b64(randomBytes(64))) {
  return {
    profile: "default",
    packageId,
    document: { type: "BINARY", name: "record.bin", content },
    metadatas: [{ schema: DC, metadata: { title: "A record" } }],
  };
}

// Follows a SIP through the dashboard until the archive reports a final status.
async function untilFinal(packageId: string, submissionName: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const answer = await invoke(sipStatus, "GET", "/api/ingest/sip/p/s", {
      packageId,
      submissionName,
    });
    const status = (answer.json as { status?: string }).status ?? "";
    if (status === "INGESTED" || status === "FAILED") return status;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${packageId} did not finish ingesting`);
}

// The content of the package's document as RetrievePO gives it back through the dashboard.
async function retrievedContent(poId: string): Promise<string[]> {
  const answer = await invoke(
    preservation,
    "POST",
    "/api/preservation/RetrievePO",
    { operation: "RetrievePO" },
    {
      body: { poId, sor: "PO" },
    },
  );
  expect(answer.status, JSON.stringify(answer.json).slice(0, 500)).toBe(200);
  const po = (answer.json as { po?: Array<{ binaryData?: { value?: string } }> }).po ?? [];
  return po.map((entry) => entry.binaryData?.value ?? "");
}

let harnessIngest: IngestClient;

const live = liveArchiveForFile();
beforeAll(async () => {
  harnessIngest = (await apiDeps()).ingest;
});
beforeEach(() => {
  live.harness.session = sessionOf("archivist");
  live.harness.calls.length = 0;
});

describe("ingest through the dashboard", () => {
  it("accepts a document, journals it, audits it and reports its status", async () => {
    const body = documentBody();
    const accepted = await invoke(ingestDocument, "PUT", "/api/ingest/document", {}, { body });
    expect(accepted.status).toBe(201);
    const answer = accepted.json as { packageId: string; name: string; status: string };
    expect(answer.packageId).toBe(body.packageId);
    expect(accepted.headers.get("location")).toBe(
      `/api/ingest/sip/${encodeURIComponent(answer.packageId)}/${encodeURIComponent(answer.name)}`,
    );
    const call = live.harness.calls[0];
    expect(call?.headers.get("X-Vendor-Repository")).toBe("demo");

    const [row] = await live.harness.dashboard.db
      .select()
      .from(submissions)
      .where(eq(submissions.packageId, body.packageId));
    expect(row).toMatchObject({
      tenant: "demo",
      submissionName: answer.name,
      profile: "default",
      userId: "archivist",
    });
    const audit = await live.harness.dashboard.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, body.packageId));
    expect(audit).toMatchObject([
      { actorId: "archivist", action: "ingest.document", outcome: "success" },
    ]);

    const status = await invoke(sipStatus, "GET", "/api/ingest/sip/x/y", {
      packageId: answer.packageId,
      submissionName: answer.name,
    });
    expect(status.status).toBe(200);
    expect(status.json).toMatchObject({ packageId: body.packageId, name: answer.name });
    // Reading the status keeps the journal's last status current.
    expect(await untilFinal(answer.packageId, answer.name)).toBe("INGESTED");
    const [after] = await live.harness.dashboard.db
      .select()
      .from(submissions)
      .where(eq(submissions.packageId, body.packageId));
    expect(after?.lastStatus).toBe("INGESTED");
  });

  it("hands out an upload URL with its key", async () => {
    const answer = await invoke(uploadUrl, "GET", "/api/ingest/url", {});
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      url: expect.stringMatching(/^http/),
      key: expect.any(String),
    });
  });

  it("passes the archive's NOT_FOUND on with its meaning", async () => {
    const answer = await invoke(
      updateDocument,
      "POST",
      "/api/ingest/document/x",
      { packageId: `missing-${randomUUID()}` },
      {
        body: { metadatas: [] },
      },
    );
    expect(answer.status).toBe(404);
    expect(answer.json).toMatchObject({
      error: { code: "NOT_FOUND", upstream: { status: 404, code: "NOT_FOUND" } },
    });
  });

  it("refuses an invalid SIP naming the field, without calling the archive", async () => {
    const answer = await invoke(
      ingestSip,
      "PUT",
      "/api/ingest/sip",
      {},
      {
        body: { type: "BINARY", name: "bag.zip", content: "not base64!" },
      },
    );
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ error: { code: "VALIDATION_ERROR", field: "content" } });
    expect(live.harness.calls).toHaveLength(0);
  });
});

describe("limits", () => {
  it("passes an inline body just under the archive's 10 MB untruncated", async () => {
    const overhead = JSON.stringify(documentBody("x", "")).length + 200;
    const length = Math.floor((BODY_LIMIT_BYTES - overhead) / 4) * 4;
    const content = b64(randomBytes((length / 4) * 3));
    const body = documentBody(`proxy-big-${randomUUID()}`, content);
    const sent = JSON.stringify(body);
    expect(Buffer.byteLength(sent)).toBeLessThanOrEqual(BODY_LIMIT_BYTES);
    expect(Buffer.byteLength(sent)).toBeGreaterThan(BODY_LIMIT_BYTES - 1024);
    const answer = await invoke(
      ingestDocument,
      "PUT",
      "/api/ingest/document",
      {},
      { rawBody: sent },
    );
    expect(answer.status).toBe(201);
    expect(live.harness.calls).toHaveLength(1);
    expect(live.harness.calls[0]?.bodyBytes).toBe(Buffer.byteLength(sent));
    // And the archive stored every byte: the content comes back whole.
    const { name } = answer.json as { name: string };
    expect(await untilFinal(body.packageId, name)).toBe("INGESTED");
    expect(await retrievedContent(body.packageId)).toContain(content);
  }, 60_000);

  it("refuses a larger body with 413 pointing at the upload URL, without calling the archive", async () => {
    const body = documentBody("too-big", b64(randomBytes(Math.ceil(BODY_LIMIT_BYTES / 4) * 3)));
    const answer = await invoke(ingestDocument, "PUT", "/api/ingest/document", {}, { body });
    expect(answer.status).toBe(413);
    expect(answer.json).toMatchObject({
      error: { code: "JSON_TOO_LARGE", message: expect.stringContaining("/api/ingest/url") },
    });
    expect(live.harness.calls).toHaveLength(0);
  });
});

describe("a request refused as too large", () => {
  it("is sent once more with every file uploaded, and the package is ingested", async () => {
    const MB = 1024 * 1024;
    const parts = [randomBytes(4 * MB), randomBytes(4 * MB)];
    const files = new Map(parts.map((bytes, i) => [`f${i}`, new File([bytes], `part-${i}.bin`)]));
    const input: PlanInput = {
      profile: "default",
      packageId: `too-large-${randomUUID()}`,
      metadatas: [{ schema: DC, metadata: { title: "Two parts" } }],
      documents: [...files].map(([id, file]) => ({
        kind: "file",
        id,
        name: file.name,
        size: file.size,
      })),
    };
    // As a planner would decide for an archive whose limit it overestimates: everything inline.
    const planned = planUpload(input);
    const plan = {
      ...planned,
      decisions: planned.decisions.map((d) => ({ ...d, method: "inline" as const })),
    };
    const statuses: number[] = [];
    const sip = await sendPlan(plan, {
      fileOf: (id) => files.get(id) ?? null,
      read: async (file) => b64(new Uint8Array(await file.arrayBuffer())),
      upload: async (_id, file) => {
        const { key } = await uploadFile(file, {
          getUploadUrl: async () => (await invoke(uploadUrl, "GET", "/api/ingest/url", {})).json,
          transport: async ({ url, body, headers }) => {
            const answer = await fetch(url, { method: "PUT", body, headers });
            return { status: answer.status, body: await answer.text(), retryAfter: null };
          },
        });
        return key;
      },
      submit: async (body) => {
        const answer = await invoke(ingestDocument, "PUT", "/api/ingest/document", {}, { body });
        statuses.push(answer.status);
        if (answer.status !== 201) throw answer.json;
        return answer.json as { packageId: string; name: string };
      },
      isTooLarge: (error) =>
        (error as { error?: { code?: string } }).error?.code === "JSON_TOO_LARGE",
    });
    expect(statuses).toEqual([413, 201]);
    expect(await untilFinal(sip.packageId, sip.name)).toBe("INGESTED");
    const stored = await retrievedContent(sip.packageId);
    for (const bytes of parts) expect(stored).toContain(b64(bytes));
  }, 60_000);
});

describe("who may do what", () => {
  it("refuses DeletePO to an archivist with 403, audits it, and never calls the archive", async () => {
    const poId = `po-${randomUUID()}`;
    const answer = await invoke(
      preservation,
      "POST",
      "/api/preservation/DeletePO",
      { operation: "DeletePO" },
      {
        body: { poId, mod: "OnlySubDOs", reason: "test" },
      },
    );
    expect(answer.status).toBe(403);
    expect(answer.json).toMatchObject({ error: { code: "FORBIDDEN" } });
    expect(live.harness.calls).toHaveLength(0);
    // The refusal names the object the archivist aimed at, read from the bounded body.
    const audit = await live.harness.dashboard.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "object.delete"));
    expect(audit).toMatchObject([{ actorId: "archivist", outcome: "denied", target: poId }]);
  });

  it("refuses a cross-site POST with 403, and answers 401 to nobody", async () => {
    const crossSite = await invoke(
      ingestDocument,
      "PUT",
      "/api/ingest/document",
      {},
      {
        body: documentBody(),
        headers: { "sec-fetch-site": "cross-site", origin: "https://evil.example" },
      },
    );
    expect(crossSite.status).toBe(403);
    expect(crossSite.json).toMatchObject({ error: { code: "CROSS_SITE" } });
    live.harness.session = null;
    const anonymous = await invoke(
      ingestDocument,
      "PUT",
      "/api/ingest/document",
      {},
      { body: documentBody() },
    );
    expect(anonymous.status).toBe(401);
    expect(live.harness.calls).toHaveLength(0);
  });

  it("sends the user's chosen tenant and the enrichers as one comma-separated header", async () => {
    live.harness.session = sessionOf("admin", { tenant: "research" });
    const body = documentBody();
    const answer = await invoke(
      ingestDocument,
      "PUT",
      "/api/ingest/document?enrichers=permissions",
      {},
      {
        body,
        headers: { enrichers: "pluginreports, breadcrumb" },
      },
    );
    expect(answer.status).toBe(201);
    expect(answer.json).toMatchObject({ permissions: expect.arrayContaining(["DELETE"]) });
    expect(live.harness.calls[0]?.headers.get(TENANT_HEADER)).toBe("research");
    expect(live.harness.calls[0]?.headers.get("enrichers")).toBe(
      "pluginreports,breadcrumbs,permissions",
    );
  });

  it("refuses an unknown enricher naming the field", async () => {
    const answer = await invoke(
      ingestDocument,
      "PUT",
      "/api/ingest/document",
      {},
      {
        body: documentBody(),
        headers: { enrichers: "pluginreports,everything" },
      },
    );
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ error: { code: "VALIDATION_ERROR", field: "enrichers" } });
    expect(live.harness.calls).toHaveLength(0);
  });
});

describe("when the archive is away", () => {
  it("answers 502 with a sentence a person understands", async () => {
    configureApi({
      ingest: createIngestClient({
        baseUrl: "http://127.0.0.1:1/ingest",
        tenantHeader: TENANT_HEADER,
        timeoutMs: 2_000,
        tokenMode: "service",
        retries: 1,
        backoffMs: 10,
        maxResponseBytes: 1024,
      }),
    });
    try {
      const answer = await invoke(sipStatus, "GET", "/api/ingest/sip/a/b", {
        packageId: "a",
        submissionName: "b",
      });
      expect(answer.status).toBe(502);
      expect(answer.json).toMatchObject({
        error: {
          code: "UPSTREAM_UNAVAILABLE",
          message: "The archive could not be reached. Check that it is running, then try again.",
        },
      });
    } finally {
      configureApi({ ingest: harnessIngest });
    }
  });
});

describe("preservation through the dashboard", () => {
  const op = (operation: string, body?: unknown) =>
    invoke(
      preservation,
      "POST",
      `/api/preservation/${operation}`,
      { operation },
      body === undefined ? {} : { body },
    );

  it("answers RetrieveInfo with the profiles and the result intact, with or without a body", async () => {
    for (const answer of [
      await op("RetrieveInfo", { stat: "all", reqId: "r-1" }),
      await op("RetrieveInfo"),
    ]) {
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({
        result: { maj: "urn:oasis:names:tc:dss:1.0:resultmajor:Success" },
        pro: expect.arrayContaining([expect.objectContaining({ pid: expect.any(String) })]),
      });
    }
    expect((await op("RetrieveInfo", { stat: "all", reqId: "r-1" })).json).toMatchObject({
      reqId: "r-1",
    });
  });

  it("maps an unknown object to 404, keeping the archive's result beside the error", async () => {
    const answer = await op("RetrievePO", { poId: `missing-${randomUUID()}`, reqId: "r-2" });
    expect(answer.status).toBe(404);
    expect(answer.json).toMatchObject({
      reqId: "r-2",
      result: {
        maj: "urn:oasis:names:tc:dss:1.0:resultmajor:RequesterError",
        min: "http://uri.etsi.org/19512/error/unknownPOID",
      },
      error: {
        code: "NOT_FOUND",
        message: expect.stringContaining("There is no preserved object with this ID"),
        upstream: { status: 200, min: "http://uri.etsi.org/19512/error/unknownPOID" },
      },
    });
  });

  it("lets an admin ask for a deletion, auditing it with the object and the outcome", async () => {
    live.harness.session = sessionOf("admin");
    const poId = `missing-${randomUUID()}`;
    const answer = await op("DeletePO", { poId, mod: "OnlySubDOs", reason: "test" });
    expect(answer.status).toBe(404);
    expect(live.harness.calls).toHaveLength(1);
    const audit = await live.harness.dashboard.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, poId));
    expect(audit).toMatchObject([
      {
        actorId: "admin",
        action: "object.delete",
        outcome: "failure",
        detail: { code: "NOT_FOUND" },
      },
    ]);
  });

  it("refuses a direct DeletePO while four-eyes approval is on, without calling the archive", async () => {
    live.harness.session = sessionOf("admin");
    await writeFourEyes(live.harness.dashboard.db, true);
    try {
      const poId = `four-eyes-${randomUUID()}`;
      const answer = await op("DeletePO", { poId, mod: "OnlySubDOs", reason: "test" });
      expect(answer.status).toBe(403);
      expect(answer.json).toMatchObject({
        error: { code: "FORBIDDEN", message: FOUR_EYES_REFUSAL },
      });
      expect(live.harness.calls).toHaveLength(0);
    } finally {
      await writeFourEyes(live.harness.dashboard.db, false);
    }
  });

  it("refuses an operation that does not exist without calling the archive", async () => {
    const answer = await op("DropTables", {});
    expect(answer.status).toBe(404);
    expect(answer.json).toMatchObject({ error: { code: "NOT_FOUND" } });
    expect(live.harness.calls).toHaveLength(0);
  });

  it("gives back what was ingested: a package is the object with poId = packageId", async () => {
    const body = documentBody();
    const accepted = await invoke(ingestDocument, "PUT", "/api/ingest/document", {}, { body });
    const { name } = accepted.json as { name: string };
    expect(await untilFinal(body.packageId, name)).toBe("INGESTED");
    expect(await retrievedContent(body.packageId)).toContain(body.document.content);
  }, 30_000);
});
