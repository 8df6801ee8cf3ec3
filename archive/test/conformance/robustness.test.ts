// Property: whatever anyText an ingest carries (any Unicode, odd file names, odd metadata keys and
// values, random bytes), the archive answers 2xx or a 4xx error in the documented shape, never a
// 5xx; every SIP it accepts reaches INGESTED or FAILED (none is left PROCESSING); and an ingested
// package gives back exactly the names and metadata it was sent.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { anyText, nonBlankText } from "../support/arbitrary-text";
import { buildBag } from "../support/bag";
import type { IngestResponse } from "@scriptorium/contract/ingest/schemas";
import { b64, expectAccepted, ingestApi, waitForTerminal } from "../support/client";
import { suite } from "../support/target";

// Mostly what a caller may send, so most runs are accepted and go through the whole pipeline; now and
// then what the contract refuses (a short name, a non-ASCII packageId, an unknown metadata field).
const name = fc.oneof(
  { weight: 9, arbitrary: anyText.filter((t) => t.length >= 3) },
  { weight: 1, arbitrary: anyText },
);
const asciiId = fc.string({
  unit: fc.constantFrom(..."ABCxyz019 #[]%-_.,;=+!~'()&$^`{}"),
  minLength: 1,
  maxLength: 40,
});
const packageId = fc.oneof(
  { weight: 6, arbitrary: asciiId.filter((t) => t.trim() !== "") },
  { weight: 1, arbitrary: anyText },
);
const dublinCore = fc.record(
  {
    title: nonBlankText,
    description: nonBlankText,
    creator: fc.array(nonBlankText, { maxLength: 3 }),
    subject: fc.array(nonBlankText, { maxLength: 3 }),
    rights: nonBlankText,
  },
  { requiredKeys: ["title"] },
);
const metadataObject = fc.record({
  schema: fc.constant(suite.schema),
  metadata: fc.oneof(
    { weight: 9, arbitrary: dublinCore },
    {
      weight: 1,
      arbitrary: fc
        .dictionary(anyText, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 2 })
        .map((extra) => ({ title: "t", ...extra })),
    },
  ),
});
const document = fc.record(
  {
    type: fc.constant("BINARY"),
    name,
    content: fc.uint8Array({ maxLength: 300 }).map((bytes) => b64(bytes)),
    metadatas: fc.array(metadataObject, { maxLength: 2 }),
  },
  { requiredKeys: ["type", "name", "content"] },
);
const request = fc.record(
  {
    profile: fc.constant(suite.profile),
    packageId,
    documents: fc.array(document, { minLength: 1, maxLength: 3 }),
    metadatas: fc.array(metadataObject, { maxLength: 2 }),
  },
  { requiredKeys: ["profile", "documents", "metadatas"] },
);

const RUN = `robust-${Date.now().toString(36)}`;

// What became of a PUT /document or PUT /sip: refused (a 4xx in the error shape), or accepted and
// ended, never a 5xx and never a failure of the archive itself (the "pipeline" report).
async function outcomeOf(
  answer: Awaited<ReturnType<typeof ingestApi>>,
): Promise<IngestResponse | "refused"> {
  expect(answer.status, JSON.stringify(answer.json)).toBeLessThan(500);
  if (answer.status >= 400) {
    expect(answer.json).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    return "refused";
  }
  const final = await waitForTerminal(expectAccepted(answer), {
    enrichers: "representations,metadata,pluginreports",
    timeoutMs: 30_000,
  });
  const failures = (final.pluginReports ?? []).filter((r) => r.status === "FAILURE");
  expect(failures.map((r) => r.pluginName)).not.toContain("pipeline");
  if (final.status === "FAILED")
    expect(
      failures.some((r) => (r.message ?? "").length > 0),
      "a FAILED SIP says why",
    ).toBe(true);
  return final;
}

type Sent = { name: string; metadatas?: unknown[] };
type Representation = { name?: string; metadatas?: unknown[] };

describe("any anyText in an ingest", () => {
  let ingested = 0;
  let runs = 0;

  it("is refused with a 4xx or ingested to a terminal status, and what is kept is what was sent", async () => {
    await fc.assert(
      fc.asyncProperty(request, async (drawn) => {
        // A packageId made unique, so that no run adds a version to another run's package.
        const body =
          drawn.packageId === undefined
            ? drawn
            : { ...drawn, packageId: `${RUN}-${(runs += 1)}-${drawn.packageId}` };
        const final = await outcomeOf(await ingestApi("PUT", "/document", { body }));
        if (final === "refused" || final.status === "FAILED") return;
        expect(final.status).toBe("INGESTED");
        ingested += 1;
        if (body.packageId !== undefined) expect(final.packageId).toBe(body.packageId);
        const kept = (final.representations ?? []) as Representation[];
        expect(kept.map((r) => r.name)).toEqual(body.documents.map((d: Sent) => d.name));
        expect(kept.map((r) => r.metadatas ?? [])).toEqual(
          body.documents.map((d: Sent) => d.metadatas ?? []),
        );
        expect(final.metadata).toEqual(body.metadatas);
      }),
      { numRuns: Number(process.env.ROBUSTNESS_RUNS ?? 60) },
    );
    // About four runs in ten pass the contract and go through the whole pipeline (measured: 127
    // of 300); 8 of 60 keeps a chance of failing by bad luck below one in 100,000.
    expect(ingested).toBeGreaterThanOrEqual(8);
  }, 600_000);
});

// The same for bags: payload paths of any Unicode (one or two segments, odd ones included), random
// bytes, valid metadata for some of the files. A zip carries names as UTF-8, so they are well
// formed. A bag whose paths are all safe must be ingested; the others must be refused or fail.
const segment = nonBlankText.filter((t) => t.isWellFormed());
const payloadPath = fc
  .array(segment, { minLength: 1, maxLength: 2 })
  .map((parts) => parts.join("/"));
const validDublinCore = fc.record({
  schema: fc.constant(suite.schema),
  metadata: fc.record({ title: fc.stringMatching(/^[A-Za-z][\w .,-]{0,30}$/) }),
});
const bagRequest = fc.record({
  payload: fc.dictionary(payloadPath, fc.uint8Array({ maxLength: 200 }), {
    minKeys: 1,
    maxKeys: 3,
  }),
  metadatas: fc.array(validDublinCore, { maxLength: 1 }),
  described: fc.array(
    fc.tuple(fc.nat(), fc.array(validDublinCore, { minLength: 1, maxLength: 1 })),
    { maxLength: 2 },
  ),
});

// What RFC 8493 and any archive must refuse as a payload path: climbing out, empty or "." segments,
// backslashes, absolute or drive paths, NUL; and what zip tools leave behind (__MACOSX).
const safePath = (p: string) =>
  p.split("/").every((s) => s !== "" && s !== "." && s !== "..") &&
  !/[\\\u0000]/.test(p) &&
  !/^[A-Za-z]:/.test(p) &&
  !p.startsWith("__MACOSX/");

describe("any bag", () => {
  let ingested = 0;
  let runs = 0;

  it("is ingested when its paths are safe, refused or failed otherwise, and keeps every payload file by its path", async () => {
    await fc.assert(
      fc.asyncProperty(bagRequest, async ({ payload, metadatas, described }) => {
        const paths = Object.keys(payload);
        const documents = described.flatMap(([index, documentMetadatas]) => {
          const at = paths[index % paths.length];
          return at === undefined ? [] : [{ path: `data/${at}`, metadatas: documentMetadatas }];
        });
        const unique = [...new Map(documents.map((d) => [d.path, d])).values()];
        const packageId = `${RUN}-bag-${(runs += 1)}`;
        const bag = buildBag({
          payload,
          packageMetadata: { profile: suite.profile, packageId, metadatas, documents: unique },
        });
        const answer = await ingestApi("PUT", "/sip", {
          body: { name: "bag.zip", type: "BINARY", content: b64(bag) },
        });
        const final = await outcomeOf(answer);
        const safe = paths.every(safePath);
        expect(
          final !== "refused" && final.status === "INGESTED",
          JSON.stringify(final === "refused" ? answer.json : final.pluginReports),
        ).toBe(safe);
        if (final === "refused" || !safe) return;
        ingested += 1;
        const kept = (final.representations ?? []) as Representation[];
        expect(kept.map((r) => r.name).sort()).toEqual([...paths].sort());
        for (const d of unique)
          expect(kept.find((r) => `data/${r.name}` === d.path)?.metadatas).toEqual(d.metadatas);
        expect(final.metadata).toEqual(metadatas);
      }),
      { numRuns: Number(process.env.ROBUSTNESS_RUNS ?? 60) },
    );
    // Most bags have safe paths (measured: 132 of 150); 12 of 60 leaves no room for bad luck.
    expect(ingested).toBeGreaterThanOrEqual(12);
  }, 600_000);
});
