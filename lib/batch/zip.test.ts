import { randomBytes } from "node:crypto";
import { zipSync, strToU8 } from "fflate";
import { describe, expect, it } from "vitest";
import { crc32 } from "./crc32";
import { openZipEntry, readZipDirectory, ZipError, type ZipEntry } from "./zip";

const text = (blob: Blob) => blob.text();
const bytes = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());

// A zip as tools make it: folders kept, some entries stored, some deflated.
function lettersZip() {
  const scan = randomBytes(300_000);
  const zip = zipSync(
    {
      "letters/": {},
      "letters/metadata.csv": strToU8("filename,dc.title\na/one.txt,One\n"),
      "letters/a/one.txt": [strToU8("one ".repeat(10_000)), { level: 9 }],
      "letters/b/scan.bin": [scan, { level: 0 }],
      "letters/été.txt": strToU8("accents"),
      "letters/empty.txt": new Uint8Array(0),
    },
    { mtime: new Date("2024-01-01") },
  );
  return { zip: new Blob([zip as BlobPart]), scan };
}

const entry = (entries: ZipEntry[], name: string) => entries.find((e) => e.name === name)!;

describe("readZipDirectory and openZipEntry", () => {
  it("lists the files with their folders, and opens stored and deflated entries alike", async () => {
    const { zip, scan } = lettersZip();
    const { entries, skipped } = await readZipDirectory(zip);
    expect(skipped).toEqual([]);
    expect(entries.map((e) => [e.name, e.method, e.size])).toEqual([
      ["letters/metadata.csv", 8, 32],
      ["letters/a/one.txt", 8, 40_000],
      ["letters/b/scan.bin", 0, 300_000],
      ["letters/été.txt", 8, 7],
      ["letters/empty.txt", 8, 0],
    ]);
    expect(await text(await openZipEntry(zip, entry(entries, "letters/a/one.txt")))).toBe(
      "one ".repeat(10_000),
    );
    // Compared as buffers: a deep equality of 300,000 elements takes seconds.
    const opened = Buffer.from(
      await bytes(await openZipEntry(zip, entry(entries, "letters/b/scan.bin"))),
    );
    expect(opened.equals(scan), "the stored entry's bytes").toBe(true);
    expect(await text(await openZipEntry(zip, entry(entries, "letters/été.txt")))).toBe("accents");
    expect((await openZipEntry(zip, entry(entries, "letters/empty.txt"))).size).toBe(0);
  });

  it("inflates a large entry in pieces, to exactly its bytes", async () => {
    const data = new Uint8Array(20 * 1024 * 1024);
    for (let i = 0; i < data.length; i += 4096) data.set(randomBytes(64), i);
    const zip = new Blob([zipSync({ "big.bin": [data, { level: 1 }] }) as BlobPart]);
    const { entries } = await readZipDirectory(zip);
    expect(entries[0]!.compressedSize).toBeLessThan(data.length / 4);
    const opened = await openZipEntry(zip, entries[0]!);
    expect(opened.size).toBe(data.length);
    expect(crc32.finish(crc32.update(crc32.start(), await bytes(opened)))).toBe(entries[0]!.crc32);
  });

  it("refuses what is not a zip, and an entry whose bytes were changed", async () => {
    await expect(readZipDirectory(new Blob(["just text, no zip"]))).rejects.toThrow(
      /not a zip file/,
    );
    const { zip } = lettersZip();
    const { entries } = await readZipDirectory(zip);
    const one = entry(entries, "letters/a/one.txt");
    const raw = await bytes(zip);
    // A byte of the deflated data flipped: it inflates wrong or not at all.
    const at = one.headerOffset + 30 + "letters/a/one.txt".length + 40;
    raw[at] = raw[at]! ^ 0xff;
    const damaged = new Blob([raw as BlobPart]);
    await expect(openZipEntry(damaged, one)).rejects.toBeInstanceOf(ZipError);
    await expect(readZipDirectory(zip.slice(0, zip.size - 30))).rejects.toBeInstanceOf(ZipError);
  });

  it("leaves out links and encrypted entries, saying so", async () => {
    const raw = zipSync({ "a/real.txt": strToU8("real"), "a/link": strToU8("real.txt") });
    const view = new DataView(raw.buffer);
    // Mark the second central entry as made on Unix with a symlink's mode.
    let at = raw.length - 22;
    at = view.getUint32(at + 16, true);
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true);
    view.setUint16(at + 4, (3 << 8) | 20, true);
    view.setUint32(at + 38, (0o120777 << 16) >>> 0, true);
    const { entries, skipped } = await readZipDirectory(new Blob([raw as BlobPart]));
    expect(entries.map((e) => e.name)).toEqual(["a/real.txt"]);
    expect(skipped).toEqual(["a/link (a link)"]);
  });

  it("reads a zip64 directory", async () => {
    const zip = zip64Of("big/one.txt", strToU8("zip64 body"));
    const { entries } = await readZipDirectory(zip);
    expect(entries).toMatchObject([{ name: "big/one.txt", size: 10, method: 0 }]);
    expect(await text(await openZipEntry(zip, entries[0]!))).toBe("zip64 body");
  });
});

// One stored entry written the zip64 way: sizes and offset in the 0x0001 extra field, and the
// zip64 end record with its locator, as tools write zips past 4 GiB or 65,535 entries.
function zip64Of(name: string, data: Uint8Array): Blob {
  const nameBytes = strToU8(name);
  const crc = crc32.finish(crc32.update(crc32.start(), data));
  const local = new DataView(new ArrayBuffer(30));
  local.setUint32(0, 0x04034b50, true);
  local.setUint16(4, 45, true);
  local.setUint32(14, crc, true);
  local.setUint32(18, data.length, true);
  local.setUint32(22, data.length, true);
  local.setUint16(26, nameBytes.length, true);
  const localBytes = 30 + nameBytes.length + data.length;
  const central = new DataView(new ArrayBuffer(46 + nameBytes.length + 28));
  central.setUint32(0, 0x02014b50, true);
  central.setUint16(4, 45, true);
  central.setUint16(6, 45, true);
  central.setUint32(16, crc, true);
  central.setUint32(20, 0xffffffff, true);
  central.setUint32(24, 0xffffffff, true);
  central.setUint16(28, nameBytes.length, true);
  central.setUint16(30, 28, true);
  central.setUint32(42, 0xffffffff, true);
  new Uint8Array(central.buffer).set(nameBytes, 46);
  const extra = 46 + nameBytes.length;
  central.setUint16(extra, 0x0001, true);
  central.setUint16(extra + 2, 24, true);
  central.setBigUint64(extra + 4, BigInt(data.length), true);
  central.setBigUint64(extra + 12, BigInt(data.length), true);
  central.setBigUint64(extra + 20, 0n, true);
  const record = new DataView(new ArrayBuffer(56 + 20 + 22));
  record.setUint32(0, 0x06064b50, true);
  record.setBigUint64(4, 44n, true);
  record.setBigUint64(24, 1n, true);
  record.setBigUint64(32, 1n, true);
  record.setBigUint64(40, BigInt(central.byteLength), true);
  record.setBigUint64(48, BigInt(localBytes), true);
  record.setUint32(56, 0x07064b50, true);
  record.setBigUint64(56 + 8, BigInt(localBytes + central.byteLength), true);
  record.setUint32(56 + 16, 1, true);
  const end = 56 + 20;
  record.setUint32(end, 0x06054b50, true);
  record.setUint16(end + 8, 0xffff, true);
  record.setUint16(end + 10, 0xffff, true);
  record.setUint32(end + 12, 0xffffffff, true);
  record.setUint32(end + 16, 0xffffffff, true);
  return new Blob([local.buffer, nameBytes, data, central.buffer, record.buffer] as BlobPart[]);
}
