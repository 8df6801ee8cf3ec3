// Reads a zip's central directory from the end of the file (ZIP64 included) and single small
// entries, so OOXML and ODF packages of any size are told apart without reading them whole.
import { inflateSync } from "fflate";
import { read, view, type ReadSteps } from "./reads";

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

const EOCD = 0x06054b50;
const EOCD64 = 0x06064b50;
const EOCD64_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
// The end record is 22 bytes plus a comment of at most 65,535 bytes.
const TAIL = 22 + 0xffff;
// Office packages have a few hundred entries; a bigger directory is some other zip.
const MAX_DIRECTORY = 16 * 1024 * 1024;
const MAX_ENTRY = 1024 * 1024;

// The entries of the central directory, or undefined when there is none to be found (or it is
// larger than `maxDirectoryBytes`).
export function* readZipDirectory(
  size: number,
  maxDirectoryBytes = MAX_DIRECTORY,
): ReadSteps<ZipEntry[] | undefined> {
  const tailStart = Math.max(0, size - TAIL);
  const tail = yield* read(tailStart, size - tailStart);
  const t = view(tail);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (t.getUint32(i, true) === EOCD) {
      at = i;
      break;
    }
  }
  if (at < 0) return undefined;
  let entries = t.getUint16(at + 10, true);
  let dirSize = t.getUint32(at + 12, true);
  let dirOffset = t.getUint32(at + 16, true);
  if (entries === 0xffff || dirSize === 0xffffffff || dirOffset === 0xffffffff) {
    const locatorAt = tailStart + at - 20;
    const locator = view(yield* read(locatorAt, 20));
    if (locator.byteLength < 20 || locator.getUint32(0, true) !== EOCD64_LOCATOR) return undefined;
    const record = view(yield* read(Number(locator.getBigUint64(8, true)), 56));
    if (record.byteLength < 56 || record.getUint32(0, true) !== EOCD64) return undefined;
    entries = Number(record.getBigUint64(32, true));
    dirSize = Number(record.getBigUint64(40, true));
    dirOffset = Number(record.getBigUint64(48, true));
  }
  if (dirSize > maxDirectoryBytes || dirOffset + dirSize > size) return undefined;
  const directory = yield* read(dirOffset, dirSize);
  return parseDirectory(directory, entries);
}

function parseDirectory(directory: Uint8Array, expected: number): ZipEntry[] {
  const d = view(directory);
  const decoder = new TextDecoder();
  const result: ZipEntry[] = [];
  let p = 0;
  while (
    result.length < expected &&
    p + 46 <= directory.length &&
    d.getUint32(p, true) === CENTRAL
  ) {
    const nameLength = d.getUint16(p + 28, true);
    const extraLength = d.getUint16(p + 30, true);
    const commentLength = d.getUint16(p + 32, true);
    const entry: ZipEntry = {
      method: d.getUint16(p + 10, true),
      compressedSize: d.getUint32(p + 20, true),
      size: d.getUint32(p + 24, true),
      localHeaderOffset: d.getUint32(p + 42, true),
      name: decoder.decode(directory.subarray(p + 46, p + 46 + nameLength)),
    };
    applyZip64(entry, directory.subarray(p + 46 + nameLength, p + 46 + nameLength + extraLength));
    result.push(entry);
    p += 46 + nameLength + extraLength + commentLength;
  }
  return result;
}

// ZIP64 extra field: the 64-bit values, in this order, of the fields whose 32-bit value is all ones.
function applyZip64(entry: ZipEntry, extra: Uint8Array): void {
  const e = view(extra);
  for (let p = 0; p + 4 <= extra.length;) {
    const id = e.getUint16(p, true);
    const length = e.getUint16(p + 2, true);
    if (id === 0x0001) {
      let q = p + 4;
      const next = () => {
        const value =
          q + 8 <= p + 4 + length && q + 8 <= extra.length
            ? Number(e.getBigUint64(q, true))
            : undefined;
        q += 8;
        return value;
      };
      if (entry.size === 0xffffffff) entry.size = next() ?? entry.size;
      if (entry.compressedSize === 0xffffffff)
        entry.compressedSize = next() ?? entry.compressedSize;
      if (entry.localHeaderOffset === 0xffffffff)
        entry.localHeaderOffset = next() ?? entry.localHeaderOffset;
      return;
    }
    p += 4 + length;
  }
}

// The uncompressed bytes of a small stored or deflated entry; undefined when it cannot be read.
export function* readZipEntry(entry: ZipEntry): ReadSteps<Uint8Array | undefined> {
  if (entry.compressedSize > MAX_ENTRY || entry.size > MAX_ENTRY) return undefined;
  const header = view(yield* read(entry.localHeaderOffset, 30));
  if (header.byteLength < 30 || header.getUint32(0, true) !== LOCAL) return undefined;
  const dataAt =
    entry.localHeaderOffset + 30 + header.getUint16(26, true) + header.getUint16(28, true);
  const data = yield* read(dataAt, entry.compressedSize);
  if (data.length < entry.compressedSize) return undefined;
  if (entry.method === 0) return data;
  if (entry.method !== 8) return undefined;
  try {
    return inflateSync(data, { out: new Uint8Array(entry.size) });
  } catch {
    return undefined;
  }
}
