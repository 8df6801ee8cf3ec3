// The archive reads every zip with yauzl, through its central directory (ZIP64 included): the
// directory is the one list of entries a zip has, so no entry hides in the local headers.
// yauzl checks that each entry unpacks to exactly the size the directory declares.
import yauzl, { type Entry, type ZipFile } from "yauzl";

export type { Entry as ZipEntry, ZipFile } from "yauzl";

// A zip on disk (its path) or held in memory.
export type ZipSource = string | Uint8Array;

const OPTIONS = {
  lazyEntries: true,
  autoClose: false,
  // Names are decoded by entryName: yauzl would refuse the whole zip for one unsafe name.
  decodeStrings: false,
  validateEntrySizes: true,
} as const;

// Small entries are read whole into memory; anything larger is not a tag or manifest file.
export const MAX_SMALL_ENTRY = 1024 * 1024;

// Opens the zip by its central directory; undefined when it has none (not a zip, or truncated).
export async function openZip(source: ZipSource): Promise<ZipFile | undefined> {
  try {
    return typeof source === "string"
      ? await yauzl.openPromise(source, OPTIONS)
      : await yauzl.fromBufferPromise(
          Buffer.from(source.buffer, source.byteOffset, source.byteLength),
          OPTIONS,
        );
  } catch {
    return undefined;
  }
}

// Opens the zip, hands it to `read` (undefined when it has no directory), and closes it.
export async function withZip<T>(
  source: ZipSource,
  read: (zip: ZipFile | undefined) => Promise<T>,
): Promise<T> {
  const zip = await openZip(source);
  try {
    return await read(zip);
  } finally {
    zip?.close();
  }
}

// The zip's flag for a name in UTF-8 (general purpose bit 11), and the Info-ZIP extra field that
// carries a name in UTF-8 beside the stored one.
const UTF8_NAME_FLAG = 0x800;
const UNICODE_PATH_FIELD = 0x7075;

// The entry's name as the zip stores it: backslashes, "..", absolute paths and NULs are kept so
// that the caller can name what is wrong with it. A name without the UTF-8 flag is CP437, whose
// lower half is ASCII for every tool that writes one (zip writers set the flag only for names
// beyond ASCII); yauzl's table would read its control characters as CP437's glyphs (0x01 as "☺"),
// so such a name is read as ASCII and only a name with higher bytes goes to the table.
export function entryName(entry: Entry): string {
  const raw = entry.fileNameRaw;
  if (
    !(entry.generalPurposeBitFlag & UTF8_NAME_FLAG) &&
    !entry.extraFields.some((field) => field.id === UNICODE_PATH_FIELD) &&
    raw.every((byte) => byte < 0x80)
  )
    return raw.toString("latin1");
  return yauzl.getFileNameLowLevel(
    entry.generalPurposeBitFlag,
    entry.fileNameRaw,
    entry.extraFields,
    true,
  );
}

// The directory's entries in order, with their names; throws when the directory is damaged.
export async function* zipEntries(zip: ZipFile): AsyncGenerator<{ name: string; entry: Entry }> {
  for await (const entry of zip.eachEntry()) yield { name: entryName(entry), entry };
}

// The whole directory, in order; undefined when it is damaged or larger than
// `maxDirectoryBytes` (what it costs in memory).
export async function listEntries(
  zip: ZipFile,
  maxDirectoryBytes = 16 * 1024 * 1024,
): Promise<Array<{ name: string; entry: Entry }> | undefined> {
  const entries: Array<{ name: string; entry: Entry }> = [];
  let bytes = 0;
  try {
    for await (const named of zipEntries(zip)) {
      const { entry } = named;
      bytes += 46 + entry.fileNameLength + entry.extraFieldLength + entry.fileCommentLength;
      if (bytes > maxDirectoryBytes) return undefined;
      entries.push(named);
    }
  } catch {
    return undefined;
  }
  return entries;
}

// The unpacked bytes of a small stored or deflated entry; undefined when it cannot be read.
export async function readSmallEntry(
  zip: ZipFile,
  entry: Entry,
  maxBytes = MAX_SMALL_ENTRY,
): Promise<Uint8Array | undefined> {
  if (entry.uncompressedSize > maxBytes || entry.compressedSize > maxBytes) return undefined;
  if (!canUnpack(entry)) return undefined;
  try {
    const stream = await zip.openReadStreamPromise(entry);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  } catch {
    return undefined;
  }
}

// Stored and deflated entries without encryption: what yauzl (and Node's zlib) can unpack.
export function canUnpack(entry: Entry): boolean {
  return (entry.compressionMethod === 0 || entry.compressionMethod === 8) && !entry.isEncrypted();
}
