// Streams a zip to disk with fflate's Unzip: constant memory (the input waits while a file write
// is backed up), every entry hashed on the way, unsafe names refused before anything is written.
// Entries are written under numbered names, not their own: a bag's path is data, and may be longer
// or hold characters the file system will not take in a name.
import { createHash, type Hash } from "node:crypto";
import { createReadStream, createWriteStream, mkdirSync, type WriteStream } from "node:fs";
import path from "node:path";
import { Unzip, UnzipInflate, type UnzipDecoder, type UnzipFile } from "fflate";
import { unsafePathReason, type BagAlgorithm } from "./bag-text";

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
  maxTotalBytes: number;
}

const READ_CHUNK = 64 * 1024;
// Methods fflate cannot decode (deflate64, bzip2, LZMA, zstd, xz, AES); registered so their data is
// discarded with a problem instead of buffered in memory.
const UNSUPPORTED_METHODS = [9, 12, 14, 93, 95, 97, 98, 99];

function discarding(method: number) {
  return class implements UnzipDecoder {
    static compression = method;
    ondata: UnzipDecoder["ondata"] = () => {};
    push(_chunk: Uint8Array, final: boolean) {
      if (!final) return;
      const error = new Error(
        `it uses compression method ${method}, which the archive cannot unpack`,
      );
      this.ondata(Object.assign(error, { code: 14 }), new Uint8Array(), true);
    }
  };
}

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
): Promise<{ entries: Map<string, ExtractedEntry>; problems: string[] }> {
  const entries = new Map<string, ExtractedEntry>();
  const problems: string[] = [];
  const base = path.resolve(workDir);
  mkdirSync(base, { recursive: true });
  const writers = new Set<WriteStream>();
  const finished: Promise<void>[] = [];
  const claimed = new Set<string>();
  let total = 0;
  // Set past maxTotalBytes; an exception would be swallowed by fflate's decoder, so a flag stops the loop.
  let tooLarge = false;

  const discard = (file: UnzipFile) => {
    file.ondata = () => {};
    file.start();
  };

  const unzip = new Unzip((file) => {
    if (tooLarge) return discard(file);
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
    file.ondata = (error, chunk, final) => {
      if (failed) return;
      if (error || tooLarge) {
        failed = true;
        if (error)
          problems.push(
            `The zip entry ${relative} cannot be unpacked: ${error.message || "its data is corrupt"}.`,
          );
        out.destroy();
        return;
      }
      size += chunk.length;
      total += chunk.length;
      if (total > options.maxTotalBytes) {
        tooLarge = true;
        failed = true;
        out.destroy();
        return;
      }
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
    file.start();
  });
  unzip.register(UnzipInflate);
  for (const method of UNSUPPORTED_METHODS) unzip.register(discarding(method));

  const input = createReadStream(zipPath, { highWaterMark: READ_CHUNK });
  try {
    for await (const chunk of input) {
      unzip.push(chunk as Uint8Array);
      if (tooLarge) break;
      await Promise.all([...writers].filter((w) => w.writableNeedDrain).map(drained));
    }
    if (!tooLarge) unzip.push(new Uint8Array(), true);
  } catch (error) {
    problems.push(
      `The zip file is damaged: ${(error as Error).message || "it cannot be unpacked"}.`,
    );
  }
  if (tooLarge) {
    problems.push(
      `The bag unpacks to more than ${options.maxTotalBytes} bytes, the most the archive accepts.`,
    );
  }
  input.destroy();
  for (const writer of writers) if (!writer.writableEnded) writer.destroy();
  await Promise.all(finished);
  // Entries whose data ended early never reached `final`: they are not part of the result.
  return { entries, problems };
}
