// Decides, per document, how it reaches the archive: inline in the PUT /document body, through an
// upload URL first, or fetched by the archive from a URL. Pure: names and sizes in, decisions out.
//
// "Under the limit" means at most `limitBytes` bytes: the archive (archive/src/ingest/read-json.ts)
// and the dashboard's proxy (lib/api/request.ts) both refuse only a body with MORE bytes than the
// limit, so a body of exactly 10 MB (10 * 1024 * 1024 bytes) is sent inline.
import { MULTIPART_LIMITS } from "@scriptorium/contract/ingest/multipart-layout";
import { INGEST_LIMITS } from "@scriptorium/contract/ingest/limits";
import { formatBytes, formatBytesBeside } from "./format";
import {
  fileContentLength,
  inlineBodySize,
  S3_KEY_RESERVE_BYTES,
  type FileCarriage,
  type FileDocument,
  type PlanInput,
} from "./request-body";

export type UploadMethod = "inline" | "upload" | "url" | "refused";

export interface PlanDecision {
  id: string;
  name: string;
  // Bytes of a file; null for a URL reference, whose size is known only once the archive fetches it.
  size: number | null;
  method: UploadMethod;
  // A sentence for the person choosing files, e.g. why a file is uploaded first.
  reason: string;
}

export interface PlanOptions {
  limitBytes: number;
  uploadLimitBytes: number;
  urlLimitBytes: number;
  keyReserveBytes: number;
}

export interface UploadPlan {
  input: PlanInput;
  options: PlanOptions;
  // One per document, in the order of `input.documents`.
  decisions: PlanDecision[];
  // Size of the PUT /document body as planned; an upper bound while upload keys are unknown.
  bodyBytes: number;
  // True when the plan can be carried out; otherwise `problems` says what to change.
  ready: boolean;
  problems: string[];
}

const DEFAULT_OPTIONS: PlanOptions = {
  limitBytes: INGEST_LIMITS.inlineBodyBytes,
  // A multipart upload's limit: past 5 GB the uploader needs the archive's multipart extension, and
  // says so before sending anything where the archive lacks it (send-file.ts).
  uploadLimitBytes: MULTIPART_LIMITS.maxUploadBytes,
  urlLimitBytes: INGEST_LIMITS.urlBytes,
  keyReserveBytes: S3_KEY_RESERVE_BYTES,
};

const INLINE: FileCarriage = { type: "BINARY" };
const UPLOAD: FileCarriage = { type: "S3" };

function hostOf(url: string): string {
  return URL.canParse(url) ? new URL(url).host : url;
}

// Plans an ingest: small files inline, and while the body is over the limit the largest inline file
// moves to the upload URL. Moving the largest first sends the fewest files through upload URLs, and
// no file moved out would fit back in (each is at least as large as the last one moved).
export function planUpload(input: PlanInput, options: Partial<PlanOptions> = {}): UploadPlan {
  const o = { ...DEFAULT_OPTIONS, ...options };
  const refused = new Set(
    input.documents
      .filter((d) => d.kind === "file" && d.size > o.uploadLimitBytes)
      .map((d) => d.id),
  );
  const sendable: PlanInput = {
    ...input,
    documents: input.documents.filter((d) => !refused.has(d.id)),
  };
  const files = sendable.documents.filter((d): d is FileDocument => d.kind === "file");

  const uploaded = new Set<string>();
  let body = inlineBodySize(sendable, () => INLINE, o.keyReserveBytes);
  const largestFirst = [...files].sort((a, b) => b.size - a.size);
  for (const file of largestFirst) {
    if (body <= o.limitBytes) break;
    uploaded.add(file.id);
    body += fileContentLength(file, UPLOAD, o.keyReserveBytes) - fileContentLength(file, INLINE);
  }
  return finish(input, o, refused, uploaded, body, null);
}

// The plan after the upstream answered JSON_TOO_LARGE anyway (its limit may be lower than ours):
// every file still planned inline goes through the upload URL instead.
export function replanAfterTooLarge(plan: UploadPlan): UploadPlan {
  const { input, options: o } = plan;
  const refused = new Set(plan.decisions.filter((d) => d.method === "refused").map((d) => d.id));
  const uploaded = new Set(
    plan.decisions.filter((d) => d.method === "inline" || d.method === "upload").map((d) => d.id),
  );
  const moved = new Set(plan.decisions.filter((d) => d.method === "inline").map((d) => d.id));
  const sendable: PlanInput = {
    ...input,
    documents: input.documents.filter((d) => !refused.has(d.id)),
  };
  const body = inlineBodySize(sendable, () => UPLOAD, o.keyReserveBytes);
  return finish(input, o, refused, uploaded, body, moved);
}

function finish(
  input: PlanInput,
  o: PlanOptions,
  refused: ReadonlySet<string>,
  uploaded: ReadonlySet<string>,
  body: number,
  movedAfterRefusal: ReadonlySet<string> | null,
): UploadPlan {
  const limit = formatBytes(o.limitBytes);
  const decisions = input.documents.map((doc): PlanDecision => {
    if (doc.kind === "url") {
      return {
        id: doc.id,
        name: doc.name,
        size: null,
        method: "url",
        reason: `${doc.name} is fetched by the archive from ${hostOf(doc.url)}: its size is not known in advance, and the archive refuses files over ${formatBytes(o.urlLimitBytes)} from a URL.`,
      };
    }
    const size = formatBytes(doc.size);
    const base = { id: doc.id, name: doc.name, size: doc.size };
    if (refused.has(doc.id)) {
      return {
        ...base,
        method: "refused",
        reason: `${doc.name} (${formatBytesBeside(doc.size, o.uploadLimitBytes)}) cannot be sent: it is larger than ${formatBytes(o.uploadLimitBytes)}, the most the archive accepts in one upload. Split it.`,
      };
    }
    if (!uploaded.has(doc.id)) {
      return {
        ...base,
        method: "inline",
        reason: `${doc.name} (${size}) goes inline: the request stays under the ${limit} limit (${formatBytes(body)} in all).`,
      };
    }
    if (movedAfterRefusal?.has(doc.id)) {
      return {
        ...base,
        method: "upload",
        reason: `${doc.name} (${size}) is uploaded straight to the archive first: the archive refused the request as too large, so no file goes inline any more.`,
      };
    }
    // What the body would be with this file inline and every other file as planned.
    const inline =
      body + fileContentLength(doc, INLINE) - fileContentLength(doc, UPLOAD, o.keyReserveBytes);
    return {
      ...base,
      method: "upload",
      reason: `${doc.name} (${size}) is uploaded straight to the archive first: inline it would make the request ${formatBytesBeside(inline, o.limitBytes)}, over the ${limit} limit.`,
    };
  });
  return {
    input,
    options: o,
    decisions,
    bodyBytes: body,
    ...problemsOf(input, o, decisions, body),
  };
}

function problemsOf(
  input: PlanInput,
  o: PlanOptions,
  decisions: readonly PlanDecision[],
  body: number,
): { ready: boolean; problems: string[] } {
  const problems: string[] = [];
  if (input.documents.length === 0) {
    problems.push("Add at least one file or URL: a package needs at least one document.");
  }
  const refused = decisions.filter((d) => d.method === "refused");
  if (refused.length > 0) {
    problems.push(
      `Remove ${refused.map((d) => d.name).join(", ")}: the archive accepts at most ${formatBytes(o.uploadLimitBytes)} per file.`,
    );
  }
  const short = input.documents.filter((d) => d.name.length < INGEST_LIMITS.nameMinLength);
  if (short.length > 0) {
    problems.push(
      `Rename ${short.map((d) => `"${d.name}"`).join(", ")}: the archive needs names of at least ${INGEST_LIMITS.nameMinLength} characters.`,
    );
  }
  if (body > o.limitBytes) {
    problems.push(
      `Even with every file uploaded first, the metadata makes the request ${formatBytesBeside(body, o.limitBytes)}, over the ${formatBytes(o.limitBytes)} limit: attach smaller metadata files or fewer metadata entries.`,
    );
  }
  return { ready: problems.length === 0, problems };
}
