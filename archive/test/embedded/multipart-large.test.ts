// A 6 GiB file, past the 5 GiB of a single PUT, through a multipart upload into a child archive
// whose resident memory is sampled throughout: the parts stream to disk and the completion hashes
// the file in constant memory. The file is sparse (a few marked blocks in holes), so the test
// writes nothing to disk itself, and streams it from there. Skipped against another archive.
import { createHash, randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdtemp, open, readFile, rm, truncate } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { partRange, UploadState } from "@scriptorium/contract/ingest/multipart";
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
  partUrls,
  putStream,
  sendAllParts,
  sha256Of,
  uploadState,
} from "../support/multipart";
import { childArchivesRunHere } from "../support/target";

const SIZE = 6 * 1024 ** 3 + 12_345;
const PART = 64 * MiB;
const MARK = 4096;
// Growth of the archive's resident memory allowed over the upload: a few stream buffers per part
// in flight, nothing that grows with the file.
const RSS_GROWTH_LIMIT = 64 * MiB;

let dir: string;
let child: ChildArchive | undefined;

beforeAll(async () => {
  dir = await mkdtemp("/tmp/multipart-large-");
});

afterAll(async () => {
  await child?.kill("SIGKILL");
  await rm(dir, { recursive: true, force: true });
});

async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1] ?? 0) * 1024;
}

// A sparse file of `size` bytes with a random block at the start of every part: distinct parts
// (a part written at the wrong place changes the digest) for the price of a few megabytes.
async function sparseFile(file: string, size: number, partCount: number) {
  await truncate(file, 0).catch(() => {});
  const handle = await open(file, "w");
  try {
    await handle.truncate(size);
    for (let n = 1; n <= partCount; n++) {
      await handle.write(randomBytes(MARK), 0, MARK, partRange(size, PART, n).start);
    }
  } finally {
    await handle.close();
  }
}

// The digest of every part and of the whole file, in one pass over it.
async function digests(file: string, size: number, partCount: number) {
  const whole = createHash("sha256");
  const parts: string[] = [];
  for (let n = 1; n <= partCount; n++) {
    const { start, end } = partRange(size, PART, n);
    const part = createHash("sha256");
    for await (const chunk of createReadStream(file, {
      start,
      end: end - 1,
      highWaterMark: 4 * MiB,
    })) {
      part.update(chunk as Buffer);
      whole.update(chunk as Buffer);
    }
    parts.push(part.digest("hex"));
  }
  return { parts, sha256: whole.digest("hex") };
}

describe.skipIf(!childArchivesRunHere())("a 6 GiB multipart upload", () => {
  it(
    "goes through, past the single-PUT limit, in constant memory",
    { timeout: 900_000 },
    async () => {
      const port = await freePort();
      // Tokens that outlive the upload on a busy machine.
      child = await startChildArchive({
        port,
        dataDir: path.join(dir, "archive"),
        env: { ARCHIVE_TOKEN_TTL: "7200" },
      });
      const remote = { base: child.url, token: await childToken(child.url) };
      const pid = child.pid;

      // A small upload first, so the code paths are loaded before the baseline is taken.
      const warm = randomBytes(9 * MiB);
      const warmUpload = await createUpload(warm.length, 8 * MiB, { remote });
      const warmParts = await sendAllParts(warm, warmUpload, { remote });
      expect(
        (await completeUpload(warmUpload, { sha256: sha256Of(warm), parts: warmParts }, { remote }))
          .status,
      ).toBe(200);

      const file = path.join(dir, "six-gib.bin");
      const upload = await createUpload(SIZE, PART, { remote });
      expect(upload.partCount).toBe(Math.ceil(SIZE / PART));
      await sparseFile(file, SIZE, upload.partCount);
      const expected = await digests(file, SIZE, upload.partCount);

      const baseline = await residentBytes(pid);
      let peak = baseline;
      const sampler = setInterval(() => {
        residentBytes(pid).then(
          (rss) => (peak = Math.max(peak, rss)),
          () => {},
        );
      }, 100);
      try {
        const urls = await partUrls(upload, `1-${upload.partCount}`, { remote });
        const queue = Array.from({ length: upload.partCount }, (_, i) => i + 1);
        const worker = async () => {
          for (let n = queue.shift(); n !== undefined; n = queue.shift()) {
            const { start, end } = partRange(SIZE, PART, n);
            const body = createReadStream(file, { start, end: end - 1, highWaterMark: MiB });
            const put = await putStream(
              urls.get(n) ?? "",
              body,
              end - start,
              expected.parts[n - 1] ?? "",
            );
            expect(put.status, put.text).toBe(200);
          }
        };
        await Promise.all([worker(), worker(), worker(), worker()]);

        const parts = expected.parts.map((sha256, i) => ({ partNumber: i + 1, sha256 }));
        const done = await completeUpload(upload, { sha256: expected.sha256, parts }, { remote });
        expect([200, 202]).toContain(done.status);
        // A completion still assembling after its wait answers 202: the state says when it is done.
        let state = UploadState.parse((await uploadState(upload, { remote })).json);
        const deadline = Date.now() + 600_000;
        while (state.state === "completing" && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 500));
          state = UploadState.parse((await uploadState(upload, { remote })).json);
        }
        expect(state).toMatchObject({ state: "complete", sha256: expected.sha256, size: SIZE });
      } finally {
        clearInterval(sampler);
      }
      expect(peak - baseline).toBeLessThanOrEqual(RSS_GROWTH_LIMIT);
      console.log(
        `6 GiB multipart upload: archive RSS ${Math.round(baseline / MiB)} MiB before, peak ${Math.round(peak / MiB)} MiB`,
      );

      // Each part at its place: the marked block at the start of every part is in the object.
      const object = path.join(
        dir,
        "archive",
        "blobs",
        "sha256",
        expected.sha256.slice(0, 2),
        expected.sha256,
      );
      const stored = await open(object, "r");
      const source = await open(file, "r");
      try {
        for (let n = 1; n <= upload.partCount; n++) {
          const at = partRange(SIZE, PART, n).start;
          const [a, b] = [Buffer.alloc(MARK), Buffer.alloc(MARK)];
          await stored.read(a, 0, MARK, at);
          await source.read(b, 0, MARK, at);
          expect(a.equals(b), `part ${n}`).toBe(true);
        }
      } finally {
        await stored.close();
        await source.close();
      }
      await child.kill("SIGTERM");
    },
  );
});
