// Response bodies of the ingest API. Lenient: unknown fields pass, undocumented values are kept.
import { z } from "zod";
import { isHttpUrl } from "./http-url";

export const PLUGIN_REPORT_STATUSES = ["SUCCESS", "WARNING", "FAILURE"] as const;

// One plugin run, as the archive reports it (strict: what the embedded archive emits).
export const PluginReport = z.looseObject({
  executionDate: z.string(),
  pluginName: z.string(),
  message: z.string(),
  status: z.enum(PLUGIN_REPORT_STATUSES),
});
export type PluginReport = z.infer<typeof PluginReport>;

// The answer of PUT /document, POST /document/{id}, PUT /sip and GET /sip/{id}/{name}: a module of
// its own, which the browser loads alone to check answers.
export { IngestResponse } from "./ingest-response";

// GET /url. The spec does not show the body; the embedded archive answers { url, key, expiresAt }.
export const UploadUrlResponse = z.looseObject({
  url: z.string().refine(isHttpUrl, "url must be an http:// or https:// URL"),
  key: z.string().min(1).optional(),
  expiresAt: z.string().optional(),
});
export type UploadUrlResponse = z.infer<typeof UploadUrlResponse>;

// The key to name as S3 content after uploading: `key` when given, else the URL path's last segment.
export function uploadKeyOf(response: Pick<UploadUrlResponse, "url" | "key">): string | null {
  if (response.key) return response.key;
  if (!URL.canParse(response.url)) return null;
  const segments = new URL(response.url).pathname.split("/").filter((s) => s.length > 0);
  const last = segments.at(-1);
  return last ? decodeURIComponent(last) : null;
}

export const INGEST_ERROR_CODES = [
  "NOT_AUTHORIZED",
  "NO_PERMISSION",
  "NOT_FOUND",
  "VALIDATION_ERROR",
  "JSON_TOO_LARGE",
  "EXCEPTION",
] as const;
export type IngestErrorCode = (typeof INGEST_ERROR_CODES)[number];

// Whether a code is one of the six the spec documents.
export function isKnownIngestErrorCode(code: string): code is IngestErrorCode {
  return (INGEST_ERROR_CODES as readonly string[]).includes(code);
}

// The failure body of every ingest operation. Unknown codes still parse; a missing message becomes "".
export const ErrorResponse = z.looseObject({
  code: z.string(),
  message: z.string().default(""),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;
