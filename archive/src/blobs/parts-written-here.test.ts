import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  digestReadHere,
  forgetWrittenHere,
  noteWrittenHere,
  writtenHere,
} from "./parts-written-here";

const partSize = 64 * 1024;
const bytes = randomBytes(4 * partSize + 1000);
const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");
let dir: string;
let file: string;
const layout = () => ({ file, size: bytes.length, partSize, partCount: 5 });

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
    for (const n of [2, 1, 5, 3, 4]) noteWrittenHere(id, layout(), n, `stamp-${n}`);
    expect(await digestReadHere(id, (n) => `stamp-${n}`)).toBe(sha256(bytes));
    expect([...writtenHere(id).keys()].sort()).toEqual([1, 2, 3, 4, 5]);
    forgetWrittenHere(id);
  });

  it("is not given when a part's row no longer says what this process stored", async () => {
    const id = "stored-again";
    for (const n of [1, 2, 3, 4, 5]) noteWrittenHere(id, layout(), n, `stamp-${n}`);
    expect(await digestReadHere(id, (n) => (n === 3 ? "stored-elsewhere" : `stamp-${n}`))).toBe(
      null,
    );
    forgetWrittenHere(id);
  });

  it("is not given once a part read was stored here again", async () => {
    const id = "again-here";
    for (const n of [1, 2, 3, 4, 5]) noteWrittenHere(id, layout(), n, `stamp-${n}`);
    expect(await digestReadHere(id, (n) => `stamp-${n}`)).toBe(sha256(bytes));
    noteWrittenHere(id, layout(), 2, "stamp-2-again");
    expect(await digestReadHere(id, (n) => (n === 2 ? "stamp-2-again" : `stamp-${n}`))).toBe(null);
    forgetWrittenHere(id);
  });

  it("is not given while a part was never written here", async () => {
    const id = "one-missing";
    for (const n of [1, 2, 4, 5]) noteWrittenHere(id, layout(), n, `stamp-${n}`);
    expect(await digestReadHere(id, (n) => `stamp-${n}`)).toBe(null);
    forgetWrittenHere(id);
  });
});
