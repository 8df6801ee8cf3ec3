import { createHash } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BlobTooLargeError, openBlobStore, type BlobStore } from "./store";

let dir: string;
let store: BlobStore;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "ingest-blobs-"));
  store = await openBlobStore(dir);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

function chunked(bytes: Uint8Array, size: number): Readable {
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size)
    chunks.push(Buffer.from(bytes.subarray(i, i + size)));
  return Readable.from(chunks);
}

describe("blob store", () => {
  it("stores any bytes under their SHA-256, however they are chunked", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 4096 }),
        fc.integer({ min: 1, max: 512 }),
        async (bytes, size) => {
          const staged = await store.receive(chunked(bytes, size), { maxBytes: 1 << 20 });
          expect(staged).toMatchObject({ sha256: sha(bytes), size: bytes.length });
          const where = await store.commit(staged);
          expect(where).toBe(store.objectPath(sha(bytes)));
          expect(Buffer.compare(await readFile(where), Buffer.from(bytes))).toBe(0);
        },
      ),
      { numRuns: 30 },
    );
  }, 60_000);

  it("refuses content over the limit and leaves no temporary file behind", async () => {
    const before = await readdir(path.join(store.root, ".tmp"));
    await expect(
      store.receive(chunked(new Uint8Array(1000), 100), { maxBytes: 999 }),
    ).rejects.toBeInstanceOf(BlobTooLargeError);
    expect(await readdir(path.join(store.root, ".tmp"))).toEqual(before);
  });

  it("adopts a file by moving it under its digest", async () => {
    const file = path.join(dir, "work.txt");
    await writeFile(file, "hello");
    const { sha256, size } = await store.adopt(file);
    expect(size).toBe(5);
    expect(await store.exists(sha256)).toBe(true);
    expect(await readdir(dir)).not.toContain("work.txt");
    expect(await store.sha256OfObject(sha256)).toBe(sha256);
  });

  it("puts bytes from memory under their digest, held, once for the same bytes", async () => {
    const bytes = Buffer.from("inline content");
    const before = await readdir(path.join(store.root, ".tmp"));
    const hold = store.hold();
    expect(await store.put(bytes, hold)).toEqual({ sha256: sha(bytes), size: bytes.length });
    expect(await store.put(bytes)).toEqual({ sha256: sha(bytes), size: bytes.length });
    expect(await readFile(store.objectPath(sha(bytes)), "utf8")).toBe("inline content");
    expect(hold.blobs).toEqual([sha(bytes)]);
    expect(await store.removeUnlessUsed(sha(bytes), async () => false)).toBe(false);
    await hold.release();
    expect(await readdir(path.join(store.root, ".tmp"))).toEqual(before);
    expect(await store.removeUnlessUsed(sha(bytes), async () => false)).toBe(true);
  });

  it("cleans only temporary files older than asked", async () => {
    const tmp = path.join(store.root, ".tmp", "left-over.part");
    await writeFile(tmp, "partial");
    expect(await store.cleanTemporary(60_000)).toBe(0);
    expect(await store.cleanTemporary(0)).toBeGreaterThanOrEqual(1);
    expect(await readdir(path.join(store.root, ".tmp"))).not.toContain("left-over.part");
  });

  it("removes an object only when no hold keeps it and the caller's check finds no use", async () => {
    const file = path.join(dir, "held.txt");
    await writeFile(file, "held bytes");
    const hold = store.hold();
    const { sha256 } = await store.adopt(file, hold);
    expect(await store.removeUnlessUsed(sha256, async () => false)).toBe(false);
    expect(await store.exists(sha256)).toBe(true);
    await hold.release();
    expect(await store.removeUnlessUsed(sha256, async () => true)).toBe(false);
    expect(await store.exists(sha256)).toBe(true);
    expect(await store.removeUnlessUsed(sha256, async () => false)).toBe(true);
    expect(await store.exists(sha256)).toBe(false);
  });

  it("holds an object that another store over the same folder would remove", async () => {
    const other = await openBlobStore(dir);
    const staged = await store.receive(Readable.from([Buffer.from("shared by two stores")]), {
      maxBytes: 100,
    });
    await store.commit(staged);
    const hold = store.hold();
    expect(await hold.keep(staged.sha256)).toBe(true);
    expect(await other.removeUnlessUsed(staged.sha256, async () => false)).toBe(false);
    await hold.release();
    expect(await other.removeUnlessUsed(staged.sha256, async () => false)).toBe(true);
    expect(await hold.keep(staged.sha256).catch((e: Error) => e.message)).toMatch(/released/);
  });

  it("places an object again when it is committed while a removal of the same digest runs", async () => {
    const bytes = Buffer.from("committed during a removal");
    const first = await store.receive(Readable.from([bytes]), { maxBytes: 100 });
    await store.commit(first);
    // The removal has checked the references (none) and is about to delete the object.
    let checked = () => {};
    const checking = new Promise<void>((resolve) => (checked = resolve));
    let proceed = () => {};
    const gate = new Promise<void>((resolve) => (proceed = resolve));
    const removal = store.removeUnlessUsed(first.sha256, async () => {
      checked();
      await gate;
      return false;
    });
    await checking;
    // Another writer brings the same bytes and holds them until its row is written.
    const second = await store.receive(Readable.from([bytes]), { maxBytes: 100 });
    const hold = store.hold();
    const committing = store.commit(second, hold);
    proceed();
    expect(await removal).toBe(true);
    await committing;
    // Without the lock the writer would have found the old object, dropped its copy, and lost both.
    expect(await readFile(store.objectPath(first.sha256))).toEqual(bytes);
    await hold.release();
  });
});
