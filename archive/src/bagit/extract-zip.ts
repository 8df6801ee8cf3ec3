// Extracts a zip to disk entry by entry, through its central directory (zip-reader.ts): constant
// memory (each entry is streamed to its file), every entry hashed on the way, unsafe names refused
// before anything is written.
// Zip bombs are stopped before an entry is unpacked: its sizes in the directory are held to the
// limits (total bytes, entries, compression ratio), and yauzl stops any entry whose data unpacks
// to more than the directory declares. When a limit is passed, what was written is removed.
// Entries are written under numbered names, not their own: a bag's path is data, and may be longer
// or hold characters the file system will not take in a name.
import { createHash } from "node:crypto";
import { createWriteStream, mkdirSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { canUnpack, openZip, zipEntries, type ZipEntry } from "../formats/zip-reader";
import { unsafePathReason, type BagAlgorithm } from "./bag-text";
import { limitExcess, tooManyEntries, type BagLimits } from "./bag-limits";

export interface ExtractedEntry {
  size: number;
  /** Hex digests, one per requested algorithm. */
  digests: Partial<Record<BagAlgorithm, string>>;
  fsPath: string;
}

export interface ExtractOptions {
  /** Only entries under this prefix ("" or "folder/") are extracted, with the prefix removed. */
  root: string;
  algorithms: readonly BagAlgorithm[];
  limits: BagLimits;
}

type Extraction = { entries: Map<string, ExtractedEntry>; problems: string[]; stopped?: string };

// Extracts the entries under `root` into `workDir`; returns them by bag-relative path.
export async function extractZip(
  zipPath: string,
  workDir: string,
  options: ExtractOptions,
): Promise<Extraction> {
  const entries = new Map<string, ExtractedEntry>();
  const problems: string[] = [];
  const base = path.resolve(workDir);
  mkdirSync(base, { recursive: true });
  const zip = await openZip(zipPath);
  if (!zip) return { entries, problems: ["The zip file is damaged: it has no central directory."] };
  const claimed = new Set<string>();
  let total = 0;
  let seen = 0;
  // Set at the first excess, to the sentence saying which limit.
  let stopped: string | undefined;
  try {
    for await (const { name, entry } of zipEntries(zip)) {
      seen += 1;
      if (seen > options.limits.maxEntries) {
        stopped = tooManyEntries(options.limits);
        break;
      }
      const reason = unsafePathReason(name);
      if (reason) {
        // Quoted as JSON, so a NUL or a control character in the name shows as an escape.
        problems.push(`The zip entry ${JSON.stringify(name)} ${reason}; it was not extracted.`);
        continue;
      }
      if (name.endsWith("/") || !name.startsWith(options.root) || name.startsWith("__MACOSX/"))
        continue;
      const relative = name.slice(options.root.length);
      if (claimed.has(relative)) {
        problems.push(`The zip holds ${relative} twice; only the first copy was extracted.`);
        continue;
      }
      claimed.add(relative);
      stopped = limitExcess(
        options.limits,
        {
          entry: name,
          entryBytes: 0,
          // Stored entries unpack to their own size; only deflated ones carry a ratio.
          entryCompressed: entry.compressionMethod === 8 ? entry.compressedSize : undefined,
          totalBytes: total,
          zipBytes: zip.fileSize,
        },
        entry.uncompressedSize,
      );
      if (stopped) break;
      if (!canUnpack(entry)) {
        problems.push(`The zip entry ${relative} cannot be unpacked: ${unpackable(entry)}.`);
        continue;
      }
      const target = path.join(base, `entry-${claimed.size}`);
      const data = await zip.openReadStreamPromise(entry);
      const written = await writeEntry(data, target, relative, options.algorithms);
      if ("problem" in written) {
        problems.push(written.problem);
        continue;
      }
      total += written.size;
      entries.set(relative, { ...written, fsPath: target });
    }
  } catch (error) {
    problems.push(
      `The zip file is damaged: ${(error as Error).message || "it cannot be unpacked"}.`,
    );
  } finally {
    zip.close();
  }
  if (stopped) {
    // The bag is refused whatever else is wrong with it: one sentence, and nothing left on disk.
    await rm(base, { recursive: true, force: true });
    return { entries: new Map(), problems: [stopped], stopped };
  }
  return { entries, problems };
}

function unpackable(entry: ZipEntry): string {
  return entry.isEncrypted()
    ? "it is encrypted"
    : `it uses compression method ${entry.compressionMethod}, which the archive cannot unpack`;
}

// Streams one entry's data into `target`, hashing it; a failed entry leaves no file behind.
async function writeEntry(
  data: Readable,
  target: string,
  relative: string,
  algorithms: readonly BagAlgorithm[],
): Promise<Omit<ExtractedEntry, "fsPath"> | { problem: string }> {
  const hashes = algorithms.map((a) => [a, createHash(a)] as const);
  // The pipeline hands the file the unpacking's error too: only this flag tells them apart.
  let unpackFailed = false;
  let size = 0;
  try {
    await pipeline(
      data,
      async function* (chunks: AsyncIterable<Buffer>) {
        try {
          for await (const chunk of chunks) {
            size += chunk.length;
            for (const [, hash] of hashes) hash.update(chunk);
            yield chunk;
          }
        } catch (error) {
          unpackFailed = true;
          throw error;
        }
      },
      createWriteStream(target, { flags: "wx" }),
    );
  } catch (error) {
    await rm(target, { force: true });
    if (unpackFailed) {
      const reason = (error as Error).message || "its data is corrupt";
      return { problem: `The zip entry ${relative} cannot be unpacked: ${reason}.` };
    }
    // The code only: the message names the archive's own folders.
    const code = (error as NodeJS.ErrnoException).code ?? "a write error";
    return { problem: `${relative} could not be written (${code}).` };
  }
  const digests: ExtractedEntry["digests"] = {};
  for (const [algorithm, hash] of hashes) digests[algorithm] = hash.digest("hex");
  return { size, digests };
}
