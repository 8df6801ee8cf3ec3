import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { VersionWithFiles } from "../ingest/store";
import { applyDelta, canonicalJson, entriesFromVersion, sha256Hex, type PoEntry } from "./manifest";

const DC = "http://purl.org/dc/elements/1.1/";
const file = (name: string, sha: string) => ({
  name,
  mimeType: "application/pdf",
  puid: "fmt/276",
  formatName: "PDF 1.7",
  sha256: sha,
  size: 10,
  blob: sha,
  metadatas: [],
});

describe("entriesFromVersion", () => {
  const version: VersionWithFiles = {
    tenant: "demo",
    packageId: "p",
    version: 1,
    createdAt: new Date(),
    submissionId: null,
    metadatas: [{ schema: DC, metadata: { title: "Report", creator: "Finance" } }],
    files: [
      { ...file("a.pdf", "1".repeat(64)), metadatas: [{ schema: DC, metadata: { title: "A" } }] },
      file("a.pdf", "2".repeat(64)),
    ],
  };

  it("gives every PO a unique id and links file metadata to its file", () => {
    const { entries } = entriesFromVersion(version);
    expect(entries.map((e) => e.id)).toEqual([
      "a.pdf",
      "a.pdf (2)",
      "a.pdf.metadata-1.json",
      "metadata-1.json",
    ]);
    expect(entries[2]).toMatchObject({ kind: "metadata", formatId: DC, relObj: ["a.pdf"] });
    expect(entries[0]).toMatchObject({
      kind: "data",
      formatId: "info:pronom/fmt/276",
      pronomId: "fmt/276",
    });
  });

  it("turns metadata fields into canonical JSON bytes whose digest the entry carries", () => {
    const { entries, blobs } = entriesFromVersion(version);
    const packageMetadata = entries[3]!;
    const blob = blobs.find((b) => b.sha256 === packageMetadata.sha256)!;
    expect(JSON.parse(blob.bytes.toString("utf8"))).toEqual({
      creator: "Finance",
      title: "Report",
    });
    expect(sha256Hex(blob.bytes)).toBe(packageMetadata.sha256);
  });
});

describe("canonicalJson", () => {
  it("yields the same text whatever the key order, and the same value back", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (object) => {
        const reversed = Object.fromEntries(Object.entries(object).reverse());
        expect(canonicalJson(reversed)).toBe(canonicalJson(object));
        expect(JSON.parse(canonicalJson(object))).toEqual(JSON.parse(JSON.stringify(object)));
      }),
    );
  });
});

describe("applyDelta", () => {
  const entry = (id: string, sha: string): PoEntry => ({
    id,
    kind: "data",
    sha256: sha,
    size: 1,
    mimeType: "text/plain",
  });

  it("replaces POs with the same id, adds new ones and keeps the rest in order", () => {
    const next = applyDelta([entry("a", "1"), entry("b", "2")], [entry("b", "3"), entry("c", "4")]);
    expect(next.map((e) => `${e.id}:${e.sha256}`)).toEqual(["a:1", "b:3", "c:4"]);
  });
});
