// Fuzzing the archive over HTTP: at least 10,000 requests (FUZZ_CASES) across every route it
// serves, eight at a time, by fetch and by raw socket (see support/fuzz-cases.ts). None may be
// answered with a 5xx; an error from the ingest API, an upload URL or the archive itself is
// `{ code, message }`, one from the preservation API that or ETSI's envelope; and the archive
// still answers /health afterwards. The counts by status are printed at the end.
// Embedded only: another archive need not share these error shapes.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { ingestApi, tokenFor, waitForTerminal, expectAccepted } from "../support/client";
import { documentRequest, uniquePackageId } from "../support/fixtures";
import {
  fuzzCase,
  requestBytes,
  type Family,
  type FuzzCase,
  type FuzzContext,
} from "../support/fuzz-cases";
import { rawRequest } from "../support/raw-http";
import { archiveTarget, suite } from "../support/target";

const CASES = Number(process.env.FUZZ_CASES ?? 10_000);
const CONCURRENCY = 8;

interface Outcome {
  // undefined: no answer before the connection closed (allowed only when the client hung up).
  status?: number;
  contentType: string;
  body: string;
}

async function send(baseUrl: string, c: FuzzCase): Promise<Outcome> {
  if (c.transport === "raw") {
    const answer = await rawRequest(baseUrl, requestBytes(c), {
      timeoutMs: 20_000,
      halfClose: c.hangUp,
    });
    return {
      status: answer.status,
      contentType: answer.headers["content-type"] ?? "",
      body: answer.body,
    };
  }
  const noBody = c.method === "GET" || c.method === "HEAD";
  const response = await fetch(`${baseUrl}${c.target}`, {
    method: c.method,
    headers: c.headers,
    body: noBody || !c.body ? undefined : Buffer.from(c.body),
    redirect: "manual",
    signal: AbortSignal.timeout(60_000),
  });
  return {
    status: response.status,
    contentType: response.headers.get("content-type") ?? "",
    body: await response.text(),
  };
}

const json = (body: string): unknown => {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
};
const isErrorShape = (value: unknown) =>
  typeof value === "object" &&
  value !== null &&
  Object.keys(value).sort().join() === "code,message" &&
  typeof (value as { message: unknown }).message === "string";
const isEtsiEnvelope = (value: unknown) =>
  typeof (value as { result?: { maj?: unknown } } | undefined)?.result?.maj === "string";

// What is wrong with the answer to `c`, or undefined.
function problemWith(c: FuzzCase, outcome: Outcome): string | undefined {
  const { status } = outcome;
  if (status === undefined) return c.hangUp ? undefined : "no answer";
  if (status >= 500) return `answered ${status}`;
  if (status < 400 || outcome.body === "" || c.family === "oidc") return undefined;
  const body = json(outcome.body);
  if (isErrorShape(body)) return undefined;
  if (c.family === "preservation" && isEtsiEnvelope(body)) return undefined;
  return `a ${status} whose body is not the error shape`;
}

function describeCase(c: FuzzCase, outcome: Outcome, problem: string) {
  const request =
    c.transport === "raw"
      ? JSON.stringify(requestBytes(c).toString("latin1").slice(0, 300))
      : `${c.method} ${c.target.slice(0, 200)} ${JSON.stringify(c.headers).slice(0, 300)} ${JSON.stringify(
          Buffer.from(c.body ?? [])
            .toString("latin1")
            .slice(0, 200),
        )}`;
  return `${problem}: ${c.label} (${c.transport}) ${request} → ${outcome.status} ${outcome.body.slice(0, 300)}`;
}

describe.skipIf(!archiveTarget().embedded)("the archive under fuzzed requests", () => {
  let ctx: FuzzContext;

  beforeAll(async () => {
    // Something for the near-valid requests to find: a package, its SIP, an unused upload URL.
    const packageId = uniquePackageId("fuzz");
    const ingested = await waitForTerminal(
      expectAccepted(await ingestApi("PUT", "/document", { body: documentRequest({ packageId }) })),
    );
    const upload = (await ingestApi("GET", "/url")).json as { url: string; key: string };
    ctx = {
      archivistToken: await tokenFor(suite.clientA),
      adminToken: await tokenFor(suite.clientB),
      tenants: [suite.tenantA, suite.tenantB],
      tenantHeader: suite.tenantHeader,
      profile: suite.profile,
      schema: suite.schema,
      packageId,
      submissionName: ingested.name ?? "sip-1",
      upload: { key: upload.key, query: new URL(upload.url).search },
    };
  }, 120_000);

  it(`answers ${CASES} requests across every route without a 5xx, in its error shapes, and keeps serving`, async () => {
    const baseUrl = suite.baseUrl;
    const byStatus = new Map<string, number>();
    const byFamily = new Map<Family, number>();
    let cases = 0;
    const started = Date.now();

    await fc.assert(
      fc.asyncProperty(
        fc.array(fuzzCase(ctx), { minLength: CONCURRENCY, maxLength: CONCURRENCY }),
        async (batch) => {
          const outcomes = await Promise.all(batch.map((c) => send(baseUrl, c)));
          batch.forEach((c, i) => {
            const outcome = outcomes[i]!;
            cases += 1;
            const key = outcome.status === undefined ? "no answer" : String(outcome.status);
            byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
            byFamily.set(c.family, (byFamily.get(c.family) ?? 0) + 1);
            const problem = problemWith(c, outcome);
            if (problem) expect.fail(describeCase(c, outcome, problem));
          });
        },
      ),
      { numRuns: Math.ceil(CASES / CONCURRENCY), endOnFailure: true },
    );

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const statuses = [...byStatus]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([s, n]) => `${s}: ${n}`);
    const families = [...byFamily].map(([f, n]) => `${f}: ${n}`);
    console.log(
      `archive fuzz (${archiveTarget().backend}): ${cases} cases in ${seconds} s; statuses ${statuses.join(", ")}; routes ${families.join(", ")}`,
    );
    expect(cases).toBeGreaterThanOrEqual(CASES);
    expect([...byStatus.keys()].filter((s) => Number(s) >= 500)).toEqual([]);
    const health = await fetch(`${baseUrl}/health`);
    expect(health.status).toBe(200);
  }, 600_000);
});
