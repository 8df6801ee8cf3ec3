// The multipart upload extension (@scriptorium/contract/ingest/multipart), mounted at
// /ingest/uploads behind requireCaller: create an upload, hand out pre-signed part URLs, list the
// stored parts, complete, abort. The part PUTs themselves go to /uploads/ (blobs/part-handler.ts).
import { Hono, type Context } from "hono";
import {
  CompleteUploadRequest,
  CreateUploadRequest,
  MULTIPART_LIMITS,
  parsePartNumbers,
  type UploadState,
} from "@scriptorium/contract/ingest/multipart";
import { INGEST_LIMITS } from "@scriptorium/contract/ingest/schemas";
import { assembleUpload, type CompletionOutcome } from "../blobs/multipart-complete";
import { ensureStagingFile, removeStaging, stagingPath } from "../blobs/multipart-files";
import { forgetWrittenHere } from "../blobs/parts-written-here";
import {
  abortMultipart,
  beginCompletion,
  createMultipartUpload,
  describeUpload,
  extendUpload,
  findMultipart,
  listStoredParts,
  stateOf,
  type MultipartRow,
} from "../blobs/multipart-state";
import { partPath } from "../blobs/part-handler";
import { signUploadPath, UPLOAD_URL_TTL_MS } from "../blobs/upload-urls";
import type { ArchiveEnv } from "../http/context";
import { IngestError } from "../http/errors";
import type { IngestDeps } from "./deps";
import { readJsonBody } from "./read-json";
import { ingestErrorAnswer, parse, requireIngestRole } from "./route-helpers";

// How long a completion request waits for the assembly before answering 202: a large file takes
// longer to hash than a client (or the dashboard in between) waits for an answer.
const COMPLETION_WAIT_MS = 10_000;

export interface MultipartRoutes {
  routes: Hono<ArchiveEnv>;
  // Waits for the completions still assembling (at shutdown).
  drain(): Promise<void>;
}

export function createMultipartRoutes(
  deps: IngestDeps,
  options: { completionWaitMs?: number } = {},
): MultipartRoutes {
  const routes = new Hono<ArchiveEnv>();
  const assembling = new Map<string, Promise<CompletionOutcome>>();
  const waitMs = options.completionWaitMs ?? COMPLETION_WAIT_MS;

  // The caller's tenant's upload named in the path; another tenant's reads as unknown.
  const uploadOf = async (c: Context<ArchiveEnv>): Promise<MultipartRow> => {
    const caller = c.var.caller;
    requireIngestRole(caller);
    const uploadId = c.req.param("uploadId") ?? "";
    const row = /^[0-9a-f-]{36}$/.test(uploadId) ? await findMultipart(deps.db, uploadId) : null;
    if (!row || row.tenant !== caller.tenant) {
      throw new IngestError(
        "NOT_FOUND",
        "No multipart upload has this id in this tenant: it was aborted, or completed and forgotten.",
      );
    }
    return row;
  };

  const stateAnswer = async (row: MultipartRow, after: number): Promise<UploadState> => {
    const parts =
      row.state === "complete" ? [] : await listStoredParts(deps.db, row.uploadId, after);
    const last = parts.at(-1);
    return {
      ...describeUpload(row),
      state: stateOf(row),
      sha256: row.state === "complete" ? row.sha256 : null,
      error: row.state === "pending" ? row.completionError : null,
      parts,
      nextPartNumberMarker:
        last && parts.length === MULTIPART_LIMITS.maxPartsPerRequest ? last.partNumber : null,
    };
  };

  // POST /uploads – a new multipart upload of `size` bytes
  routes.post("/", async (c) => {
    const caller = c.var.caller;
    requireIngestRole(caller);
    const request = parse(
      CreateUploadRequest,
      await readJsonBody(c.req.raw, INGEST_LIMITS.inlineBodyBytes),
    );
    const row = await createMultipartUpload(deps.db, {
      tenant: caller.tenant,
      createdBy: caller.sub,
      size: request.size,
      partSize: request.partSize,
    });
    await ensureStagingFile(stagingPath(deps.blobs.root, row.uploadId));
    await deps.syncDatabase();
    return c.json(describeUpload(row), 201);
  });

  // GET /uploads/{uploadId} – the upload and its stored parts, a page at a time
  routes.get("/:uploadId", async (c) => {
    const row = await uploadOf(c);
    const marker = c.req.query("partNumberMarker") ?? "0";
    if (!/^\d{1,9}$/.test(marker)) {
      throw new IngestError(
        "VALIDATION_ERROR",
        "partNumberMarker must be a part number: the stored parts after it are listed.",
      );
    }
    return c.json(await stateAnswer(row, Number(marker)), 200);
  });

  // GET /uploads/{uploadId}/parts?numbers=1-6,9 – pre-signed PUT URLs for those parts
  routes.get("/:uploadId/parts", async (c) => {
    const row = await uploadOf(c);
    if (row.state !== "pending") {
      throw new IngestError(
        "VALIDATION_ERROR",
        "The upload is being completed or is complete: it takes no more parts.",
      );
    }
    const numbers = c.req.query("numbers");
    if (!numbers) {
      throw new IngestError(
        "VALIDATION_ERROR",
        'numbers is required: the part numbers to upload, such as "1-6,9".',
      );
    }
    const parsed = parsePartNumbers(numbers, row.partCount);
    if ("problem" in parsed) throw new IngestError("VALIDATION_ERROR", parsed.problem);
    const expires = Math.floor((Date.now() + UPLOAD_URL_TTL_MS) / 1000);
    await extendUpload(deps.db, row.uploadId, new Date(expires * 1000));
    const expiresAt = new Date(expires * 1000).toISOString();
    const parts = parsed.numbers.map((partNumber) => {
      const pathname = partPath(row.uploadId, partNumber);
      const query = new URLSearchParams({
        expires: String(expires),
        sig: signUploadPath(deps.uploadSecret, pathname, expires),
      });
      return { partNumber, url: `${deps.config.publicUrl}${pathname}?${query}`, expiresAt };
    });
    return c.json({ parts }, 200);
  });

  const finished = (c: Context<ArchiveEnv>, outcome: CompletionOutcome) => {
    if (!outcome.ok) throw new IngestError("VALIDATION_ERROR", outcome.problem);
    return c.json({ key: outcome.key, size: outcome.size, sha256: outcome.sha256 }, 200);
  };

  // POST /uploads/{uploadId}/complete – assemble the parts into the file the key names
  routes.post("/:uploadId/complete", async (c) => {
    const row = await uploadOf(c);
    const request = parse(
      CompleteUploadRequest,
      await readJsonBody(c.req.raw, INGEST_LIMITS.inlineBodyBytes),
    );
    if (row.state === "complete") {
      // A completion sent again after its answer was lost gets the same answer.
      if ((request.sha256 === undefined || row.sha256 === request.sha256) && row.size !== null) {
        return c.json({ key: row.key, size: row.size, sha256: row.sha256 }, 200);
      }
      throw new IngestError(
        "VALIDATION_ERROR",
        `The upload is already complete, with SHA-256 ${row.sha256}.`,
      );
    }
    const running = assembling.get(row.uploadId);
    if (row.state === "receiving" && !running) return c.json(await stateAnswer(row, 0), 202);
    let outcome = running;
    if (!outcome) {
      const started = await beginCompletion(deps.db, row, request.parts);
      if (!started) return c.json(await stateAnswer(row, 0), 404);
      if (!started.ok) {
        if (started.problems.length === 0) return c.json(await stateAnswer(started.upload, 0), 202);
        throw new IngestError(
          "VALIDATION_ERROR",
          `The upload cannot be completed: ${started.problems.join("; ")}.`,
        );
      }
      outcome = assembleUpload(deps, started.upload, request.sha256);
      const done = outcome.finally(() => assembling.delete(row.uploadId));
      done.catch((error: unknown) => console.error("completing an upload failed", error));
      assembling.set(row.uploadId, outcome);
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), waitMs)));
    const result = await Promise.race([outcome, late]).finally(() => clearTimeout(timer));
    if (result) return finished(c, result);
    const current = await findMultipart(deps.db, row.uploadId);
    return c.json(await stateAnswer(current ?? row, 0), 202);
  });

  // DELETE /uploads/{uploadId} – abort: forget the upload and free its parts
  routes.delete("/:uploadId", async (c) => {
    const row = await uploadOf(c);
    const result = await abortMultipart(deps.db, row.uploadId);
    if (!result) throw new IngestError("NOT_FOUND", "No multipart upload has this id.");
    if (!result.aborted) {
      throw new IngestError(
        "VALIDATION_ERROR",
        result.upload.state === "complete"
          ? "The upload is complete: its key is forgotten once it expires, unless an ingest names it."
          : "The upload is being completed: wait for the completion to end.",
      );
    }
    await removeStaging(deps.blobs.root, row.uploadId);
    forgetWrittenHere(row.uploadId);
    await deps.syncDatabase();
    return c.body(null, 204);
  });

  routes.onError(ingestErrorAnswer);

  return {
    routes,
    async drain() {
      await Promise.allSettled([...assembling.values()]);
    },
  };
}
