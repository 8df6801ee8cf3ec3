// Parts are answered before they are synced to disk (archive/README.md, "Multipart uploads"): a
// power failure may take a stored part's bytes. With the file's digest, the completion finds it:
// the file's digest differs, the parts that no longer match their stored digest are named and
// forgotten, and once they are sent again the upload completes. The loss is simulated by
// overwriting a part's range of the staging file, as a lost page would read back. (Without the
// file's digest the archive checks only parts written before it last started, as a power failure
// that takes bytes takes the process too: multipart-crash.test.ts restarts an archive for that
// case.) Skipped when the suite targets another archive (its files are not reachable).
import { randomBytes } from "node:crypto";
import { open } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  completeUpload,
  createUpload,
  MiB,
  partOf,
  partUrls,
  putPart,
  sha256Of,
  storedParts,
} from "../support/multipart";
import { archiveTarget } from "../support/target";

describe.skipIf(!archiveTarget().embedded)("a stored part lost before it reached the disk", () => {
  it("is named at completion, forgotten, and taken again", async () => {
    const file = randomBytes(24 * MiB + 4321);
    const upload = await createUpload(file.length, 8 * MiB);
    const urls = await partUrls(upload, "1-4");
    for (let n = 1; n <= 4; n++) {
      expect((await putPart(urls.get(n) ?? "", partOf(file, upload, n))).status).toBe(200);
    }
    const staging = path.join(
      archiveTarget().dataDir ?? "",
      "blobs",
      ".multipart",
      upload.uploadId,
    );
    const handle = await open(staging, "r+");
    await handle.write(Buffer.alloc(4096), 0, 4096, 8 * MiB + 100_000);
    await handle.close();

    const parts = [1, 2, 3, 4].map((n) => ({
      partNumber: n,
      sha256: sha256Of(partOf(file, upload, n)),
    }));
    const body = { sha256: sha256Of(file), parts };
    const refused = await completeUpload(upload, body);
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({
      code: "VALIDATION_ERROR",
      message: expect.stringMatching(
        /^Part 2 no longer holds the bytes stored for it .* send it again/,
      ),
    });
    const state = await storedParts(upload);
    expect(state.state).toBe("open");
    expect(state.parts.map((p) => p.partNumber)).toEqual([1, 3, 4]);

    expect((await putPart(urls.get(2) ?? "", partOf(file, upload, 2))).status).toBe(200);
    const done = await completeUpload(upload, body);
    expect(done).toMatchObject({
      status: 200,
      json: { key: upload.key, size: file.length, sha256: sha256Of(file) },
    });
  });
});
