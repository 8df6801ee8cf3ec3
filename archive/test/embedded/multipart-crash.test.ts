// Crash safety of multipart uploads: kill -9 while a part streams in, restart on the same data
// folder, and the stored parts are still listed, the cut one is not, and the upload resumes and
// completes from them. Skipped when the suite targets another archive (ARCHIVE_BASE_URL).
import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, open, readdir, readFile, rm } from "node:fs/promises";
import { request } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ChildArchive,
  childToken,
  freePort,
  startChildArchive,
} from "../support/child-archive";
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
import { childArchivesRunHere } from "../support/target";

let port = 0;
let dataDir: string;
let child: ChildArchive | undefined;

// Every blob object, checked to hold exactly the bytes its name (their SHA-256) promises.
async function objects(): Promise<string[]> {
  const root = path.join(dataDir, "blobs", "sha256");
  const names: string[] = [];
  for (const prefix of await readdir(root).catch(() => [])) {
    for (const name of await readdir(path.join(root, prefix))) {
      const bytes = await readFile(path.join(root, prefix, name));
      expect(createHash("sha256").update(bytes).digest("hex"), `object ${name}`).toBe(name);
      names.push(name);
    }
  }
  return names;
}

describe.skipIf(!childArchivesRunHere())("multipart crash safety", () => {
  // The first start creates the archive's database (PGlite's initdb and every migration): 15–45 s
  // on a loaded two-core machine, which is set-up, not what the test is about. The test itself
  // restarts the archive on that folder, which only opens it.
  beforeAll(async () => {
    port = await freePort();
    dataDir = await mkdtemp("/tmp/multipart-crash-");
    child = await startChildArchive({ port, dataDir });
  });

  afterAll(async () => {
    await child?.kill("SIGKILL");
    await rm(dataDir, { recursive: true, force: true });
  });

  it("lists the stored parts after kill -9 during a part, and the upload resumes from them", async () => {
    if (!child) throw new Error("The child archive did not start.");
    let remote = { base: child.url, token: await childToken(child.url) };
    const file = randomBytes(24 * MiB + 777);
    const upload = await createUpload(file.length, 8 * MiB, { remote });
    expect(upload.partCount).toBe(4);
    const urls = await partUrls(upload, "1-4", { remote });
    for (const n of [1, 3]) {
      expect((await putPart(urls.get(n) ?? "", partOf(file, upload, n))).status).toBe(200);
    }

    // Part 2 is cut after 3 MiB of its 8: the archive dies while receiving it.
    const part2 = partOf(file, upload, 2);
    const cut = request(urls.get(2) ?? "", {
      method: "PUT",
      headers: {
        "Content-Length": String(part2.length),
        "x-checksum-sha256": sha256Of(part2),
      },
    });
    cut.on("error", () => {});
    cut.write(part2.subarray(0, 3 * MiB));
    await new Promise((resolve) => setTimeout(resolve, 500));
    await child.kill("SIGKILL");
    cut.destroy();
    expect(await objects()).not.toContain(sha256Of(file));

    child = await startChildArchive({ port, dataDir });
    remote = { base: child.url, token: await childToken(child.url) };
    const state = await storedParts(upload, { remote });
    expect(state.state).toBe("open");
    expect(state.parts).toEqual(
      [1, 3].map((n) => ({
        partNumber: n,
        size: 8 * MiB,
        sha256: sha256Of(partOf(file, upload, n)),
      })),
    );

    // The part URLs handed out before the crash still work.
    for (const n of [2, 4]) {
      expect((await putPart(urls.get(n) ?? "", partOf(file, upload, n))).status).toBe(200);
    }
    const parts = [1, 2, 3, 4].map((n) => ({
      partNumber: n,
      sha256: sha256Of(partOf(file, upload, n)),
    }));
    const done = await completeUpload(upload, { sha256: sha256Of(file), parts }, { remote });
    expect(done).toMatchObject({ status: 200, json: { key: upload.key, size: file.length } });
    expect(await objects()).toContain(sha256Of(file));
    expect(await readdir(path.join(dataDir, "blobs", ".multipart"))).toEqual([]);
    await child.kill("SIGTERM");
  });

  // A power failure takes the unsynced bytes of stored parts and the archive with them: parts
  // written before the archive last started are checked against their digests at completion,
  // also when the client names no digest for the whole file. The loss is simulated by overwriting
  // part of the staging file while the archive is down, as a lost page would read back.
  it("checks parts written before a restart at a completion without the file's digest", async () => {
    child = await startChildArchive({ port, dataDir });
    let remote = { base: child.url, token: await childToken(child.url) };
    const file = randomBytes(24 * MiB + 4321);
    const upload = await createUpload(file.length, 8 * MiB, { remote });
    const urls = await partUrls(upload, "1-4", { remote });
    for (const n of [1, 2, 3]) {
      expect((await putPart(urls.get(n) ?? "", partOf(file, upload, n))).status).toBe(200);
    }
    await child.kill("SIGKILL");
    const staging = await open(path.join(dataDir, "blobs", ".multipart", upload.uploadId), "r+");
    await staging.write(Buffer.alloc(4096), 0, 4096, 8 * MiB + 100_000);
    await staging.close();

    child = await startChildArchive({ port, dataDir });
    remote = { base: child.url, token: await childToken(child.url) };
    // Part 4 is written by the archive that completes: it is hashed once, for the file's digest.
    expect((await putPart(urls.get(4) ?? "", partOf(file, upload, 4))).status).toBe(200);
    const parts = [1, 2, 3, 4].map((n) => ({
      partNumber: n,
      sha256: sha256Of(partOf(file, upload, n)),
    }));
    const refused = await completeUpload(upload, { parts }, { remote });
    expect(refused).toMatchObject({
      status: 400,
      json: {
        code: "VALIDATION_ERROR",
        message: expect.stringMatching(/^Part 2 no longer holds the bytes stored for it/),
      },
    });
    expect((await storedParts(upload, { remote })).parts.map((p) => p.partNumber)).toEqual([
      1, 3, 4,
    ]);

    expect((await putPart(urls.get(2) ?? "", partOf(file, upload, 2))).status).toBe(200);
    const done = await completeUpload(upload, { parts }, { remote });
    expect(done).toMatchObject({
      status: 200,
      json: { key: upload.key, size: file.length, sha256: sha256Of(file) },
    });
    expect(await objects()).toContain(sha256Of(file));
    await child.kill("SIGTERM");
  });
});
