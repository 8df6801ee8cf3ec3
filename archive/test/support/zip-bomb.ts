// A bag whose one payload file is gigabytes of zeros packed into a few megabytes: the classic zip
// bomb. Deflate resets its window at a full flush, so one compressed segment of zeros can be
// repeated as often as wanted and closed with an empty final block; the test never holds or
// compresses the gigabytes themselves (building 3 GiB takes under a second and 3 MB of memory).
import { constants, crc32, deflateRawSync } from "node:zlib";
import { strToU8, Zip, ZipPassThrough, type ZipInputFile } from "fflate";

const SEGMENT = 64 * 1024 * 1024;
// BFINAL=1, fixed Huffman codes, end of block: an empty last block.
const EMPTY_FINAL_BLOCK = new Uint8Array([3, 0]);

// The zip of a bag holding `data/<name>` of `segments` × 64 MiB zeros (fflate writes no ZIP64:
// stay under 4 GiB). The manifest lists a digest that does not match: the archive must stop long
// before it could find that out.
export function zipBombBag(options: {
  segments: number;
  name?: string;
  profile: string;
}): Uint8Array {
  const zeros = new Uint8Array(SEGMENT);
  const segment = deflateRawSync(zeros, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  let crc = 0;
  for (let i = 0; i < options.segments; i++) crc = crc32(zeros, crc);
  const payloadPath = `data/${options.name ?? "zeros.bin"}`;

  const chunks: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    chunks.push(chunk);
  });
  const tags: Record<string, string> = {
    "bagit.txt": "BagIt-Version: 1.0\nTag-File-Character-Encoding: UTF-8\n",
    "manifest-sha256.txt": `${"0".repeat(64)}  ${payloadPath}\n`,
    "package-metadata.json": JSON.stringify({ profile: options.profile, metadatas: [] }),
  };
  for (const [name, text] of Object.entries(tags)) {
    const file = new ZipPassThrough(name);
    zip.add(file);
    file.push(strToU8(text), true);
  }
  const bomb: ZipInputFile = { filename: payloadPath, size: 0, crc: 0, compression: 8 };
  zip.add(bomb);
  for (let i = 0; i < options.segments; i++) bomb.ondata?.(null, segment, false);
  // The header fields need only be right when the entry ends.
  bomb.size = options.segments * SEGMENT;
  bomb.crc = crc;
  bomb.ondata?.(null, EMPTY_FINAL_BLOCK, true);
  zip.end();
  return Buffer.concat(chunks);
}
