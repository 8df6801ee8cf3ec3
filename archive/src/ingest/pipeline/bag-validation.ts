// Bag validation (PUT /sip only): unpacks the BagIt bag, checks its manifests (RFC 8493) and
// turns each payload file into a document, with the representation metadata that
// package-metadata.json gives for its path.
import path from "node:path";
import { INGEST_LIMITS } from "@scriptorium/contract/ingest/schemas";
import { readBag } from "../../bagit/read-bag";
import type { Plugin, WorkDocument } from "./types";
import { listNames } from "./types";

const payloadName = (bagPath: string) => bagPath.replace(/^data\//, "");

export const bagValidation: Plugin = {
  name: "bag-validation",
  appliesTo: (record) => record.kind === "sip",
  async run(ctx) {
    const blob = ctx.record.sipBlob;
    if (!blob) return { status: "FAILURE", message: "The SIP has no stored bag." };
    const { config } = ctx.deps;
    // Zip bombs: unpacked bytes stay within the upload limit, entries and ratio within the config.
    const bag = await readBag(
      ctx.deps.blobs.objectPath(blob.sha256),
      path.join(ctx.workDir, "bag"),
      {
        maxTotalBytes: INGEST_LIMITS.uploadBytes,
        ...(config.bagMaxEntries ? { maxEntries: config.bagMaxEntries } : {}),
        ...(config.bagMaxRatio ? { maxRatio: config.bagMaxRatio } : {}),
      },
    );
    if (bag.problems.length > 0) {
      // Each problem is a sentence; the list gets one full stop, at its end.
      const problems = bag.problems.map((p) => p.replace(/\.$/, ""));
      return { status: "FAILURE", message: `The bag is not valid: ${listNames(problems, 5)}.` };
    }
    const declared = ctx.record.bagDocuments ?? [];
    const byName = new Map(bag.files.map((f) => [payloadName(f.path), f]));
    const missing = declared.filter((d) => !byName.has(payloadName(d.path))).map((d) => d.path);
    if (missing.length > 0) {
      return {
        status: "FAILURE",
        message: `package-metadata.json describes documents the bag does not hold: ${listNames(missing)}.`,
      };
    }
    if (bag.files.length === 0)
      return { status: "FAILURE", message: "The bag holds no payload files." };
    const documents: WorkDocument[] = bag.files.map((file) => {
      const name = payloadName(file.path);
      const index = declared.findIndex((d) => payloadName(d.path) === name);
      const metadatas = index < 0 ? [] : (declared[index]?.metadatas ?? []);
      return {
        name,
        staged: { path: file.fsPath, expected: { sha256: file.sha256, size: file.size } },
        metadatas: metadatas.map((m, i) => {
          const field = `package-metadata.json: documents[${index}].metadatas[${i}]`;
          return "metadata" in m
            ? { field, schema: m.schema, data: m.metadata }
            : { field, schema: m.schema, file: { name: m.file.name, source: m.file } };
        }),
      };
    });
    ctx.documents.push(...documents);
    return {
      status: "SUCCESS",
      message: `Bag valid: ${documents.length} payload file(s), manifests match.`,
    };
  },
};
