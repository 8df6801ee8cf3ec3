// Format identification by file signature: reads the head of a file, and for zips and PDFs only
// the few further ranges it needs (see types.ts for the PRONOM identifiers and how sure we are).
import { open } from "node:fs/promises";
import path from "node:path";
import { identifyImage } from "./images";
import { identifyZip } from "./office";
import { identifyPdf, pdfHeaderVersion } from "./pdf";
import { latin1, read, runOnBytes, runOnFile, type ReadSteps } from "./reads";
import { decodeText, identifyText } from "./text";
import { UNKNOWN_FORMAT, type FormatIdentification } from "./types";

export type { FormatIdentification } from "./types";
export { UNKNOWN_FORMAT } from "./types";

export const HEAD_BYTES = 64 * 1024;

// A zip's head: the zip is identified through its central directory, read by the caller from
// wherever the bytes are.
interface ZipHead {
  zipHead: Uint8Array;
}

function* identifySteps(
  size: number,
  fileName?: string,
): ReadSteps<FormatIdentification | ZipHead> {
  if (size === 0) return { ...UNKNOWN_FORMAT, formatName: "Empty file" };
  const head = yield* read(0, HEAD_BYTES);
  const complete = head.length >= size;
  if (latin1(head.subarray(0, 5)) === "%PDF-") {
    return yield* identifyPdf(head, size, pdfHeaderVersion(head) ?? "");
  }
  const image = identifyImage(head);
  if (image) return image;
  const magic = latin1(head.subarray(0, 4));
  if (magic === "PK\x03\x04" || magic === "PK\x05\x06") return { zipHead: head };
  const text = decodeText(head, complete);
  if (text !== undefined) return yield* identifyText(text, size, complete, fileName);
  // Readers accept a PDF header anywhere in the first 1024 bytes, after binary junk.
  const lateVersion = pdfHeaderVersion(head);
  if (lateVersion) return yield* identifyPdf(head, size, lateVersion);
  return UNKNOWN_FORMAT;
}

// Identifies a file on disk; `fileName` (default: the path's base name) only breaks ties such as CSV vs text.
export async function identifyFile(
  filePath: string,
  fileName?: string,
): Promise<FormatIdentification> {
  const handle = await open(filePath, "r");
  let found: FormatIdentification | ZipHead;
  try {
    const { size } = await handle.stat();
    found = await runOnFile(identifySteps(size, fileName ?? path.basename(filePath)), handle, size);
  } finally {
    await handle.close();
  }
  return "zipHead" in found ? identifyZip(found.zipHead, filePath) : found;
}

// Identifies bytes held in memory.
export async function identifyBytes(
  bytes: Uint8Array,
  fileName?: string,
): Promise<FormatIdentification> {
  const found = runOnBytes(identifySteps(bytes.length, fileName), bytes);
  return "zipHead" in found ? identifyZip(found.zipHead, bytes) : found;
}
