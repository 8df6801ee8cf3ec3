// Deletions against the real embedded archive (in-process, port 4600-4699) and a scratch dashboard
// database: with and without four-eyes, what reaches the archive, the rows and the audit log.
import { mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadArchiveConfig, startArchive } from "@scriptorium/archive/testing";
import { ApiError } from "@/lib/api/errors";
import { DEFAULT_UPSTREAM_SETTINGS } from "@/lib/api/upstream-fetch";
import { sessionOf } from "@/lib/api/testing/harness";
import { requestToken } from "@/lib/auth/oidc-client";
import { openDashboardDb, type OpenedDashboardDb } from "@/lib/db/client";
import { listAudit, recordAudit } from "@/lib/journal/audit";
import { createPreservationClient } from "@/lib/preservation/client";
import {
  approveDeletion,
  rejectDeletion,
  requestDeletion,
  withdrawDeletion,
  type DeletionDeps,
} from "./service";
import { findObject, recordFacts } from "@/lib/catalogue/store";
import { assertDirectDeletionAllowed } from "./guard";
import { writeFourEyes } from "./store";

let archive: { url: string; close(): Promise<void> };
let dataDir: string;
let dashboard: OpenedDashboardDb;
let token: string;
let client: ReturnType<typeof createPreservationClient>;

beforeAll(async () => {
  dataDir = await mkdtemp("/tmp/presui-deletions-");
  const first = 4600 + Math.floor(Math.random() * 90);
  for (let port = first; port < 4700; port++) {
    const config = loadArchiveConfig({
      ARCHIVE_PORT: String(port),
      ARCHIVE_DATA_DIR: path.join(dataDir, `archive-${port}`),
    } as unknown as NodeJS.ProcessEnv);
    try {
      archive = await startArchive(config);
      break;
    } catch (error) {
      if (!(error instanceof Error) || !error.message.includes("already in use")) throw error;
    }
  }
  dashboard = await openDashboardDb({});
  const grant = await requestToken(
    {
      issuer: `${archive.url}/oidc`,
      clientId: "demo-admin",
      clientSecret: "demo-admin-secret",
      timeoutMs: 10_000,
    },
    { grant_type: "client_credentials" },
  );
  token = grant.accessToken;
  client = createPreservationClient({
    ...DEFAULT_UPSTREAM_SETTINGS,
    baseUrl: `${archive.url}/preservation`,
    tenantHeader: "X-Vendor-Repository",
    tokenMode: "service",
    timeoutMs: 20_000,
  });
}, 120_000);

afterAll(async () => {
  await dashboard?.close();
  await archive?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const alan = sessionOf("admin");
const grace = sessionOf("admin", {
  user: { ...alan.user, id: "admin2", name: "Grace Second Admin" },
});

function depsFor(session: typeof alan): DeletionDeps {
  return {
    db: dashboard.db,
    session,
    recordAudit: (entry) => recordAudit(entry, dashboard.db),
    deletePO: (tenant, request) => client.call({ token, tenant }, "DeletePO", request),
  };
}

async function preserve(): Promise<string> {
  const answer = await client.call({ token, tenant: "demo" }, "PreservePO", {
    pro: "urn:scriptorium:profile:general:1.0",
    po: [
      { binaryData: { value: Buffer.from("to be deleted").toString("base64") }, id: "note.txt" },
    ],
  });
  return answer.body.poId!;
}

async function exists(poId: string): Promise<boolean> {
  try {
    await client.call({ token, tenant: "demo" }, "RetrievePO", { poId, sor: "PO" });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.code === "NOT_FOUND") return false;
    throw error;
  }
}

const input = (poId: string) => ({
  poId,
  mode: "OnlySubDOs" as const,
  reason: "Retention period has ended",
  crn: "Alan Admin",
  confirm: poId,
});

describe("deletions", () => {
  it("without four-eyes, deletes at once and records the outcome", async () => {
    const poId = await preserve();
    const row = await requestDeletion(depsFor(alan), input(poId));
    expect(row).toMatchObject({
      status: "done",
      requestedByName: "Alan Admin",
      outcome: { ok: true },
    });
    expect(await exists(poId)).toBe(false);
    const [entry] = await listAudit({ action: "object.delete" }, dashboard.db);
    expect(entry).toMatchObject({ target: poId, outcome: "success", actorName: "Alan Admin" });
    // OnlySubDOs keeps the evidence: it is still answered.
    const evidence = await client.call({ token, tenant: "demo" }, "RetrievePO", {
      poId,
      sor: "Evidence",
    });
    expect(evidence.body.po?.length).toBe(1);
  });

  it("records a failed deletion as failed, with the archive's reason", async () => {
    const row = await requestDeletion(depsFor(alan), input("no-such-object"));
    expect(row.status).toBe("failed");
    expect(row.outcome).toMatchObject({ ok: false, code: "NOT_FOUND" });
  });

  it("with four-eyes, waits for a second admin before anything reaches the archive", async () => {
    await writeFourEyes(dashboard.db, true);
    const poId = await preserve();
    const row = await requestDeletion(depsFor(alan), input(poId));
    expect(row.status).toBe("pending");
    expect(await exists(poId)).toBe(true);

    await expect(approveDeletion(depsFor(alan), row.id, "Fine by me")).rejects.toThrow(
      /second administrator must approve/,
    );
    const approved = await approveDeletion(
      depsFor(grace),
      row.id,
      "Checked the retention schedule",
    );
    expect(approved).toMatchObject({ status: "done", decidedByName: "Grace Second Admin" });
    expect(await exists(poId)).toBe(false);
    await expect(rejectDeletion(depsFor(grace), row.id, "Too late")).rejects.toThrow(
      /already deleted/,
    );

    const [deletion] = await listAudit({ action: "object.delete" }, dashboard.db);
    expect(deletion).toMatchObject({ target: poId, actorName: "Grace Second Admin" });
    expect(deletion?.detail).toMatchObject({
      requestedBy: "Alan Admin",
      approvedBy: "Grace Second Admin",
    });
  });

  it("refuses a direct DeletePO while four-eyes is on, and allows it when off", async () => {
    await writeFourEyes(dashboard.db, true);
    await expect(assertDirectDeletionAllowed(dashboard.db)).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await writeFourEyes(dashboard.db, false);
    await expect(assertDirectDeletionAllowed(dashboard.db)).resolves.toBeUndefined();
    await writeFourEyes(dashboard.db, true);
  });

  it("with four-eyes, a rejected request never deletes", async () => {
    const poId = await preserve();
    const row = await requestDeletion(depsFor(alan), input(poId));
    const rejected = await rejectDeletion(depsFor(grace), row.id, "Still under legal hold");
    expect(rejected).toMatchObject({ status: "rejected", comment: "Still under legal hold" });
    await expect(approveDeletion(depsFor(grace), row.id, "Changed my mind")).rejects.toThrow(
      /rejected/,
    );
    expect(await exists(poId)).toBe(true);
  });

  it("with four-eyes, the holdings show a waiting request, and withdrawn or rejected it gives the row back", async () => {
    await writeFourEyes(dashboard.db, true);
    const state = async (poId: string) => (await findObject(dashboard.db, "demo", poId))?.state;
    for (const end of ["withdraw", "reject"] as const) {
      const poId = await preserve();
      await recordFacts(dashboard.db, [
        { tenant: "demo", poId, state: "ingested", fromArchive: true, title: "Note" },
      ]);
      const row = await requestDeletion(depsFor(alan), input(poId));
      expect(await state(poId)).toBe("deletion-requested");
      if (end === "withdraw") await withdrawDeletion(depsFor(alan), row.id);
      else await rejectDeletion(depsFor(grace), row.id, "Still under legal hold");
      expect(await findObject(dashboard.db, "demo", poId), end).toMatchObject({
        state: "ingested",
        deletionRequestedAt: null,
        title: "Note",
      });
    }
  });

  it("hides requests of tenants the admin does not work in", async () => {
    await writeFourEyes(dashboard.db, true);
    const poId = await preserve();
    const row = await requestDeletion(depsFor(alan), input(poId));
    const outsider = sessionOf("admin", {
      user: { ...grace.user, id: "eve", tenants: ["research"] },
    });
    await expect(approveDeletion(depsFor(outsider), row.id, "Sure")).rejects.toThrow(
      /no such deletion request/,
    );
  });

  it("answers no such request for an id that is not a UUID, as for one it does not know", async () => {
    for (const id of ["!", "1", "иt→", crypto.randomUUID()]) {
      await expect(withdrawDeletion(depsFor(alan), id)).rejects.toMatchObject({
        code: "NOT_FOUND",
        message: expect.stringMatching(/no such deletion request/),
      });
    }
  });
});
