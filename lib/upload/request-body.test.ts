import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { IngestDocumentRequest, type MetadataObject } from "@scriptorium/contract/ingest/schemas";
import {
  base64Length,
  buildIngestRequest,
  inlineBodySize,
  utf8Length,
  type FileDocument,
  type PlanDocument,
  type PlanInput,
} from "./request-body";

const bytesOfBody = (body: unknown) => Buffer.byteLength(JSON.stringify(body), "utf8");

// Any text, astral characters, quotes, control characters and lone surrogates included.
const anyText = fc.string({ unit: "binary", maxLength: 24 });
const metadataObject: fc.Arbitrary<MetadataObject> = fc.oneof(
  fc.record({
    schema: anyText,
    metadata: fc.dictionary(anyText, fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 }),
  }),
  fc.record({
    schema: anyText,
    file: fc.record({
      type: fc.constant("BINARY" as const),
      content: fc.base64String({ maxLength: 40 }),
      name: anyText,
    }),
  }),
);

type Case = { doc: PlanDocument; bytes?: Uint8Array; key?: string; inline: boolean };
const fileCase: fc.Arbitrary<Case> = fc
  .record({
    id: fc.uuid(),
    name: anyText,
    bytes: fc.uint8Array({ maxLength: 200 }),
    metadatas: fc.option(fc.array(metadataObject, { maxLength: 2 }), { nil: undefined }),
    inline: fc.boolean(),
    key: fc.option(anyText, { nil: undefined }),
  })
  .map(({ id, name, bytes, metadatas, inline, key }) => ({
    doc: { kind: "file", id, name, size: bytes.length, metadatas },
    bytes,
    key: key ?? id,
    inline,
  }));
const urlCase: fc.Arbitrary<Case> = fc
  .record({ id: fc.uuid(), name: anyText, url: fc.webUrl() })
  .map(({ id, name, url }) => ({ doc: { kind: "url", id, name, url }, inline: false }));

const scenario = fc.record({
  profile: anyText,
  packageId: fc.option(anyText, { nil: undefined }),
  metadatas: fc.array(metadataObject, { maxLength: 3 }),
  cases: fc.array(fc.oneof(fileCase, urlCase), { maxLength: 6 }),
});

describe("inlineBodySize", () => {
  it("equals the UTF-8 length of the real JSON body, byte for byte", () => {
    fc.assert(
      fc.property(scenario, ({ profile, packageId, metadatas, cases }) => {
        const input: PlanInput = {
          profile,
          packageId,
          metadatas,
          documents: cases.map((c) => c.doc),
        };
        const byId = new Map(cases.map((c) => [c.doc.id, c]));
        const real = buildIngestRequest(input, (doc) => {
          const c = byId.get(doc.id)!;
          return c.inline
            ? { type: "BINARY", content: Buffer.from(c.bytes!).toString("base64") }
            : { type: "S3", content: c.key! };
        });
        const size = inlineBodySize(input, (doc) => {
          const c = byId.get(doc.id)!;
          return c.inline ? { type: "BINARY" } : { type: "S3", key: c.key };
        });
        expect(size).toBe(bytesOfBody(real));
      }),
      { numRuns: 300 },
    );
  });

  it("counts an unknown upload key as the reserve, an upper bound for any key up to that size", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 64 }), fc.nat(64), (key, reserve) => {
        const doc: FileDocument = { kind: "file", id: "a", name: "a.pdf", size: 10 };
        const input: PlanInput = { profile: "default", metadatas: [], documents: [doc] };
        const real = bytesOfBody(buildIngestRequest(input, () => ({ type: "S3", content: key })));
        const reserved = inlineBodySize(input, () => ({ type: "S3" }), reserve);
        expect(reserved - real).toBe(reserve - (utf8Length(JSON.stringify(key)) - 2));
      }),
    );
  });

  it("builds a body the ingest contract accepts", () => {
    const input: PlanInput = {
      profile: "default",
      packageId: "invoice-2024-001",
      metadatas: [{ schema: "http://purl.org/dc/elements/1.1/", metadata: { title: "Invoice" } }],
      documents: [
        { kind: "file", id: "1", name: "invoice.pdf", size: 3 },
        { kind: "file", id: "2", name: "scan.tiff", size: 99 },
        { kind: "url", id: "3", name: "minutes.pdf", url: "https://example.org/minutes.pdf" },
      ],
    };
    const body = buildIngestRequest(input, (doc) =>
      doc.id === "1" ? { type: "BINARY", content: "AAEC" } : { type: "S3", content: "k-2" },
    );
    const parsed = IngestDocumentRequest.safeParse(body);
    expect(parsed.success).toBe(true);
    expect(body.documents?.map((d) => d.type)).toEqual(["BINARY", "S3", "URL"]);
  });

  it("leaves out an empty packageId so the archive generates one", () => {
    const input: PlanInput = { profile: "p", packageId: "", metadatas: [], documents: [] };
    expect("packageId" in buildIngestRequest(input, () => ({ type: "S3", content: "" }))).toBe(
      false,
    );
  });
});

describe("base64Length and utf8Length", () => {
  it("base64Length matches Buffer's encoding for every size", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(base64Length(bytes.length)).toBe(Buffer.from(bytes).toString("base64").length);
      }),
    );
  });

  it("utf8Length matches TextEncoder, lone surrogates included", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 50 }), (s) => {
        expect(utf8Length(s)).toBe(new TextEncoder().encode(s).length);
      }),
    );
  });
});
