// Switching four-eyes approval off needs a second administrator: against the real embedded
// archive and a scratch dashboard database, one administrator cannot switch it off and then
// delete alone; another administrator's approval does switch it off.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { startTestArchive, type TestArchive } from "@/lib/api/testing/archive";
import { sessionOf } from "@/lib/api/testing/harness";
import { DEFAULT_UPSTREAM_SETTINGS } from "@/lib/api/upstream-fetch";
import { requestToken } from "@/lib/auth/oidc-client";
import { openDashboardDb, type OpenedDashboardDb } from "@/lib/db/client";
import { createPreservationClient } from "@/lib/preservation/client";
import {
  approveFourEyesOff,
  askFourEyesOff,
  readFourEyesState,
  rejectFourEyesOff,
  switchFourEyesOn,
} from "./four-eyes";
import { assertDirectDeletionAllowed } from "./guard";
import { requestDeletion, type DeletionDeps } from "./service";

let archive: TestArchive;
let dashboard: OpenedDashboardDb;
let client: ReturnType<typeof createPreservationClient>;
let token: string;

beforeAll(async () => {
  archive = await startTestArchive();
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
});

const alan = sessionOf("admin");
const grace = sessionOf("admin", {
  user: { ...alan.user, id: "admin2", name: "Grace Second Admin" },
});
const person = (session: typeof alan) => ({ id: session.user.id, name: session.user.name });

function depsFor(session: typeof alan): DeletionDeps {
  return {
    db: dashboard.db,
    session,
    recordAudit: async () => {},
    deletePO: (tenant, request) => client.call({ token, tenant }, "DeletePO", request),
  };
}

async function preserve(): Promise<string> {
  const answer = await client.call({ token, tenant: "demo" }, "PreservePO", {
    pro: "urn:scriptorium:profile:general:1.0",
    po: [{ binaryData: { value: Buffer.from("kept").toString("base64") }, id: "kept.txt" }],
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

const deletion = (poId: string) => ({
  poId,
  mode: "OnlySubDOs" as const,
  reason: "Retention period has ended",
  confirm: poId,
});

describe("switching four-eyes approval off", () => {
  it("is only a request: the administrator who asked still cannot delete alone", async () => {
    await switchFourEyesOn(dashboard.db);
    const asked = await askFourEyesOff(dashboard.db, person(alan));
    expect(asked).toMatchObject({
      fourEyes: true,
      pendingOff: { requestedById: "admin", requestedByName: "Alan Admin" },
    });
    // Asking again changes nothing.
    expect(await askFourEyesOff(dashboard.db, person(alan))).toEqual(asked);

    await expect(assertDirectDeletionAllowed(dashboard.db)).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    const poId = await preserve();
    const row = await requestDeletion(depsFor(alan), deletion(poId));
    expect(row.status).toBe("pending");
    expect(await exists(poId)).toBe(true);

    await expect(
      approveFourEyesOff(dashboard.db, asked.pendingOff!.id, person(alan)),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: expect.stringMatching(/you asked for it yourself/),
    });
    expect((await readFourEyesState(dashboard.db)).fourEyes).toBe(true);
  });

  it("takes effect once another administrator approves", async () => {
    const { pendingOff } = await readFourEyesState(dashboard.db);
    const approved = await approveFourEyesOff(dashboard.db, pendingOff!.id, person(grace));
    expect(approved.state).toEqual({ fourEyes: false, pendingOff: null });
    expect(approved.request.requestedByName).toBe("Alan Admin");
    expect(await readFourEyesState(dashboard.db)).toEqual({ fourEyes: false, pendingOff: null });

    const poId = await preserve();
    expect((await requestDeletion(depsFor(alan), deletion(poId))).status).toBe("done");
    expect(await exists(poId)).toBe(false);
    // The same request cannot be approved twice.
    await expect(
      approveFourEyesOff(dashboard.db, pendingOff!.id, person(grace)),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("switches on at once, and a rejected or withdrawn request leaves it on", async () => {
    expect((await switchFourEyesOn(dashboard.db)).state).toEqual({
      fourEyes: true,
      pendingOff: null,
    });
    const first = await askFourEyesOff(dashboard.db, person(alan));
    await rejectFourEyesOff(dashboard.db, first.pendingOff!.id);
    expect(await readFourEyesState(dashboard.db)).toEqual({ fourEyes: true, pendingOff: null });

    const second = await askFourEyesOff(dashboard.db, person(grace));
    // Switching on again withdraws the waiting request.
    const on = await switchFourEyesOn(dashboard.db);
    expect(on.withdrawn?.id).toBe(second.pendingOff!.id);
    await expect(
      approveFourEyesOff(dashboard.db, second.pendingOff!.id, person(alan)),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect((await readFourEyesState(dashboard.db)).fourEyes).toBe(true);
  });
});
