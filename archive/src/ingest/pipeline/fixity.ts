// Fixity: the SHA-256 of every file, computed from the bytes, checked against what the upload or
// the bag manifest recorded, and the file stored in the blob store under it. Each stored blob is
// recorded as the SIP's, so that a FAILED SIP's cleanup finds it.
import { holdSipBlobs } from "../sip-blobs";
import type { Plugin, WorkFile } from "./types";
import { allMetadatas, listNames } from "./types";

export const fixity: Plugin = {
  name: "fixity",
  async run(ctx) {
    const { blobs } = ctx.deps;
    const mismatches: string[] = [];
    const stored: string[] = [];
    let count = 0;
    let bytes = 0;
    const store = async (file: WorkFile | undefined, label: string) => {
      if (!file) return;
      let actual;
      if (file.blob && file.path === blobs.objectPath(file.blob.sha256)) {
        // Already an object (an upload): read it again to catch a changed or damaged blob.
        actual = { sha256: await blobs.sha256OfObject(file.blob.sha256), size: file.blob.size };
      } else {
        actual = file.bytes
          ? await blobs.put(file.bytes, ctx.hold)
          : await blobs.adopt(file.path, ctx.hold);
        stored.push(actual.sha256);
        file.path = blobs.objectPath(actual.sha256);
      }
      if (file.expected && file.expected.sha256 !== actual.sha256) {
        mismatches.push(`${label} has SHA-256 ${actual.sha256}, expected ${file.expected.sha256}`);
      }
      file.blob = actual;
      count += 1;
      bytes += actual.size;
    };
    for (const doc of ctx.documents) await store(doc.staged, doc.name);
    for (const meta of allMetadatas(ctx))
      await store(meta.file?.staged, meta.file?.name ?? meta.field);
    // One row each, in one statement; until it commits, the hold keeps them.
    await holdSipBlobs(ctx.deps.db, ctx.record.submissionId, stored);
    if (mismatches.length > 0) {
      return { status: "FAILURE", message: `Fixity check failed: ${listNames(mismatches, 3)}.` };
    }
    return {
      status: "SUCCESS",
      message: `SHA-256 computed and stored for ${count} file(s), ${bytes} bytes.`,
    };
  },
};
