import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  digestReadHere,
  forgetWrittenHere,
  noteWriteEnded,
  noteWriteProgress,
  noteWriteStarted,
  writtenHere,
} from "./parts-written-here";

const partSize = 64 * 1024;
const bytes = randomBytes(4 * partSize + 1000);
const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");
let dir: string;
let file: string;
const layout = () => ({ file, size: bytes.length, partSize, partCount: 5 });
// A PUT of part `n` written here from start to end and stored with `stamp`.
const stored = (id: string, n: number, stamp: string) => {
  noteWriteStarted(id, layout(), n);
  noteWriteEnded(id, n, stamp);
};
// Waits for the reading under way, if any (the digest is not ready: null).
const readSoFar = (id: string) => digestReadHere(id, () => null);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "parts-written-here-"));
  file = path.join(dir, "staging");
  await writeFile(file, bytes);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("the file's digest read from the parts written here", () => {
  it("is the whole file's, whatever order the parts were stored in", async () => {
    const id = "in-any-order";
    // Part 1 comes second: the read started for part 2 waits for it rather than giving up.
    for (const n of [2, 1, 5, 3, 4]) stored(id, n, `stamp-${n}`);
    expect(await digestReadHere(id, (n) => `stamp-${n}`)).toBe(sha256(bytes));
    expect([...writtenHere(id).keys()].sort()).toEqual([1, 2, 3, 4, 5]);
    forgetWrittenHere(id);
  });

  it("is not given when a part's row no longer says what this process stored", async () => {
    const id = "stored-again";
    for (const n of [1, 2, 3, 4, 5]) stored(id, n, `stamp-${n}`);
    expect(await digestReadHere(id, (n) => (n === 3 ? "stored-elsewhere" : `stamp-${n}`))).toBe(
      null,
    );
    forgetWrittenHere(id);
  });

  it("is not given once a part read was stored here again", async () => {
    const id = "again-here";
    for (const n of [1, 2, 3, 4, 5]) stored(id, n, `stamp-${n}`);
    expect(await digestReadHere(id, (n) => `stamp-${n}`)).toBe(sha256(bytes));
    stored(id, 2, "stamp-2-again");
    expect(await digestReadHere(id, (n) => (n === 2 ? "stamp-2-again" : `stamp-${n}`))).toBe(null);
    forgetWrittenHere(id);
  });

  it("is not given while a part was never written here", async () => {
    const id = "one-missing";
    for (const n of [1, 2, 4, 5]) stored(id, n, `stamp-${n}`);
    expect(await digestReadHere(id, (n) => `stamp-${n}`)).toBe(null);
    forgetWrittenHere(id);
  });

  it("is the whole file's when the parts were read while they were written", async () => {
    const id = "followed-while-written";
    for (const n of [1, 2]) noteWriteStarted(id, layout(), n);
    noteWriteProgress(id, 2, partSize);
    noteWriteProgress(id, 1, 1000);
    await readSoFar(id);
    noteWriteProgress(id, 1, partSize / 2);
    await readSoFar(id);
    noteWriteEnded(id, 1, "stamp-1");
    noteWriteEnded(id, 2, "stamp-2");
    for (const n of [5, 3, 4]) stored(id, n, `stamp-${n}`);
    expect(await digestReadHere(id, (n) => `stamp-${n}`)).toBe(sha256(bytes));
    forgetWrittenHere(id);
  });

  it("is not given when bytes were read of a part whose write then failed", async () => {
    const id = "read-then-failed";
    noteWriteStarted(id, layout(), 1);
    noteWriteProgress(id, 1, partSize / 2);
    await readSoFar(id);
    // Cut off midway; the part is then sent again, whole, and every other part too.
    noteWriteEnded(id, 1, null);
    expect(writtenHere(id).has(1)).toBe(false);
    for (const n of [1, 2, 3, 4, 5]) stored(id, n, `stamp-${n}`);
    expect(await digestReadHere(id, (n) => `stamp-${n}`)).toBe(null);
    forgetWrittenHere(id);
  });

  it("is given when a part's write failed before any of it was read", async () => {
    const id = "failed-unread";
    // Part 2 is cut off while part 1, before it in the file, is still on its way.
    for (const n of [1, 2]) noteWriteStarted(id, layout(), n);
    noteWriteProgress(id, 2, partSize / 2);
    await readSoFar(id);
    noteWriteEnded(id, 2, null);
    noteWriteEnded(id, 1, "stamp-1");
    for (const n of [2, 3, 4, 5]) stored(id, n, `stamp-${n}`);
    expect(await digestReadHere(id, (n) => `stamp-${n}`)).toBe(sha256(bytes));
    forgetWrittenHere(id);
  });

  it("is not given when a part being read is written again by a new PUT", async () => {
    const id = "rewritten-while-read";
    stored(id, 1, "stamp-1");
    await readSoFar(id);
    // A second PUT of part 1, already read, begins: its first bytes are no longer what was read.
    noteWriteStarted(id, layout(), 1);
    expect(writtenHere(id).has(1)).toBe(false);
    noteWriteEnded(id, 1, "stamp-1-again");
    for (const n of [2, 3, 4, 5]) stored(id, n, `stamp-${n}`);
    expect(await digestReadHere(id, (n) => (n === 1 ? "stamp-1-again" : `stamp-${n}`))).toBe(null);
    forgetWrittenHere(id);
  });
});
