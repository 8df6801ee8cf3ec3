// PUT /sip at acceptance: the bag (a zip) is stored as a blob before the answer, whatever way it
// came, and its package-metadata.json is read from the zip's directory so the answer can name
// the package. The full bag check (manifests, payload) is the pipeline's.
import { randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import {
  INGEST_LIMITS,
  packageIdProblem,
  type Content,
} from "@scriptorium/contract/ingest/schemas";
import {
  type BagPackageMetadata,
  PACKAGE_METADATA_FILE,
  parsePackageMetadata,
} from "../bagit/package-metadata";
import type { BlobHold } from "../blobs/store";
import { fetchToFile } from "../fetch/fetch-to-file";
import { listEntries, readSmallEntry, withZip } from "../formats/zip-reader";
import { IngestError } from "../http/errors";
import type { IngestDeps } from "./deps";
import { uploadNamed, type BlobRef } from "./sip-record";

const invalid = (message: string) => new IngestError("VALIDATION_ERROR", message);

// Stores the zip a PUT /sip names, held by `hold`, and answers its blob.
export async function storeSipContent(
  deps: IngestDeps,
  content: Content,
  uploads: Record<string, BlobRef>,
  hold: BlobHold,
): Promise<BlobRef> {
  if (content.type === "S3") {
    const found = uploadNamed(uploads, content.content);
    if (!found) throw invalid(`content: the upload "${content.content}" is not available`);
    return found;
  }
  if (content.type === "BINARY") {
    const staged = await deps.blobs.receive(
      Readable.from([Buffer.from(content.content, "base64")]),
      {
        maxBytes: INGEST_LIMITS.inlineBodyBytes,
      },
    );
    await deps.blobs.commit(staged, hold);
    return { sha256: staged.sha256, size: staged.size };
  }
  const dest = path.join(deps.blobs.root, ".tmp", `${randomUUID()}.fetch`);
  try {
    await fetchToFile(content.content, dest, {
      maxBytes: INGEST_LIMITS.urlBytes,
      allowPrivate: deps.config.allowPrivateUrls,
      timeoutMs: 10 * 60_000,
    });
    return await deps.blobs.adopt(dest, hold);
  } catch (error) {
    throw invalid(
      `content: the bag could not be fetched from ${content.content}: ${(error as Error).message}`,
    );
  } finally {
    await rm(dest, { force: true });
  }
}

// Reads and checks package-metadata.json from the bag's zip (at its root or in its one top folder).
export async function readBagPackageMetadata(zipPath: string): Promise<BagPackageMetadata> {
  const payload = new Set<string>();
  const bytes = await withZip(zipPath, async (zip) => {
    const entries = zip ? await listEntries(zip) : undefined;
    if (!zip || !entries)
      throw invalid("content is not a zip file: PUT /sip takes a BagIt bag packed as a zip");
    const found = entries.find(({ name }) => {
      const parts = name.split("/");
      return parts.at(-1) === PACKAGE_METADATA_FILE && parts.length <= 2;
    });
    if (!found) {
      throw invalid(
        `content: the bag has no ${PACKAGE_METADATA_FILE} tag file next to bagit.txt; it must name at least the profile`,
      );
    }
    const top = found.name.slice(0, found.name.length - PACKAGE_METADATA_FILE.length);
    for (const { name } of entries) {
      const inBag = name.slice(top.length);
      if (name.startsWith(top) && inBag.startsWith("data/") && !inBag.endsWith("/"))
        payload.add(inBag);
    }
    return readSmallEntry(zip, found.entry);
  });
  if (!bytes)
    throw invalid(
      `content: the bag's ${PACKAGE_METADATA_FILE} cannot be read (at most 1 MB, stored or deflated)`,
    );
  const { value, problems } = parsePackageMetadata(new TextDecoder().decode(bytes), payload);
  if (!value || problems.length > 0) throw invalid(`content: ${problems.join(" ")}`);
  const idProblem = value.packageId === undefined ? null : packageIdProblem(value.packageId);
  if (idProblem) throw invalid(`${PACKAGE_METADATA_FILE}: ${idProblem}`);
  return value;
}
