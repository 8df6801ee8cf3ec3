// Sends one planned package from the terminal through the dashboard's own ingest path: the same
// upload planner (inline or upload URL), the same request body, the same sendPlan; only the
// transport differs (Node's fetch and the ingest client instead of the browser and /api routes).
import { createHash } from "node:crypto";
import { createReadStream, openAsBlob } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import type { IngestResponse } from "@scriptorium/contract/ingest/schemas";
import { sendPlan } from "@/components/ingests/send-plan";
import { ApiError } from "@/lib/api/errors";
import { packagePlanInput } from "@/lib/batch/package-input";
import type { PlannedPackage } from "@/lib/batch/plan";
import type { IngestClient } from "@/lib/ingest/client";
import { backoffDelay } from "@/lib/upload/backoff";
import { planUpload } from "@/lib/upload/planner";
import { MULTIPART_FROM_BYTES } from "@/lib/upload/send-file";
import { uploadInParts } from "./multipart";

export interface SendContext {
  folder: string;
  profile: string;
  schemaUri: string | null;
  tenant: string;
  ingest: IngestClient;
  token: () => Promise<string>;
  // Whether the archive offers multipart uploads: null until a large file finds out.
  multipart: boolean | null;
  onUploaded?: (bytes: number) => void;
}

const RETRIES = 5;
// Failures where the archive certainly did not take the request: trying again cannot make a
// second SIP. A timeout or a 502 after the body was sent might have, so those are not retried.
const RETRYABLE = new Set(["UPSTREAM_UNAVAILABLE", "TOKEN_UNAVAILABLE"]);

async function withRetries<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof ApiError) || !RETRYABLE.has(error.code) || attempt > RETRIES)
        throw error;
      await new Promise((resolve) => setTimeout(resolve, backoffDelay(attempt)));
    }
  }
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

// PUTs a file to a fresh upload URL, streamed from disk; resolves with the key to name.
async function uploadFromDisk(context: SendContext, file: string, size: number): Promise<string> {
  const sha256 = await sha256Of(file);
  return withRetries(async () => {
    const target = await context.ingest.uploadUrl({
      token: await context.token(),
      tenant: context.tenant,
    });
    const response = await fetch(target.url, {
      method: "PUT",
      body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>,
      headers: {
        "Content-Type": "application/octet-stream",
        "Content-Length": String(size),
        "x-checksum-sha256": sha256,
      },
      duplex: "half",
    } as RequestInit);
    if (!response.ok) {
      const text = await response.text().catch(() => "");
      throw new ApiError(
        response.status >= 500 ? "UPSTREAM_UNAVAILABLE" : "UPSTREAM_ERROR",
        `The upload of ${path.basename(file)} was refused (HTTP ${response.status}): ${text.slice(0, 200)}`,
      );
    }
    context.onUploaded?.(size);
    return target.key;
  });
}

// A file past one part's size goes in parts, as the dashboard sends it, where the archive offers
// them (it answers NOT_SUPPORTED otherwise, and the file goes in one PUT, as before).
async function upload(context: SendContext, file: string, size: number): Promise<string> {
  if (size >= MULTIPART_FROM_BYTES && context.multipart !== false) {
    try {
      const key = await uploadInParts(context, file);
      context.multipart = true;
      context.onUploaded?.(size);
      return key;
    } catch (error) {
      if (!(error instanceof Error && "code" in error && error.code === "NOT_SUPPORTED"))
        throw error;
      context.multipart = false;
    }
  }
  return uploadFromDisk(context, file, size);
}

// Sends the package; resolves with the archive's answer or rejects with an ApiError.
export async function sendPackage(
  context: SendContext,
  pkg: PlannedPackage,
): Promise<IngestResponse> {
  const plan = planUpload(packagePlanInput(pkg, context.profile, context.schemaUri));
  if (!plan.ready) throw new Error(plan.problems.join(" "));
  const files = new Map(pkg.files.map((f) => [f.path, f]));
  const diskPath = (id: string) => path.join(context.folder, ...id.split("/"));
  const blobs = new Map<string, File>();
  for (const d of plan.decisions) {
    const blob = await openAsBlob(diskPath(d.id));
    blobs.set(d.id, new File([blob], d.name));
  }
  return sendPlan(plan, {
    fileOf: (id) => blobs.get(id) ?? null,
    upload: (id) => upload(context, diskPath(id), files.get(id)?.size ?? 0),
    read: async (file) => Buffer.from(await file.arrayBuffer()).toString("base64"),
    submit: async (body) =>
      (
        await withRetries(async () =>
          context.ingest.ingestDocument(
            { token: await context.token(), tenant: context.tenant },
            body,
          ),
        )
      ).body,
    isTooLarge: (error) => error instanceof ApiError && error.code === "JSON_TOO_LARGE",
  });
}
