// Brotli copies of the client's scripts and styles, written beside them once `next build` has
// compiled them (next.config.ts, compiler.runAfterProductionCompile), for the static lane
// (lib/server/static-lane.ts). Each copy is written aside and renamed, so a server never serves half
// of one; a copy that would not be smaller is not written.
import { randomUUID } from "node:crypto";
import { readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress as brotliCallback, constants } from "node:zlib";

const brotliCompress = promisify(brotliCallback);
const COMPRESSED = /\.(?:js|css|svg|json|txt|map)$/;
// Files compressed at a time: zlib's work runs on libuv's threads, one file each.
const PARALLEL = 4;

export interface PrecompressOutcome {
  files: number;
  bytes: number;
  brotliBytes: number;
}

async function brotli(data: Buffer): Promise<Buffer> {
  return brotliCompress(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
}

// Writes `<file>.br` for every script and style under `staticDir` (the build's `.next/static`).
export async function precompressStatic(staticDir: string): Promise<PrecompressOutcome> {
  const names = (await readdir(staticDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && COMPRESSED.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const outcome: PrecompressOutcome = { files: 0, bytes: 0, brotliBytes: 0 };
  const compressOne = async (file: string) => {
    const data = await readFile(file);
    const compressed = await brotli(data);
    if (compressed.length >= data.length) return;
    const partial = `${file}.br.${randomUUID()}.partial`;
    try {
      await writeFile(partial, compressed);
      await rename(partial, `${file}.br`);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    outcome.files++;
    outcome.bytes += data.length;
    outcome.brotliBytes += compressed.length;
  };
  const queue = [...names];
  const worker = async () => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift())
      await compressOne(file);
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return outcome;
}
