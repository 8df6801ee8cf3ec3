// A zip of files as a batch's folder, read where it lies: only its central directory is read when
// it is chosen (a few bytes per entry, whatever the zip's size), and an entry's bytes only when
// its package is sent. A stored entry is a slice of the zip; a deflated one is inflated with fflate
// in pieces that go into a Blob as they come, so the page never holds a whole file in memory.
// Works on any Blob (the browser's File, Node's Blob in tests). Zip64 is understood.
import { Inflate } from "fflate";
import { crc32 } from "./crc32";

export interface ZipEntry {
  // The entry's path in the zip, "/" between segments.
  name: string;
  // 0 stored, 8 deflated.
  method: 0 | 8;
  compressedSize: number;
  size: number;
  crc32: number;
  // Where the entry's local header starts.
  headerOffset: number;
}

export interface ZipDirectory {
  entries: ZipEntry[];
  // Entries left out, with why: folders are not listed, links and unsupported entries are.
  skipped: string[];
}

// A zip the batch cannot use, with a sentence saying why.
export class ZipError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ZipError";
  }
}

const EOCD = 0x06054b50;
const EOCD64 = 0x06064b50;
const EOCD64_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_COMMENT = 0xffff;
// A central directory larger than this is not a batch anyone drops in a browser tab.
const MAX_DIRECTORY_BYTES = 256 * 1024 * 1024;
// Compressed bytes read and inflated at a time: a few milliseconds of work between two awaits.
const READ_BYTES = 1024 * 1024;
// Directory entries read between two yields to the page's event loop.
const YIELD_EVERY = 2_000;
// Inflated bytes gathered before they go into a Blob (and out of the page's memory).
const PIECE_BYTES = 8 * 1024 * 1024;

async function bytesOf(blob: Blob, start: number, end: number): Promise<DataView> {
  const buffer = await blob.slice(start, end).arrayBuffer();
  if (buffer.byteLength !== end - start) {
    throw new ZipError("The zip ends before its directory says it does: it is cut short.");
  }
  return new DataView(buffer);
}

const u64 = (view: DataView, at: number) => Number(view.getBigUint64(at, true));

// CP437, the zip format's default for names without the UTF-8 flag: bytes 0x80-0xFF.
const CP437_HIGH =
  "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0";

// The UTF-8 flag, else UTF-8 when the bytes are valid UTF-8 (macOS writes it without the flag),
// else CP437 (Windows' own zips).
function decodeName(bytes: Uint8Array, utf8: boolean): string {
  if (utf8 || bytes.every((b) => b < 0x80)) return new TextDecoder().decode(bytes);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return String.fromCharCode(...bytes).replace(
      /[\x80-\xff]/g,
      (c) => CP437_HIGH[c.charCodeAt(0) - 0x80]!,
    );
  }
}

// Where the central directory lies, from the end-of-central-directory record (zip64 or not).
async function locateDirectory(
  zip: Blob,
): Promise<{ offset: number; size: number; count: number }> {
  const tailStart = Math.max(0, zip.size - (22 + MAX_COMMENT + 20));
  const tail = await bytesOf(zip, tailStart, zip.size);
  let at = -1;
  for (let i = tail.byteLength - 22; i >= 0; i--) {
    if (tail.getUint32(i, true) === EOCD) {
      at = i;
      break;
    }
  }
  if (at === -1) throw new ZipError("This is not a zip file (it has no central directory).");
  let count = tail.getUint16(at + 10, true);
  let size = tail.getUint32(at + 12, true);
  let offset = tail.getUint32(at + 16, true);
  if (tail.getUint16(at + 4, true) !== 0 || tail.getUint16(at + 6, true) !== 0) {
    throw new ZipError("This zip is split over several files: join it into one zip first.");
  }
  const locator = at - 20;
  if (locator >= 0 && tail.getUint32(locator, true) === EOCD64_LOCATOR) {
    const recordAt = u64(tail, locator + 8);
    const record = await bytesOf(zip, recordAt, recordAt + 56);
    if (record.getUint32(0, true) !== EOCD64) {
      throw new ZipError("This zip's zip64 directory record is damaged.");
    }
    count = u64(record, 32);
    size = u64(record, 40);
    offset = u64(record, 48);
  }
  if (size > MAX_DIRECTORY_BYTES) {
    throw new ZipError("This zip's directory is too large to read in the browser.");
  }
  if (offset + size > zip.size) {
    throw new ZipError("The zip ends before its directory says it does: it is cut short.");
  }
  return { offset, size, count };
}

// Lists the zip's files from its central directory.
export async function readZipDirectory(zip: Blob): Promise<ZipDirectory> {
  const { offset, size, count } = await locateDirectory(zip);
  const view = await bytesOf(zip, offset, offset + size);
  const bytes = new Uint8Array(view.buffer);
  const entries: ZipEntry[] = [];
  const skipped: string[] = [];
  let at = 0;
  for (let n = 0; n < count; n++) {
    // A directory of many thousand entries is read in slices, so the page keeps answering.
    if (n > 0 && n % YIELD_EVERY === 0) await new Promise((resolve) => setTimeout(resolve, 0));
    if (at + 46 > size || view.getUint32(at, true) !== CENTRAL) {
      throw new ZipError("This zip's directory is damaged.");
    }
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const crc = view.getUint32(at + 16, true);
    let compressedSize = view.getUint32(at + 20, true);
    let fileSize = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const madeBy = view.getUint16(at + 4, true) >> 8;
    const external = view.getUint32(at + 38, true);
    let headerOffset = view.getUint32(at + 42, true);
    const name = decodeName(bytes.subarray(at + 46, at + 46 + nameLength), (flags & 0x800) !== 0)
      .replace(/\\/g, "/")
      .replace(/^\/+/, "");
    // Zip64: the fields that hold 0xFFFFFFFF are in the extra field 0x0001, in this order.
    let extra = at + 46 + nameLength;
    const extraEnd = extra + extraLength;
    while (extra + 4 <= extraEnd) {
      const id = view.getUint16(extra, true);
      const length = view.getUint16(extra + 2, true);
      if (id === 0x0001) {
        let field = extra + 4;
        const next = () => {
          const value = u64(view, field);
          field += 8;
          return value;
        };
        if (fileSize === 0xffffffff) fileSize = next();
        if (compressedSize === 0xffffffff) compressedSize = next();
        if (headerOffset === 0xffffffff) headerOffset = next();
      }
      extra += 4 + length;
    }
    at = extraEnd + commentLength;

    const unixType = madeBy === 3 ? (external >>> 16) & 0o170000 : 0;
    if (name.endsWith("/") || unixType === 0o040000) continue;
    if (unixType === 0o120000) skipped.push(`${name} (a link)`);
    else if (flags & 0x1) skipped.push(`${name} (encrypted)`);
    else if (method !== 0 && method !== 8) skipped.push(`${name} (compressed as method ${method})`);
    else if (name.split("/").some((s) => s === "..")) skipped.push(`${name} (outside the zip)`);
    else entries.push({ name, method, compressedSize, size: fileSize, crc32: crc, headerOffset });
  }
  return { entries, skipped };
}

// Where the entry's bytes start: after its local header, whose name and extra field may differ
// in length from the central directory's.
async function dataStart(zip: Blob, entry: ZipEntry): Promise<number> {
  const header = await bytesOf(zip, entry.headerOffset, entry.headerOffset + 30);
  if (header.getUint32(0, true) !== LOCAL) {
    throw new ZipError(`${entry.name} cannot be found in the zip: it is damaged.`);
  }
  const start = entry.headerOffset + 30 + header.getUint16(26, true) + header.getUint16(28, true);
  if (start + entry.compressedSize > zip.size) {
    throw new ZipError(`${entry.name} is cut short in the zip.`);
  }
  return start;
}

// The entry's bytes as a Blob: a slice of the zip when stored, inflated piece by piece when
// deflated, its size and CRC-32 checked against the directory's.
export async function openZipEntry(
  zip: Blob,
  entry: ZipEntry,
  options: { signal?: AbortSignal } = {},
): Promise<Blob> {
  const start = await dataStart(zip, entry);
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.size) {
      throw new ZipError(`${entry.name} is damaged in the zip (its two sizes differ).`);
    }
    return zip.slice(start, start + entry.size);
  }
  const pieces: Blob[] = [];
  let held: Uint8Array[] = [];
  let heldBytes = 0;
  let produced = 0;
  let crc = crc32.start();
  let failure: ZipError | null = null;
  const inflater = new Inflate((chunk) => {
    produced += chunk.length;
    if (produced > entry.size) {
      failure ??= new ZipError(`${entry.name} inflates to more bytes than the zip says it holds.`);
      return;
    }
    crc = crc32.update(crc, chunk);
    held.push(chunk);
    heldBytes += chunk.length;
    if (heldBytes >= PIECE_BYTES) {
      pieces.push(new Blob(held as BlobPart[]));
      held = [];
      heldBytes = 0;
    }
  });
  const end = start + entry.compressedSize;
  try {
    for (let at = start; at < end; at += READ_BYTES) {
      options.signal?.throwIfAborted();
      const next = Math.min(end, at + READ_BYTES);
      const view = await bytesOf(zip, at, next);
      inflater.push(new Uint8Array(view.buffer), next === end);
      if (failure) throw failure;
    }
    if (entry.compressedSize === 0) inflater.push(new Uint8Array(0), true);
  } catch (error) {
    if (error instanceof ZipError || options.signal?.aborted) throw error;
    throw new ZipError(`${entry.name} cannot be inflated: the zip is damaged.`);
  }
  if (failure) throw failure;
  if (produced !== entry.size || crc32.finish(crc) !== entry.crc32) {
    throw new ZipError(`${entry.name} is damaged in the zip (its CRC-32 does not match).`);
  }
  pieces.push(new Blob(held as BlobPart[]));
  return new Blob(pieces);
}
