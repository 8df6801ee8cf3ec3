import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MULTIPART_LIMITS } from "@scriptorium/contract/ingest/multipart";
import { INGEST_LIMITS } from "@scriptorium/contract/ingest/schemas";
import { formatBytes } from "./format";
import { planUpload, replanAfterTooLarge, type UploadPlan } from "./planner";
import {
  buildIngestRequest,
  inlineBodySize,
  type FileDocument,
  type PlanInput,
} from "./request-body";

const LIMIT = INGEST_LIMITS.inlineBodyBytes;
const MB = 1024 * 1024;
const DC = "http://purl.org/dc/elements/1.1/";

function file(id: string, name: string, size: number): FileDocument {
  return { kind: "file", id, name, size };
}

function input(documents: PlanInput["documents"], extra: Partial<PlanInput> = {}): PlanInput {
  return {
    profile: "default",
    metadatas: [{ schema: DC, metadata: { title: "T" } }],
    documents,
    ...extra,
  };
}

const methodOf = (plan: UploadPlan, id: string) => plan.decisions.find((d) => d.id === id)?.method;

// A one-file input whose all-inline body is exactly `target` bytes, found by padding the name:
// every ASCII character adds one byte.
function oneFileBodyOf(target: number, size: number): PlanInput {
  const base = input([file("f", "", size)]);
  const missing = target - inlineBodySize(base, () => ({ type: "BINARY" }));
  if (missing < 3) throw new Error("file too large for this target");
  return input([file("f", "x".repeat(missing), size)]);
}

describe("planUpload at the exact 10 MB boundary", () => {
  const size = 7 * MB;
  it.each([
    [LIMIT - 1, "inline"],
    [LIMIT, "inline"],
    [LIMIT + 1, "upload"],
  ])("a body of %i bytes sends the file %s", (target, expected) => {
    const plan = planUpload(oneFileBodyOf(target, size));
    // Build the real body the archive would receive, bytes included, and measure it.
    const bytes = Buffer.alloc(size, 7).toString("base64");
    const real = buildIngestRequest(plan.input, () => ({ type: "BINARY", content: bytes }));
    expect(Buffer.byteLength(JSON.stringify(real))).toBe(target);
    expect(methodOf(plan, "f")).toBe(expected);
    expect(plan.ready).toBe(true);
    expect(plan.bodyBytes).toBeLessThanOrEqual(LIMIT);
  });

  it("says why in words, with exact bytes when rounding would hide the overflow", () => {
    const plan = planUpload(oneFileBodyOf(LIMIT + 1, size));
    const [decision] = plan.decisions;
    expect(decision?.reason).toContain("is uploaded straight to the archive first");
    expect(decision?.reason).toContain("10,485,761 bytes, over the 10 MB limit");
  });
});

describe("planUpload decisions", () => {
  it("keeps a small file inline and uploads a large scan first, with reasons a person reads", () => {
    const plan = planUpload(
      input([file("r", "report.pdf", Math.round(3.2 * MB)), file("s", "scan.tiff", 60 * MB)]),
    );
    expect(plan.decisions.map((d) => d.method)).toEqual(["inline", "upload"]);
    expect(plan.decisions[0]?.reason).toMatch(
      /^report\.pdf \(3\.2 MB\) goes inline: the request stays under the 10 MB limit/,
    );
    expect(plan.decisions[1]?.reason).toMatch(
      /^scan\.tiff \(60 MB\) is uploaded straight to the archive first: inline it would make the request 84 MB, over the 10 MB limit\.$/,
    );
  });

  it("moves the largest files out first and keeps one-byte files inline", () => {
    const docs = [
      ...Array.from({ length: 50 }, (_, i) => file(`one-${i}`, `tiny-${i}.txt`, 1)),
      file("a", "a-big.bin", 6 * MB),
      file("b", "b-big.bin", 5 * MB),
      file("c", "c-mid.bin", 2 * MB),
    ];
    const plan = planUpload(input(docs));
    expect(methodOf(plan, "a")).toBe("upload");
    expect(methodOf(plan, "b")).toBe("inline");
    expect(
      plan.decisions.filter((d) => d.id.startsWith("one-")).every((d) => d.method === "inline"),
    ).toBe(true);
  });

  it("uploads a file past 5 GB (a multipart upload), refuses one past 5 TB before anything is sent", () => {
    const plan = planUpload(
      input([
        file("x", "disk.img", MULTIPART_LIMITS.maxUploadBytes + 1),
        file("y", "tape.img", INGEST_LIMITS.uploadBytes + 1),
      ]),
    );
    expect(methodOf(plan, "x")).toBe("refused");
    expect(methodOf(plan, "y")).toBe("upload");
    expect(plan.decisions[0]?.reason).toBe(
      "disk.img (5,497,558,138,881 bytes) cannot be sent: it is larger than 5 TB, the most the archive accepts in one upload. Split it.",
    );
    expect(plan.ready).toBe(false);
    expect(plan.problems.join(" ")).toContain("Remove disk.img");
  });

  it("lets the archive fetch URL references and says their size is not known in advance", () => {
    const plan = planUpload(
      input([
        { kind: "url", id: "u", name: "minutes.pdf", url: "https://files.example.org/m.pdf" },
      ]),
    );
    expect(plan.decisions[0]).toMatchObject({ method: "url", size: null });
    expect(plan.decisions[0]?.reason).toBe(
      "minutes.pdf is fetched by the archive from files.example.org: its size is not known in advance, and the archive refuses files over 200 MB from a URL.",
    );
    expect(plan.ready).toBe(true);
  });

  it("is not ready without documents, with short names, or when the metadata alone is too large", () => {
    expect(planUpload(input([])).problems).toEqual([
      "Add at least one file or URL: a package needs at least one document.",
    ]);
    expect(planUpload(input([file("a", "ab", 5)])).problems[0]).toContain('Rename "ab"');
    const heavy = input([file("a", "a.pdf", 10)], {
      metadatas: [{ schema: DC, metadata: { description: "x".repeat(LIMIT) } }],
    });
    const plan = planUpload(heavy);
    expect(methodOf(plan, "a")).toBe("upload");
    expect(plan.ready).toBe(false);
    expect(plan.problems[0]).toMatch(
      /^Even with every file uploaded first, the metadata makes the request/,
    );
  });
});

describe("replanAfterTooLarge", () => {
  it("moves every remaining inline file to the upload URL and keeps URL and refused decisions", () => {
    const plan = planUpload(
      input([
        file("a", "a.pdf", 1000),
        file("b", "b.pdf", 20 * MB),
        { kind: "url", id: "u", name: "u.pdf", url: "https://example.org/u.pdf" },
        file("z", "z.img", MULTIPART_LIMITS.maxUploadBytes + 1),
      ]),
    );
    const next = replanAfterTooLarge(plan);
    expect(next.decisions.map((d) => d.method)).toEqual(["upload", "upload", "url", "refused"]);
    expect(next.decisions[0]?.reason).toContain("the archive refused the request as too large");
    expect(next.decisions[1]?.reason).toBe(plan.decisions[1]?.reason);
    expect(next.bodyBytes).toBeLessThan(plan.bodyBytes);
  });
});

// Small limits keep the property fast; the arithmetic is the same at 10 MB.
const smallLimit = fc.integer({ min: 300, max: 5000 });
const files = fc.array(fc.integer({ min: 0, max: 3000 }), { minLength: 1, maxLength: 25 });

describe("planUpload properties", () => {
  it("fits the limit whenever it can, moving out only files larger than any kept inline, and no more than needed", () => {
    fc.assert(
      fc.property(smallLimit, files, (limitBytes, sizes) => {
        const docs = sizes.map((size, i) => file(`f${i}`, `file-${i}.bin`, size));
        const plan = planUpload(input(docs, { metadatas: [] }), {
          limitBytes,
          keyReserveBytes: 40,
        });
        const isUp = (d: FileDocument) => methodOf(plan, d.id) === "upload";
        const carriage = (d: FileDocument) =>
          isUp(d) ? ({ type: "S3" } as const) : ({ type: "BINARY" } as const);
        expect(plan.bodyBytes).toBe(inlineBodySize(plan.input, carriage, 40));

        const allUploaded = inlineBodySize(plan.input, () => ({ type: "S3" }), 40);
        if (allUploaded <= limitBytes) expect(plan.bodyBytes).toBeLessThanOrEqual(limitBytes);
        expect(plan.ready).toBe(plan.bodyBytes <= limitBytes);

        const up = docs.filter(isUp);
        const kept = docs.filter((d) => !isUp(d));
        for (const u of up) for (const k of kept) expect(u.size).toBeGreaterThanOrEqual(k.size);
        // Bringing any uploaded file back inline would break the limit.
        for (const u of up) {
          const back = inlineBodySize(
            plan.input,
            (d) => (d.id === u.id ? { type: "BINARY" } : carriage(d)),
            40,
          );
          expect(back).toBeGreaterThan(limitBytes);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("after a JSON_TOO_LARGE nothing stays inline", () => {
    fc.assert(
      fc.property(smallLimit, files, (limitBytes, sizes) => {
        const docs = sizes.map((size, i) => file(`f${i}`, `file-${i}.bin`, size));
        const next = replanAfterTooLarge(planUpload(input(docs), { limitBytes }));
        expect(next.decisions.some((d) => d.method === "inline")).toBe(false);
        expect(next.bodyBytes).toBe(
          inlineBodySize(next.input, () => ({ type: "S3" }), next.options.keyReserveBytes),
        );
      }),
    );
  });
});

describe("sizes in reasons", () => {
  it("are the sizes formatBytes shows elsewhere in the wizard", () => {
    const plan = planUpload(input([file("a", "photo.jpg", 1536)]));
    expect(plan.decisions[0]?.reason).toContain(`photo.jpg (${formatBytes(1536)})`);
    expect(formatBytes(1536)).toBe("1.5 KB");
  });
});
