// Property: whatever body and path values a caller sends to any /api/ingest or /api/preservation
// route, the answer is never a 5xx, an invalid request never reaches the archive, and path values
// never change which upstream URL is called. Runs the real routes against the real archive.
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import type { z } from "zod";
import { PUT as ingestDocument } from "@/app/api/ingest/document/route";
import { POST as updateDocument } from "@/app/api/ingest/document/[packageId]/route";
import { PUT as ingestSip } from "@/app/api/ingest/sip/route";
import { GET as sipStatus } from "@/app/api/ingest/sip/[packageId]/[submissionName]/route";
import { POST as preservation } from "@/app/api/preservation/[operation]/route";
import {
  DocumentPathParams,
  IngestDocumentRequest,
  IngestSipRequest,
  SipStatusParams,
  UpdateDocumentRequest,
} from "@scriptorium/contract/ingest/schemas";
import {
  isPreservationOperation,
  PRESERVATION_OPERATION_NAMES,
  PRESERVATION_OPERATIONS,
} from "@scriptorium/contract/preservation/schemas";
import { findUnstorableText } from "@scriptorium/contract/storable-text";
import { liveArchiveForFile } from "./testing/live-archive";
import { invoke, sessionOf, type RouteAnswer } from "./testing/harness";

const live = liveArchiveForFile();
beforeEach(() => {
  reached = 0;
  // An admin may call every route, so no refusal by role hides what the body would do.
  live.harness.session = sessionOf("admin");
});

// Values chosen to escape a path, plus arbitrary text of every kind.
const pathValue = fc.oneof(
  fc.constantFrom(
    "../url",
    "%2F..",
    "?x",
    "..",
    ".",
    "",
    "a/b",
    "#x",
    "..%2Furl",
    "\\..\\",
    "%00",
    " ",
    // Names an object answers without holding them: a lookup keyed by caller text must not see them.
    "__proto__",
    "valueOf",
    "constructor",
  ),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ maxLength: 40 }),
);

const base64ish = fc.oneof(
  fc.base64String({ maxLength: 40 }),
  fc.string({ maxLength: 20 }),
  fc.constantFrom("__proto__", "valueOf", "constructor"),
);
const content = fc.record({
  type: fc.constantFrom("BINARY", "URL", "S3", "FTP"),
  content: base64ish,
  name: fc.string({ maxLength: 12 }),
});
const metadatas = fc.array(
  fc.record({
    schema: fc.constantFrom("http://purl.org/dc/elements/1.1/", ""),
    metadata: fc.dictionary(fc.string(), fc.jsonValue()),
  }),
  { maxLength: 2 },
);
// Valid by construction: without them a run of 120 reached the archive by luck only (about one
// PUT /document body in 170 was valid), and the "reached" check below failed now and then.
const validContent = fc.record({
  type: fc.constant("BINARY"),
  content: fc.base64String({ minLength: 4, maxLength: 40 }),
  name: fc.stringMatching(/^[A-Za-z0-9 _-]{3,12}$/),
});
const validMetadatas = fc.array(
  fc.record({
    schema: fc.constant("http://purl.org/dc/elements/1.1/"),
    metadata: fc.record({ title: fc.string({ minLength: 1, maxLength: 20 }) }),
  }),
  { maxLength: 2 },
);
// Mostly arbitrary JSON; some bodies close to valid and some valid, so the archive's side is
// exercised too.
const body = (nearlyValid: fc.Arbitrary<unknown>, valid: fc.Arbitrary<unknown>) =>
  fc.oneof(fc.jsonValue(), nearlyValid, valid);

// Valid for the contract and free of text the dashboard refuses before any upstream call (U+0000,
// unpaired surrogates).
function problemFree(schema: z.ZodType, value: unknown): boolean {
  return schema.safeParse(value).success && findUnstorableText(value) === undefined;
}

// How many runs reached the archive, so a property cannot pass by never calling it.
let reached = 0;

function assertShape(answer: RouteAnswer) {
  if (live.harness.calls.length > 0) reached += 1;
  expect(answer.status, JSON.stringify(answer.json)).toBeLessThan(500);
  if (answer.status >= 400) {
    expect(answer.json).toMatchObject({
      error: { code: expect.any(String), message: expect.any(String) },
    });
  }
}

// What every upstream call must look like: under the base path, exactly the expected segments.
function assertUpstreamPaths(expected: string[]) {
  for (const call of live.harness.calls) {
    const segments = call.url.pathname.split("/").slice(1).map(decodeURIComponent);
    expect(segments).toEqual(expected);
    expect(call.url.search).toBe("");
  }
}

const RUNS = { numRuns: 120 };
const pathOk = (value: string) =>
  value !== "." && value !== ".." && !/[\u0000-\u001f\u007f]/.test(value) && value.isWellFormed();

// 120 runs of real HTTP each take a few seconds on a loaded machine, well past Vitest's 5 s default;
// a property cut off by that timeout keeps running and its upstream calls land in the next test's
// record.
describe("no request makes the proxy fail or go astray", { timeout: 120_000 }, () => {
  it("PUT /api/ingest/document", async () => {
    const nearly = fc.record({
      profile: fc.constantFrom("default", "no-such-profile"),
      packageId: fc.option(pathValue, { nil: undefined }),
      document: content,
      metadatas,
    });
    const valid = fc.record({
      profile: fc.constant("default"),
      document: validContent,
      metadatas: validMetadatas,
    });
    await fc.assert(
      fc.asyncProperty(body(nearly, valid), async (value) => {
        live.harness.calls.length = 0;
        assertShape(
          await invoke(ingestDocument, "PUT", "/api/ingest/document", {}, { body: value }),
        );
        expect(live.harness.calls).toHaveLength(problemFree(IngestDocumentRequest, value) ? 1 : 0);
        assertUpstreamPaths(["ingest", "document"]);
      }),
      RUNS,
    );
    expect(reached).toBeGreaterThan(0);
  });

  it("POST /api/ingest/document/[packageId]", async () => {
    await fc.assert(
      fc.asyncProperty(
        pathValue,
        body(fc.record({ metadatas }), fc.record({ metadatas: validMetadatas })),
        async (packageId, value) => {
          live.harness.calls.length = 0;
          const params = { packageId };
          assertShape(
            await invoke(updateDocument, "POST", "/api/ingest/document/x", params, { body: value }),
          );
          const valid =
            problemFree(DocumentPathParams, params) &&
            pathOk(packageId) &&
            problemFree(UpdateDocumentRequest, value);
          if (!valid) expect(live.harness.calls).toHaveLength(0);
          assertUpstreamPaths(["ingest", "document", packageId]);
        },
      ),
      RUNS,
    );
    expect(reached).toBeGreaterThan(0);
  });

  it("PUT /api/ingest/sip", async () => {
    await fc.assert(
      fc.asyncProperty(body(content, validContent), async (value) => {
        live.harness.calls.length = 0;
        assertShape(await invoke(ingestSip, "PUT", "/api/ingest/sip", {}, { body: value }));
        expect(live.harness.calls).toHaveLength(problemFree(IngestSipRequest, value) ? 1 : 0);
        assertUpstreamPaths(["ingest", "sip"]);
      }),
      RUNS,
    );
    expect(reached).toBeGreaterThan(0);
  });

  it("GET /api/ingest/sip/[packageId]/[submissionName]", async () => {
    await fc.assert(
      fc.asyncProperty(pathValue, pathValue, async (packageId, submissionName) => {
        live.harness.calls.length = 0;
        const params = { packageId, submissionName };
        assertShape(await invoke(sipStatus, "GET", "/api/ingest/sip/x/y", params));
        const valid =
          problemFree(SipStatusParams, params) && pathOk(packageId) && pathOk(submissionName);
        expect(live.harness.calls).toHaveLength(valid ? 1 : 0);
        assertUpstreamPaths(["ingest", "sip", packageId, submissionName]);
      }),
      RUNS,
    );
    expect(reached).toBeGreaterThan(0);
  });

  it("POST /api/preservation/[operation]", async (ctx) => {
    // Until the archive mounts /preservation every valid call would be a 501 from its absence.
    const probe = await fetch(`${live.archive.url}/preservation/RetrieveInfo`, {
      method: "POST",
      body: "{}",
    });
    if (probe.status === 404 && !(await probe.text()).includes("result")) {
      ctx.skip("the archive under test does not serve /preservation yet");
    }
    const poId = { poId: pathValue };
    const nearlyValid = fc.oneof(
      fc.tuple(
        fc.constant("RetrieveInfo"),
        fc.record(
          { stat: fc.constantFrom("active", "all", "none"), reqId: fc.string({ maxLength: 8 }) },
          { requiredKeys: [] },
        ),
      ),
      fc.tuple(fc.constantFrom("RetrievePO", "RetrieveTrace", "DeletePO"), fc.record(poId)),
      fc.tuple(
        fc.constant("RetrievePO"),
        fc.record({ ...poId, sor: fc.constantFrom("PO", "Evidence", "Nope") }),
      ),
      fc.tuple(fc.constant("Search"), fc.record({ fi: fc.string({ maxLength: 20 }) })),
      fc.tuple(
        fc.constant("PreservePO"),
        fc.record({
          pro: fc.string({ maxLength: 30 }),
          po: fc.array(fc.record({ binaryData: fc.record({ value: base64ish }) }), {
            maxLength: 2,
          }),
        }),
      ),
    );
    const arbitrary = fc.tuple(
      fc.oneof(fc.constantFrom(...PRESERVATION_OPERATION_NAMES), pathValue),
      fc.jsonValue(),
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(nearlyValid, arbitrary), async ([name, value]) => {
        live.harness.calls.length = 0;
        const params = { operation: name };
        assertShape(
          await invoke(preservation, "POST", "/api/preservation/x", params, { body: value }),
        );
        const valid =
          isPreservationOperation(name) &&
          problemFree(PRESERVATION_OPERATIONS[name].request, value);
        if (!valid) expect(live.harness.calls).toHaveLength(0);
        if (isPreservationOperation(name)) assertUpstreamPaths(["preservation", name]);
      }),
      RUNS,
    );
    expect(reached).toBeGreaterThan(0);
  });
});
