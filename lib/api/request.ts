// What every /api route checks about the incoming request before anything goes upstream: where it
// comes from, what it carries and whether that matches the contract.
import type { z } from "zod";
import { readLimited } from "@scriptorium/contract/read-limited";
import { INGEST_LIMITS } from "@scriptorium/contract/ingest/schemas";
import { findUnstorableText, unstorableTextProblem } from "@scriptorium/contract/storable-text";
import { describeZodError } from "@scriptorium/contract/zod-error";
import { ApiError } from "./errors";

// The limit the upstream puts on a request body; larger files go through an upload URL.
export const BODY_LIMIT_BYTES = INGEST_LIMITS.inlineBodyBytes;

const CROSS_SITE =
  "This request came from another site. The dashboard only accepts changes made from its own pages.";

// Refuses a state-changing request made by another site. Browsers send Sec-Fetch-Site (all current
// ones) or at least Origin on every cross-origin POST/PUT; a request with neither comes from a
// non-browser client, which carries no ambient cookies of a victim and so is not CSRF.
export function assertSameOrigin(request: Request, appOrigins: readonly string[]): void {
  const site = request.headers.get("sec-fetch-site");
  if (site !== null) {
    if (site !== "same-origin") throw new ApiError("CROSS_SITE", CROSS_SITE);
    return;
  }
  const origin = request.headers.get("origin");
  if (origin === null) return;
  const own = new Set([...appOrigins, new URL(request.url).origin]);
  if (!own.has(origin)) throw new ApiError("CROSS_SITE", CROSS_SITE);
}

function tooLarge(): ApiError {
  const mb = Math.round(BODY_LIMIT_BYTES / 1024 / 1024);
  return new ApiError(
    "JSON_TOO_LARGE",
    `The request body is larger than ${mb} MB, the archive's limit. Upload large files through an upload URL (GET /api/ingest/url), then name the returned key as S3 content.`,
  );
}

// The JSON body, read with a byte limit: refused from Content-Length, or as soon as the stream
// passes the limit, so an oversized body is never buffered whole. Empty body -> `empty`.
export async function readJsonBody(
  request: Request,
  options: { limit?: number; empty?: unknown } = {},
): Promise<unknown> {
  const limit = options.limit ?? BODY_LIMIT_BYTES;
  // No body at all is not a body of the wrong type.
  if (request.body === null && "empty" in options) return options.empty;
  const type = request.headers.get("content-type");
  if (!type || !/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type)) {
    throw new ApiError(
      "UNSUPPORTED_MEDIA_TYPE",
      `The request body must be JSON sent with Content-Type: application/json${type ? `, not ${type}` : ""}.`,
    );
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw tooLarge();
  const bytes = request.body ? await readLimited(request.body, limit, "cancel") : Buffer.alloc(0);
  if (!bytes) throw tooLarge();
  const text = bytes.toString("utf8");
  if (text.trim() === "") {
    if ("empty" in options) return options.empty;
    throw new ApiError(
      "VALIDATION_ERROR",
      "The request body is empty: send the JSON the operation expects.",
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch {
    throw new ApiError("VALIDATION_ERROR", "The request body is not valid JSON.");
  }
  // Text no database can hold (U+0000, unpaired surrogates): refused before anything tries.
  const problem = unstorableTextProblem(json, "The request body");
  if (problem) {
    const field = findUnstorableText(json)?.path || undefined;
    throw new ApiError("VALIDATION_ERROR", problem, { field });
  }
  return json;
}

// "documents[0].name": the field a person recognises, as describeZodError names it.
function fieldOf(path: readonly PropertyKey[]): string | undefined {
  if (path.length === 0) return undefined;
  return path
    .map((key, i) =>
      typeof key === "number" ? `[${key}]` : i === 0 ? String(key) : `.${String(key)}`,
    )
    .join("");
}

// The value parsed by `schema`, or a 400 naming the first field at fault.
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const first = parsed.error.issues[0];
  const field = first ? fieldOf(first.path) : undefined;
  throw new ApiError("VALIDATION_ERROR", describeZodError(parsed.error), { field });
}
