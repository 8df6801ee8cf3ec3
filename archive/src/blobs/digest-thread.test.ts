import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileDigest } from "./digest-thread";

const bytes = randomBytes(3 * 1024 * 1024 + 17);
let dir: string;
let file: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "digest-thread-"));
  file = path.join(dir, "file");
  await writeFile(file, bytes);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

describe("a file's digest built up in a worker thread", () => {
  it("is the SHA-256 of the ranges read, in the order asked", async () => {
    const digest = fileDigest(file);
    // Asked at once: they are read in turn all the same.
    await Promise.all([digest.read(0, 1000), digest.read(1000, 2 * 1024 * 1024)]);
    expect(await digest.digest()).toBe(sha256(bytes.subarray(0, 2 * 1024 * 1024)));
    await digest.read(2 * 1024 * 1024, bytes.length);
    expect(await digest.digest()).toBe(sha256(bytes));
    digest.close();
  });

  it("keeps the files it follows apart", async () => {
    const [a, b] = [fileDigest(file), fileDigest(file)];
    await Promise.all([a.read(0, 10), b.read(0, bytes.length)]);
    expect(await a.digest()).toBe(sha256(bytes.subarray(0, 10)));
    expect(await b.digest()).toBe(sha256(bytes));
    a.close();
    b.close();
  });

  it("refuses a range past the file's end, and anything once closed", async () => {
    const digest = fileDigest(file);
    await expect(digest.read(0, bytes.length + 1)).rejects.toThrow(/shorter than the range/);
    digest.close();
    await expect(digest.digest()).rejects.toThrow(/closed/);
    const missing = fileDigest(path.join(dir, "no-such-file"));
    await expect(missing.read(0, 1)).rejects.toThrow(/ENOENT/);
    missing.close();
  });
});
