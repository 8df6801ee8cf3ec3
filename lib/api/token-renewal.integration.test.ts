// Upstream tokens that live 20 seconds: 20 proxied calls spread across the moment the token
// expires all succeed, and the archive counts exactly one renewal, in service and in user mode.
// Uses the auth module's real token source (single-flight, row lock) and the archive's sign-in.
import { randomBytes, randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInWithCode } from "@scriptorium/archive/testing";
import { PUT as ingestDocument } from "@/app/api/ingest/document/route";
import { GET as sipStatus } from "@/app/api/ingest/sip/[packageId]/[submissionName]/route";
import { createSession } from "@/lib/auth/session-store";
import { startTestArchive, type TestArchive } from "./testing/archive";
import { APP_ORIGIN, invoke, sessionOf, startHarness, type Harness } from "./testing/harness";

const TTL_SECONDS = 20;
const MARGIN_MS = 1_000;

let archive: TestArchive;

beforeAll(async () => {
  archive = await startTestArchive({ ARCHIVE_TOKEN_TTL: String(TTL_SECONDS) });
}, 120_000);
afterAll(async () => {
  await archive?.close();
});

// The test's own calls to the archive (sign-in, stats) may meet a pooled connection the server
// has just closed on its keep-alive timeout; one more try is what a browser would do.
async function once<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    if (cause?.code !== "ECONNRESET") throw error;
    return work();
  }
}

// Ingests one document so there is a SIP whose status answers 200.
async function aSubmission(): Promise<{ packageId: string; submissionName: string }> {
  const body = {
    profile: "default",
    packageId: `renewal-${randomUUID()}`,
    document: { type: "BINARY", name: "record.bin", content: randomBytes(30).toString("base64") },
    metadatas: [{ schema: "http://purl.org/dc/elements/1.1/", metadata: { title: "Renewal" } }],
  };
  const answer = await invoke(ingestDocument, "PUT", "/api/ingest/document", {}, { body });
  expect(answer.status).toBe(201);
  const { packageId, name } = answer.json as { packageId: string; name: string };
  return { packageId, submissionName: name };
}

// 20 status reads, started together, each waiting its turn so that they run from 1.5 s before
// the token's expiry to 1.35 s after it: across the renewal point and the expiry itself.
async function burstAcross(
  expiresAt: number,
  params: { packageId: string; submissionName: string },
) {
  const start = expiresAt - 1_500;
  await sleep(Math.max(0, start - Date.now()));
  return Promise.all(
    Array.from({ length: 20 }, async (_, i) => {
      await sleep(i * 150);
      return invoke(sipStatus, "GET", "/api/ingest/sip/p/s", params);
    }),
  );
}

async function runScenario(
  harness: Harness,
  grant: "client_credentials" | "refresh_token",
  token: () => Promise<string>,
) {
  const submission = await aSubmission();
  const { exp } = decodeJwt(await token());
  expect(exp).toBeDefined();
  const before = await once(() => archive.tokenStats());
  const answers = await burstAcross((exp ?? 0) * 1000, submission);
  const after = await once(() => archive.tokenStats());
  expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
  expect(after[grant]! - before[grant]!).toBe(1);
  const others = Object.keys(after).filter((k) => k !== grant);
  for (const k of others) expect(after[k], k).toBe(before[k]);
  await harness.close();
}

describe(`with ${TTL_SECONDS}-second upstream tokens`, () => {
  it("service mode: one client-credentials renewal for 20 calls across the expiry", async () => {
    const harness = await startHarness({
      archiveUrl: archive.url,
      mode: "service",
      marginMs: MARGIN_MS,
    });
    harness.session = sessionOf("archivist");
    await runScenario(harness, "client_credentials", () => harness.tokens.forService());
  }, 90_000);

  it("user mode: one refresh for 20 calls across the expiry", async () => {
    const harness = await startHarness({
      archiveUrl: archive.url,
      mode: "user",
      marginMs: MARGIN_MS,
    });
    const tokens = await once(() =>
      signInWithCode({
        archiveUrl: archive.url,
        clientId: "scriptorium",
        clientSecret: "scriptorium-secret",
        redirectUri: `${APP_ORIGIN}/api/auth/callback/oidc`,
        username: "archivist",
        password: "archivist",
      }),
    );
    expect(tokens.refresh_token).toBeDefined();
    const id = await createSession(
      harness.dashboard.db,
      {
        sub: "archivist",
        name: "Ada Archivist",
        roles: ["archivist"],
        tenants: ["demo"],
        tenant: "demo",
      },
      {
        accessToken: tokens.access_token,
        refreshToken: tokens.refresh_token,
        expiresAt: new Date(Date.now() + tokens.expires_in * 1000),
      },
    );
    harness.session = sessionOf("archivist", { id });
    await runScenario(harness, "refresh_token", () => harness.tokens.forSession(id));
  }, 90_000);
});
