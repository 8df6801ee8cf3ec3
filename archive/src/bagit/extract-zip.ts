// Streams a zip to disk with fflate's Unzip: constant memory (the input waits while a file write
// is backed up), every entry hashed on the way, unsafe names refused before anything is written.
// Zip bombs are stopped while streaming, at the first chunk past a limit (total bytes, entries,
// compression ratio), and what was written is removed.
// Entries are written under numbered names, not their own: a bag's path is data, and may be longer
// or hold characters the file system will not take in a name.
import { createHash, type Hash } from "node:crypto";
import { createReadStream, createWriteStream, mkdirSync, type WriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { Unzip, type UnzipFile } from "fflate";
import { unsafePathReason, type BagAlgorithm } from "./bag-text";
import { limitExcess, tooManyEntries, type BagLimits } from "./bag-limits";
import { registerDecoders, type EntryCounter } from "./zip-decoders";

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

const READ_CHUNK = 64 * 1024;

// Resolves when the writer can take more, or has closed; leaves no listener behind.
function drained(writer: WriteStream): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      writer.off("drain", done);
      writer.off("close", done);
      resolve();
    };
    writer.on("drain", done);
    writer.on("close", done);
  });
}

// Extracts the entries under `root` into `workDir`; returns them by bag-relative path.
export async function extractZip(
  zipPath: string,
  workDir: string,
  options: ExtractOptions,
): Promise<{ entries: Map<string, ExtractedEntry>; problems: string[]; stopped?: string }> {
  const entries = new Map<string, ExtractedEntry>();
  const problems: string[] = [];
  const base = path.resolve(workDir);
  mkdirSync(base, { recursive: true });
  const writers = new Set<WriteStream>();
  const finished: Promise<void>[] = [];
  const claimed = new Set<string>();
  let total = 0;
  let read = 0;
  let seen = 0;
  // Set at the first excess, to the sentence saying which limit; an exception would be swallowed
  // by fflate's decoder, so a flag stops the loop.
  let stopped: string | undefined;

  // The counter of the entry being started: file.start() creates its decoder synchronously.
  let starting: EntryCounter = { compressed: 0, skip: false };
  const start = (file: UnzipFile, counter: EntryCounter) => {
    starting = counter;
    file.start();
  };
  // A skipped entry must still be started: fflate buffers the data of an entry nobody started.
  const discard = (file: UnzipFile) => {
    file.ondata = () => {};
    start(file, { compressed: 0, skip: true });
  };

  const unzip = new Unzip((file) => {
    if (stopped) return discard(file);
    seen += 1;
    if (seen > options.limits.maxEntries) {
      stopped = tooManyEntries(options.limits);
      return discard(file);
    }
    const reason = unsafePathReason(file.name);
    if (reason) {
      // Quoted as JSON, so a NUL or a control character in the name shows as an escape.
      problems.push(`The zip entry ${JSON.stringify(file.name)} ${reason}; it was not extracted.`);
      return discard(file);
    }
    if (
      file.name.endsWith("/") ||
      !file.name.startsWith(options.root) ||
      file.name.startsWith("__MACOSX/")
    ) {
      return discard(file);
    }
    const relative = file.name.slice(options.root.length);
    if (claimed.has(relative)) {
      problems.push(`The zip holds ${relative} twice; only the first copy was extracted.`);
      return discard(file);
    }
    claimed.add(relative);
    const target = path.join(base, `entry-${claimed.size}`);
    const out = createWriteStream(target, { flags: "wx" });
    writers.add(out);
    const hashes = new Map<BagAlgorithm, Hash>(options.algorithms.map((a) => [a, createHash(a)]));
    let size = 0;
    let failed = false;
    const entryCounter: EntryCounter = { compressed: 0, skip: false };
    // Stored entries unpack to their own size; only deflated ones carry a ratio.
    const counter = file.compression === 8 ? entryCounter : undefined;
    const done = new Promise<void>((resolve) => {
      out.on("error", (error) => {
        // The code only: the message names the archive's own folders.
        const code = (error as NodeJS.ErrnoException).code ?? "a write error";
        if (!failed) problems.push(`${relative} could not be written (${code}).`);
        failed = true;
        entries.delete(relative);
      });
      // "close" follows both a normal finish and a destroy.
      out.on("close", () => {
        writers.delete(out);
        resolve();
      });
    });
    finished.push(done);
    // Which limit this chunk passes, before it is written; undefined when none.
    const excess = (more: number) =>
      limitExcess(
        options.limits,
        {
          entry: file.name,
          entryBytes: size,
          entryCompressed: counter?.compressed,
          totalBytes: total,
          zipBytesRead: read,
        },
        more,
      );
    file.ondata = (error, chunk, final) => {
      if (failed) return;
      const limit = error ? undefined : (stopped ?? excess(chunk.length));
      if (error || limit) {
        failed = true;
        stopped ??= limit;
        if (error)
          problems.push(
            `The zip entry ${relative} cannot be unpacked: ${error.message || "its data is corrupt"}.`,
          );
        out.destroy();
        return;
      }
      size += chunk.length;
      total += chunk.length;
      for (const hash of hashes.values()) hash.update(chunk);
      // fflate may hand out views of its input; copy before the asynchronous write keeps it.
      out.write(chunk.slice());
      if (final) {
        out.end();
        const digests: ExtractedEntry["digests"] = {};
        for (const [algorithm, hash] of hashes) digests[algorithm] = hash.digest("hex");
        entries.set(relative, { size, digests, fsPath: target });
      }
    };
    start(file, entryCounter);
  });
  registerDecoders(unzip, () => starting);

  const input = createReadStream(zipPath, { highWaterMark: READ_CHUNK });
  try {
    for await (const chunk of input) {
      read += (chunk as Uint8Array).length;
      unzip.push(chunk as Uint8Array);
      if (stopped) break;
      await Promise.all([...writers].filter((w) => w.writableNeedDrain).map(drained));
    }
    if (!stopped) unzip.push(new Uint8Array(), true);
  } catch (error) {
    problems.push(
      `The zip file is damaged: ${(error as Error).message || "it cannot be unpacked"}.`,
    );
  }
  input.destroy();
  for (const writer of writers) if (!writer.writableEnded) writer.destroy();
  await Promise.all(finished);
  if (stopped) {
    // The bag is refused whatever else is wrong with it: one sentence, and nothing left on disk.
    await rm(base, { recursive: true, force: true });
    return { entries: new Map(), problems: [stopped], stopped };
  }
  // Entries whose data ended early never reached `final`: they are not part of the result.
  return { entries, problems };
}
