// Carries out an upload plan, independent of React: uploads first, then inline files read as
// base64, then one PUT /document. An upstream JSON_TOO_LARGE is never a dead end: every file still
// inline moves to the upload URL (replanAfterTooLarge) and the request is sent once more.
import type { IngestDocumentRequest } from "@scriptorium/contract/ingest/schemas";
import { replanAfterTooLarge, type UploadPlan } from "@/lib/upload/planner";
import { buildIngestRequest, type ResolvedFileContent } from "@/lib/upload/request-body";
import { singleOrMany } from "./submit-body";

export type SendPhase =
  { kind: "uploading" } | { kind: "reading" } | { kind: "sending"; retriedAsUpload: boolean };

export interface SendPlanDeps<A> {
  // The File of a document id, or null when it must be chosen again.
  fileOf: (id: string) => File | null;
  // Uploads one file to a fresh upload URL; resolves with its key.
  upload: (id: string, file: File) => Promise<string>;
  read: (file: File) => Promise<string>;
  submit: (body: IngestDocumentRequest) => Promise<A>;
  isTooLarge: (error: unknown) => boolean;
  onPhase?: (phase: SendPhase) => void;
  // Called once when the request is retried with every file uploaded.
  onReplanned?: (plan: UploadPlan) => void;
}

// Sends along `plan`; resolves with the archive's answer or rejects with the failure.
export async function sendPlan<A>(initial: UploadPlan, deps: SendPlanDeps<A>): Promise<A> {
  let plan = initial;
  const fileOf = (id: string, name: string) => {
    const file = deps.fileOf(id);
    if (!file)
      throw new Error(`${name} must be chosen again: the browser could not keep its contents.`);
    return file;
  };
  for (let attempt = 0; ; attempt++) {
    const contents = new Map<string, ResolvedFileContent>();
    const uploads = plan.decisions.filter((d) => d.method === "upload");
    if (uploads.length > 0) deps.onPhase?.({ kind: "uploading" });
    for (const d of uploads)
      contents.set(d.id, { type: "S3", content: await deps.upload(d.id, fileOf(d.id, d.name)) });
    deps.onPhase?.({ kind: "reading" });
    for (const d of plan.decisions.filter((x) => x.method === "inline")) {
      contents.set(d.id, { type: "BINARY", content: await deps.read(fileOf(d.id, d.name)) });
    }
    const body = singleOrMany(
      buildIngestRequest(
        plan.input,
        (doc) => contents.get(doc.id) ?? { type: "BINARY", content: "" },
      ),
    );
    deps.onPhase?.({ kind: "sending", retriedAsUpload: attempt > 0 });
    try {
      return await deps.submit(body);
    } catch (error) {
      const inline = plan.decisions.some((d) => d.method === "inline");
      if (attempt > 0 || !inline || !deps.isTooLarge(error)) throw error;
      plan = replanAfterTooLarge(plan);
      deps.onReplanned?.(plan);
    }
  }
}
