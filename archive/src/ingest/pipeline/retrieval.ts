// Content retrieval: brings every document and metadata file of the SIP into the job's work
// folder (URL fetched with the SSRF guard), keeps it in memory (BINARY, decoded) or points at its
// uploaded blob (S3).
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { INGEST_LIMITS, type Content } from "@scriptorium/contract/ingest/schemas";
import { fetchToFile } from "../../fetch/fetch-to-file";
import { uploadNamed } from "../sip-record";
import type { Plugin, PipelineContext, WorkFile } from "./types";
import { allMetadatas } from "./types";

const FETCH_TIMEOUT_MS = 10 * 60_000;

async function retrieve(ctx: PipelineContext, content: Content, slot: string): Promise<WorkFile> {
  if (content.type === "S3") {
    const blob = uploadNamed(ctx.record.uploads, content.content);
    if (!blob)
      throw new Error(`the upload "${content.content}" was not resolved when the SIP was accepted`);
    return { path: ctx.deps.blobs.objectPath(blob.sha256), expected: blob, blob };
  }
  const dest = path.join(ctx.workDir, "content", slot);
  // Inline content is small (the request held it): fixity stores it from memory.
  if (content.type === "BINARY")
    return { path: dest, bytes: Buffer.from(content.content, "base64") };
  await mkdir(path.dirname(dest), { recursive: true });
  await fetchToFile(content.content, dest, {
    maxBytes: INGEST_LIMITS.urlBytes,
    allowPrivate: ctx.deps.config.allowPrivateUrls,
    timeoutMs: FETCH_TIMEOUT_MS,
  });
  return { path: dest };
}

export const contentRetrieval: Plugin = {
  name: "content-retrieval",
  async run(ctx) {
    const counts = { BINARY: 0, URL: 0, S3: 0 };
    const failures: string[] = [];
    let slot = 0;
    const take = async (content: Content, label: string) => {
      try {
        const file = await retrieve(ctx, content, String(slot++));
        counts[content.type] += 1;
        return file;
      } catch (error) {
        failures.push(`${label}: ${(error as Error).message}`);
        return undefined;
      }
    };
    for (const doc of ctx.documents) {
      if (doc.source && !doc.staged) doc.staged = await take(doc.source, `document "${doc.name}"`);
    }
    for (const meta of allMetadatas(ctx)) {
      if (meta.file && !meta.file.staged)
        meta.file.staged = await take(meta.file.source, `metadata file "${meta.file.name}"`);
    }
    if (failures.length > 0) {
      return {
        status: "FAILURE",
        message: `Content could not be retrieved: ${failures.join("; ")}.`,
      };
    }
    const parts = [
      `${counts.BINARY} inline`,
      `${counts.URL} fetched by URL`,
      `${counts.S3} from uploads`,
    ];
    const bag = ctx.record.sipBlob
      ? ` The bag (${ctx.record.sipBlob.size} bytes) was stored when the SIP was accepted.`
      : "";
    return {
      status: "SUCCESS",
      message: `Retrieved ${counts.BINARY + counts.URL + counts.S3} file(s): ${parts.join(", ")}.${bag}`,
    };
  },
};
